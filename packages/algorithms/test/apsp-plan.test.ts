import { describe, expect, it } from 'vitest';
import { defaultTile, pivotSideFor, planApsp, planSpecs } from '../src/index.js';

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

  it("shrinks the pivot's default workgroup to the device's invocations (browsers offer 256), not a side given", () => {
    expect(pivotSideFor(32, 1024)).toBe(32);
    expect(pivotSideFor(32, 256)).toBe(16);
    expect(pivotSideFor(32, 255)).toBe(8);
    expect(planApsp({ tile: 64 }, 300).blocked!.pivot.workgroup).toEqual([32, 32]);
    expect(planApsp({ tile: 64 }, 300, 256).blocked!.pivot.workgroup).toEqual([16, 16]);
    expect(planApsp({ tile: 256 }, 300, 256).blocked!.pivot.workgroup).toEqual([16, 16]);
    expect(planApsp({ tile: 64, pivotThreads: 32 }, 300, 256).blocked!.pivot.workgroup).toEqual([32, 32]);
  });

  it('refuses semirings without an idempotent ⊕', () => {
    expect(() => planApsp({ semiring: 'plus-times' })).toThrow(/non-idempotent ⊕/);
  });
});
