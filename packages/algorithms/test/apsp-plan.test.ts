import { describe, expect, it } from 'vitest';
import { defaultTile, planApsp, planSpecs } from '../src/index.js';

describe('planApsp', () => {
  it('picks the tile from n when none is given', () => {
    expect(defaultTile(undefined)).toBe(64);
    expect(defaultTile(4095)).toBe(64);
    expect(defaultTile(4096)).toBe(128);
    expect(planApsp({}, 8192).tile).toBe(128);
    expect(planApsp({ tile: 32 }, 8192).tile).toBe(32);
  });

  it('maps methods to layouts and kernels', () => {
    expect(planApsp({ method: 'a' }).layout).toBe('row-major');
    expect(planApsp({ method: 'b' }).layout).toBe('bdl');
    expect(planSpecs(planApsp({ method: 'plain' })).map((s) => s.op)).toEqual(['fw_plain']);
    expect(planSpecs(planApsp({ tile: 128 })).map((s) => `${s.op}:${s.workgroup.join('x')}:${s.unroll}`)).toEqual([
      'fw_pivot:16x16:1',
      'fw_panel_row:16x16:4',
      'fw_panel_col:16x16:4',
      'fw_update:8x16:4',
    ]);
    expect(planApsp({ tile: 256 }).blocked!.pivot.workgroup).toEqual([32, 32]);
    expect(planApsp({ tile: 64 }).blocked!.update.workgroup).toEqual([16, 16]);
  });

  it('fits small tiles: unroll and workgroup shrink so that the tile stays a multiple of the block', () => {
    expect(planApsp({ tile: 16 }).blocked!.update).toMatchObject({ unroll: 1, workgroup: [16, 16] });
    expect(planApsp({ tile: 32 }).blocked!.update).toMatchObject({ unroll: 2, workgroup: [16, 16] });
  });

  it('refuses semirings without an idempotent ⊕', () => {
    expect(() => planApsp({ semiring: 'plus-times' })).toThrow(/non-idempotent ⊕/);
  });
});
