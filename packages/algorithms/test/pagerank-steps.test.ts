import { dispatchGrid, generateKernel } from '@semiforge/codegen';
import { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS } from '@semiforge/runtime-cuda';
import { describe, expect, it } from 'vitest';
import { CUDA_SPMV_TARGET, planSpmvLaunches, type SpmvTarget } from '../src/index.js';
import { rowExtraRanges } from '../src/spmv/spmv.steps.js';
import { transitionPattern } from '../src/pagerank/pagerank.input.js';
import { startVectors } from '../src/pagerank/pagerank.state.js';
import { pagerankSpecs } from '../src/pagerank/pagerank.specs.js';
import { leastF32AtLeast, RESIDUAL_SLOTS, ringResiduals, SLOT_WORDS, slotOf, totalsPass, updateParams } from '../src/pagerank/pagerank.steps.js';
import { GRAPH_CASES, withDangling } from './pagerank-cases.js';

describe("PageRank's steps, as both backends run them", () => {
  it('passes the update { n, residual slot, damping, tolerance } with the last two as f32 bits', () => {
    const params = updateParams(1000, RESIDUAL_SLOTS + 2, 0.85, leastF32AtLeast(1e-6));
    expect(Array.from(params.subarray(0, 2))).toEqual([1000, slotOf(2)]);
    const floats = new Float32Array(params.buffer, 8, 2);
    expect(floats[0]).toBe(Math.fround(0.85));
    expect(floats[1]).toBeGreaterThanOrEqual(1e-6);
  });

  it('writes a step\'s params into the arrays a loop reuses, as fresh ones hold them', () => {
    const [update, totals] = [new Uint32Array(4), new Uint32Array(2)];
    for (const step of [0, 5, RESIDUAL_SLOTS + 1]) {
      expect(updateParams(1000, step, 0.85, leastF32AtLeast(1e-6), update)).toBe(update);
      expect(update).toEqual(updateParams(1000, step, 0.85, leastF32AtLeast(1e-6)));
      expect(totalsPass(step, totals).params).toBe(totals);
      expect(totals).toEqual(totalsPass(step).params);
    }
  });

  it('reads residuals out of the ring of (residual, dangling mass) pairs, and refuses steps it no longer keeps', () => {
    // Slot k: the residual k, then a dangling mass the reader must skip.
    const ring = Float32Array.from({ length: SLOT_WORDS * RESIDUAL_SLOTS }, (_, i) => (i % SLOT_WORDS === 0 ? i / SLOT_WORDS : -1));
    expect(Array.from(ringResiduals(ring, RESIDUAL_SLOTS - 1, RESIDUAL_SLOTS + 1, RESIDUAL_SLOTS + 1))).toEqual([RESIDUAL_SLOTS - 1, 0, 1]);
    expect(() => ringResiduals(ring, 1, RESIDUAL_SLOTS, RESIDUAL_SLOTS)).toThrow(/not kept after step 1024/);
    expect(() => ringResiduals(ring, 1, 5, 4)).toThrow(/residuals of steps 1…5 are not kept after step 4/);
  });

  it.each([1, 255, 256, 257, 70_000, 5e6])('plans the CUDA update of n = %i and its totals pass within the launch limits, two blocks over 2 × 256 partials', (n) => {
    const { sum, update, updateFolded } = pagerankSpecs('cuda');
    const total = totalsPass(3);
    expect(Array.from(total.params)).toEqual([512, slotOf(4)]);
    expect(total.grid).toEqual([2, 1, 1]);
    expect(dispatchGrid(update, n)[0]).toBe(Math.min(256, Math.ceil(n / 256)));
    for (const [spec, grid] of [[sum, total.grid], [update, dispatchGrid(update, n)], [updateFolded, dispatchGrid(updateFolded, n)]] as const) {
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
    const { ranks, scaled, slot } = startVectors(outDegree);
    const r = Math.fround(1 / graph.n);
    expect(ranks.every((x) => x === r)).toBe(true);
    outDegree.forEach((d, v) => expect(scaled[v]).toBe(d === 0 ? 0 : Math.fround(r / d)));
    // Step 0's slot: a residual no tolerance passes, and the dangling vertices' share of the uniform ranks.
    const dangling = outDegree.filter((d) => d === 0).length;
    expect(dangling).toBeGreaterThan(0);
    expect(slot[0]).toBe(3.4028234663852886e38);
    expect(slot[1]).toBeCloseTo(dangling * r, 7);
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

  it("folds the R-MAT case's long rows under 'fold' without localFold, so that pagerank.test.ts runs the update that adds the extra pieces", () => {
    const { transpose } = transitionPattern(GRAPH_CASES[2].csr);
    for (const target of [CUDA_SPMV_TARGET, { ...CUDA_SPMV_TARGET, target: 'wgsl' } as const]) {
      const planned = planSpmvLaunches(transpose, { format: 'fold', localFold: false, semiring: 'plus-times', type: 'f32' }, target);
      expect(rowExtraRanges(planned)?.at(-1)).toBeGreaterThan(0);
      expect(planned.launches.map((l) => l.kernel.spec.op)).toContain('spmv_fold_combine');
    }
  });
});
