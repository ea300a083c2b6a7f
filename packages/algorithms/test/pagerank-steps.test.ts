import { dispatchGrid, generateKernel } from '@semiforge/codegen';
import { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS } from '@semiforge/runtime-cuda';
import { describe, expect, it } from 'vitest';
import { reductionPasses } from '../src/index.js';
import { pagerankSpecs } from '../src/pagerank/pagerank.specs.js';
import { leastF32AtLeast, RESIDUAL_SLOTS, ringResiduals, slotOf, updateParams } from '../src/pagerank/pagerank.steps.js';

describe("PageRank's steps, as both backends run them", () => {
  it('passes the update { n, residual slot, damping, tolerance } with the last two as f32 bits', () => {
    const params = updateParams(1000, RESIDUAL_SLOTS + 2, 0.85, leastF32AtLeast(1e-6));
    expect(Array.from(params.subarray(0, 2))).toEqual([1000, slotOf(2)]);
    const floats = new Float32Array(params.buffer, 8, 2);
    expect(floats[0]).toBe(Math.fround(0.85));
    expect(floats[1]).toBeGreaterThanOrEqual(1e-6);
  });

  it('reads residuals out of the ring, and refuses steps it no longer keeps', () => {
    const ring = Float32Array.from({ length: RESIDUAL_SLOTS }, (_, i) => i);
    expect(Array.from(ringResiduals(ring, RESIDUAL_SLOTS - 1, RESIDUAL_SLOTS + 1, RESIDUAL_SLOTS + 1))).toEqual([RESIDUAL_SLOTS - 1, 0, 1]);
    expect(() => ringResiduals(ring, 1, RESIDUAL_SLOTS, RESIDUAL_SLOTS)).toThrow(/not kept after step 1024/);
    expect(() => ringResiduals(ring, 1, 5, 4)).toThrow(/residuals of steps 1…5 are not kept after step 4/);
  });

  it.each([1, 255, 256, 257, 70_000, 5e6])('plans the CUDA sums and update of n = %i within the launch limits, one block for the second pass', (n) => {
    const { sum, update } = pagerankSpecs('cuda');
    const [first, second] = reductionPasses(sum, n, 3);
    expect(first.grid[0]).toBe(Math.min(256, Math.ceil(n / 256)));
    expect(Array.from(second.params)).toEqual([first.grid[0], 3]);
    expect(second.grid).toEqual([1, 1, 1]);
    for (const [spec, grid] of [[sum, first.grid], [sum, second.grid], [update, dispatchGrid(update, n)]] as const) {
      const kernel = generateKernel(spec);
      checkLaunchConfig(kernel.name, { grid, block: kernel.workgroupSize, staticSharedBytes: kernel.workgroupStorageBytes }, DEFAULT_LAUNCH_LIMITS);
    }
  });
});
