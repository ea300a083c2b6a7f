import { describe, expect, it } from 'vitest';
import { generateKernel, normalizeSpec } from '@semiforge/codegen';
import { planApsp } from '../src/index.js';

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

  it('shapes the update alone with `update`, and leaves the WebGPU plan as it was', () => {
    const plan = planApsp({ type: 'f32', target: 'cuda', update: { unroll: 4, workgroup: [8, 16], stage: 4 } }, 8192).blocked!;
    expect(normalizeSpec(plan.update)).toMatchObject({ unroll: 4, workgroup: [8, 16], stage: 4, kUnroll: 4 });
    expect(plan.panelRow).toMatchObject({ unroll: 4, workgroup: [16, 16] });
    const wgsl = planApsp({ type: 'f32' }, 8192).blocked!;
    expect(wgsl.update).toMatchObject({ unroll: 4, workgroup: [8, 16] });
    expect(wgsl.update.kUnroll).toBeUndefined();
  });
});
