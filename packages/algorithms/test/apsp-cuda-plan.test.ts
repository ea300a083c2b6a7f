import { describe, expect, it } from 'vitest';
import { generateKernel, normalizeSpec } from '@semiforge/codegen';
import { planApsp } from '../src/index.js';
import { lookaheadByDefault } from '../src/apsp/apsp.plan.js';

describe('the CUDA APSP plan', () => {
  it('runs the update 8×8 a thread on 16×16 threads, slices fully unrolled, from tile 128 for f32 and DPX', () => {
    for (const options of [{ type: 'f32' }, { type: 'i32', dpx: true }] as const) {
      const { update, panelRow } = planApsp({ ...options, target: 'cuda' }, 8192).blocked!;
      expect(normalizeSpec(update)).toMatchObject({ tile: 128, unroll: 8, workgroup: [16, 16], stage: 8, kUnroll: 8 });
      expect(panelRow).toMatchObject({ unroll: 4, workgroup: [16, 16] });
      expect(generateKernel(update).source).toContain('__launch_bounds__(256, 2)');
    }
  });

  it('keeps 4×4 a thread where ⊗ saturates (i32 without DPX) and at tile 64', () => {
    expect(planApsp({ type: 'i32', target: 'cuda' }, 8192).blocked!.update).toMatchObject({ unroll: 4, workgroup: [16, 16] });
    expect(planApsp({ type: 'f32', target: 'cuda' }, 1024).blocked!.update).toMatchObject({ tile: 64, unroll: 4, workgroup: [16, 16] });
  });

  it('runs its rounds with both panels in one launch and the update placing its blocks, in the same shapes', () => {
    const plan = planApsp({ type: 'i32', target: 'cuda', dpx: true, successors: true }, 8192);
    const { panelRow, update } = plan.blocked!;
    expect(plan.rounds).toEqual({ panels: { ...panelRow, bothPanels: true }, update: { ...update, remap: true } });
    expect(planApsp({ type: 'f32' }, 8192).rounds).toBeUndefined();
    expect(planApsp({ type: 'f32', target: 'cuda', method: 'plain' }, 8192).rounds).toBeUndefined();
  });

  it('overlaps the next pivot with the update by default for f32 min-plus and DPX from N²·t = 4096²·128, the cross concurrently for f32 and for DPX from 8192²·128', () => {
    const on = (options: Parameters<typeof planApsp>[0], n: number) => lookaheadByDefault(planApsp({ ...options, target: 'cuda' }, n), n);
    expect(on({ type: 'f32' }, 8192)).toBe('concurrent-cross');
    expect(on({ type: 'f32' }, 4096)).toBe('concurrent-cross');
    expect(on({ type: 'i32', dpx: true }, 8192)).toBe('concurrent-cross');
    expect(on({ type: 'i32', dpx: true }, 4096)).toBe(true);
    expect(on({ type: 'f32' }, 2048)).toBe(false);
    expect(on({ type: 'f32', tile: 64 }, 4096)).toBe(false);
    expect(on({ type: 'i32' }, 8192)).toBe(false);
    expect(on({ type: 'f32', semiring: 'max-min' }, 8192)).toBe(false);
    expect(lookaheadByDefault(planApsp({ type: 'f32' }, 8192), 8192)).toBe(false);
  });

  it('copies the update\'s slices with cp.async only when asked, and refuses it with DPX', () => {
    expect(planApsp({ type: 'f32', target: 'cuda' }, 8192).rounds!.update.asyncStages).toBeUndefined();
    const plan = planApsp({ type: 'f32', target: 'cuda', update: { asyncStages: 3 } }, 8192);
    expect(normalizeSpec(plan.rounds!.update)).toMatchObject({ asyncStages: 3, remap: true, unroll: 8 });
    expect(generateKernel(plan.rounds!.update).source).toContain('cp.async.cg.shared.global');
    expect(() => generateKernel(planApsp({ type: 'i32', dpx: true, target: 'cuda', update: { asyncStages: 3 } }, 8192).rounds!.update)).toThrow(/asyncStages.*not with DPX/);
  });

  it('shapes the update alone with `update`, and leaves the WebGPU plan as it was', () => {
    const plan = planApsp({ type: 'f32', target: 'cuda', update: { unroll: 4, workgroup: [8, 16], stage: 4 } }, 8192).blocked!;
    expect(normalizeSpec(plan.update)).toMatchObject({ unroll: 4, workgroup: [8, 16], stage: 4, kUnroll: 4 });
    expect(plan.panelRow).toMatchObject({ unroll: 4, workgroup: [16, 16] });
    const wgsl = planApsp({ type: 'f32' }, 8192).blocked!;
    expect(wgsl.update).toMatchObject({ unroll: 4, workgroup: [8, 16] });
    expect(wgsl.update.kUnroll).toBeUndefined();
  });
});
