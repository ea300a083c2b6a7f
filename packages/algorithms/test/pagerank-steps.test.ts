import { dispatchGrid, generateKernel } from '@semiforge/codegen';
import { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS } from '@semiforge/runtime-cuda';
import { describe, expect, it } from 'vitest';
import { CUDA_SPMV_TARGET, planSpmvLaunches, reductionPasses, type SpmvTarget } from '../src/index.js';
import { transitionPattern } from '../src/pagerank/pagerank.input.js';
import { startVectors } from '../src/pagerank/pagerank.state.js';
import { pagerankSpecs } from '../src/pagerank/pagerank.specs.js';
import { leastF32AtLeast, RESIDUAL_SLOTS, ringResiduals, slotOf, updateParams } from '../src/pagerank/pagerank.steps.js';
import { GRAPH_CASES, withDangling } from './pagerank-cases.js';

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

describe("PageRank's product on Pᵀ's pattern", () => {
  const graph = withDangling(GRAPH_CASES[2].csr, 4);

  it('is Aᵀ without values beside the out-degrees, and starts from 1/n divided by them (0 where a vertex dangles)', () => {
    const { transpose, outDegree } = transitionPattern({ ...graph, weight: Float32Array.from(graph.indices, () => 7) });
    expect(transpose.weight).toBeNull();
    expect(transpose.indices.length).toBe(graph.indices.length);
    for (let v = 0; v < graph.n; v++) expect(outDegree[v]).toBe(graph.indptr[v + 1] - graph.indptr[v]);
    const { ranks, scaled } = startVectors(outDegree);
    const r = Math.fround(1 / graph.n);
    expect(ranks.every((x) => x === r)).toBe(true);
    outDegree.forEach((d, v) => expect(scaled[v]).toBe(d === 0 ? 0 : Math.fround(r / d)));
  });

  it.each(['csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold'] as const)('%s: plans pattern kernels that bind no values, in WGSL and CUDA', (format) => {
    const { transpose } = transitionPattern(graph);
    const wgsl: SpmvTarget = { target: 'wgsl', subgroups: { available: true, minSize: 32 }, limits: { maxStorageBufferBindingSize: 2 ** 31 - 4 } };
    for (const target of [wgsl, CUDA_SPMV_TARGET]) {
      const { plan, layout, launches } = planSpmvLaunches(transpose, { format, semiring: 'plus-times', type: 'f32' }, target);
      expect(plan.spec.pattern).toBe(true);
      expect(layout.arrays).not.toHaveProperty('values');
      expect(launches[0].kernel.name).toMatch(/__set_pattern__/);
      for (const launch of launches) expect(launch.kernel.bindings.map((b) => b.name)).not.toContain('values');
    }
  });
});
