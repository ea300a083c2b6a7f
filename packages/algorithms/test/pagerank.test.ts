import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, generateErdosRenyi, type Csr } from '@semiforge/graph-io';
import { PAGERANK_DEFAULTS, pagerank, pagerankReference, PagerankRunner, verifyPagerank, type PagerankOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { GRAPH_CASES, graphOf, THREE_PAGES, threePagesRanks, TWO_DANGLING, TWO_DANGLING_RANKS, withDangling } from './pagerank-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

/** Runs PageRank on the GPU and checks it against the f64 fixed point within the derived f32 bound. */
async function expectVerified(csr: Csr, options: PagerankOptions = {}) {
  const r = await pagerank(device!, csr, options);
  expect(r.converged).toBe(true);
  expect(r.residual).toBeLessThan(options.tolerance ?? 1e-6);
  expect(verifyPagerank(csr, r.ranks, r.residual, options)).toMatchObject({ ok: true });
  const sum = r.ranks.reduce((a, b) => a + b, 0);
  expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
  return r;
}

describe.skipIf(!device)('pagerank on the GPU against the CPU reference', () => {
  it('the three-page example solved by hand, and a dangling vertex', async () => {
    const r = await expectVerified(THREE_PAGES, { tolerance: 1e-7 });
    threePagesRanks().forEach((want, v) => expect(r.ranks[v]).toBeCloseTo(want, 5));
    const d = await expectVerified(TWO_DANGLING);
    TWO_DANGLING_RANKS.forEach((want, v) => expect(d.ranks[v]).toBeCloseTo(want, 5));
  });

  describe.each(GRAPH_CASES)('$name', ({ csr }) => {
    it('uniform teleport, automatic format', async () => {
      await expectVerified(csr);
    });
    it('personalized (sparse: restart at three vertices, d = 0.7)', async () => {
      await expectVerified(csr, { damping: 0.7, personalization: { vertices: [0, 7, 7], weights: [1, 2, 1] } });
    });
  });

  // Every format the plan can pick for Pᵀ's pattern, with its longest rows folded (fold) and its rows σ-sorted (sell, fold).
  it.each(['csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold'] as const)('format %s with a dense personalization, as generated and relabelled by degree', async (format) => {
    const { csr } = GRAPH_CASES[1];
    const personalization = Float32Array.from({ length: csr.n }, (_, i) => (i % 4) + (i % 3 === 0 ? 0 : 1));
    expect((await expectVerified(csr, { format, personalization, checkEvery: 3 })).format).toBe(format);
    await expectVerified(GRAPH_CASES[2].csr, { format, relabel: 'degree', damping: 0.9, personalization: { vertices: [1, 5], weights: [1, 1] } });
  });

  // fold's extra pieces stored apart: the update adds them (vec_pagerank_update_folded), the product skips its combine step.
  it('format fold without localFold: the update adds the extra pieces', async () => {
    await expectVerified(GRAPH_CASES[2].csr, { format: 'fold', localFold: false, personalization: { vertices: [1, 5], weights: [1, 1] } });
    await expectVerified(GRAPH_CASES[1].csr, { format: 'fold', localFold: false, checkEvery: 3 });
  });

  it('n > 256 × 256, so that the sums stride over more elements than their 256 × 256 invocations', async () => {
    await expectVerified(withDangling(csrFromEdges(generateErdosRenyi({ n: 70_000, m: 140_000, seed: 9 })), 6));
  }, 60_000);

  it.each([2, 1])('relabelled by degree (graph case %i, personalized, with ids): the ranks come back in the graph\'s order', async (k) => {
    const { csr } = GRAPH_CASES[k];
    // The graph's own ids must not leak into the order the ranks come back in.
    const withIds = { ...csr, ids: Uint32Array.from({ length: csr.n }, (_, v) => csr.n - 1 - v) };
    const options = { damping: 0.8, personalization: { vertices: [0, 3, 11], weights: [1, 2, 3] }, tolerance: 1e-7 };
    const plain = await expectVerified(withIds, options);
    const relabelled = await expectVerified(withIds, { ...options, relabel: 'degree' });
    expect(relabelled.relabelMs).toBeGreaterThanOrEqual(0);
    expect(plain.relabelMs).toBeUndefined();
    for (let v = 0; v < csr.n; v++) expect(Math.abs(relabelled.ranks[v] - plain.ranks[v])).toBeLessThan(1e-5);
    await expect(pagerank(device!, csr, { relabel: 'rows' as 'degree' })).rejects.toThrow(/relabel = rows \(expected 'degree' or 'none'\)/);
  });

  it('self-loops, n = 1 and a graph with no arcs', async () => {
    await expectVerified(graphOf([[0, 1], [1, 2], [0], [3]]));
    expect(Array.from((await pagerank(device!, graphOf([[0]]))).ranks)).toEqual([1]);
    expect(Array.from((await pagerank(device!, graphOf([[]]))).ranks)).toEqual([1]);
    const none = await pagerank(device!, graphOf([[], [], [], []]), { personalization: [1, 0, 3, 0] });
    expect(Array.from(none.ranks)).toEqual([0.25, 0, 0.75, 0]);
    expect((await pagerank(device!, graphOf([]))).iterations).toBe(0);
  });

  it('stops at the first converged step whatever checkEvery, and at maxIterations', async () => {
    const csr = GRAPH_CASES[0].csr;
    // Every step's residual stays on the GPU and steps after the first converged one keep its ranks, so reading
    // them after each step, every 3 or in one submit of 1000 (or 5000: submits stop at the 1023 residuals kept)
    // gives the same iteration, residual and bits.
    const each = await pagerank(device!, csr, { checkEvery: 1, lookahead: false, tolerance: 1e-6 });
    const ref = pagerankReference(csr, { tolerance: 1e-6 }).iterations;
    expect(Math.abs(each.iterations - ref)).toBeLessThanOrEqual(1);
    expect(each.stepsRun).toBe(each.iterations);
    // The first group runs checkEvery steps, the later ones as many as the decay predicts; each is timed by the host
    // (and by the GPU where it has timestamps), without lookahead one after the other within the loop's time.
    expect(each.submits[0].steps).toBe(1);
    expect(each.submits.reduce((t, s) => t + s.steps, 0)).toBe(each.stepsRun);
    expect(each.submits.reduce((t, s) => t + s.submitMs + s.readMs, 0)).toBeLessThanOrEqual(each.loopTimeMs);
    for (const s of each.submits) {
      expect(s.gpuMs === undefined).toBe(!device!.hasTimestamps);
      expect(s.queueSubmits).toBe(Math.ceil(s.steps / PAGERANK_DEFAULTS.submitEvery));
      expect(s.submitMs).toBeGreaterThanOrEqual(s.recordMs + s.encodeMs!);
    }
    for (const checkEvery of [3, 1000, 5000]) {
      const r = await pagerank(device!, csr, { checkEvery, tolerance: 1e-6, maxIterations: 1000 });
      expect(r).toMatchObject({ iterations: each.iterations, residual: each.residual, converged: true });
      expect(Array.from(r.ranks)).toEqual(Array.from(each.ranks));
      expect(r.stepsRun).toBeGreaterThanOrEqual(r.iterations);
      expect(r.submits.reduce((t, s) => t + s.steps, 0)).toBe(r.stepsRun);
    }
    expect((await pagerank(device!, csr, { checkEvery: 1000, tolerance: 1e-6, maxIterations: 1000 })).stepsRun).toBe(1000);
    const capped = await pagerank(device!, csr, { maxIterations: 6, checkEvery: 4, tolerance: 1e-9 });
    expect(capped).toMatchObject({ iterations: 6, stepsRun: 6, converged: false });
    expect(capped.timePerIterationMs).toBeGreaterThan(0);
    expect(verifyPagerank(csr, capped.ranks, capped.residual).ok).toBe(true);
  });

  // Steps after the first converged one keep its ranks, so how the loop groups, submits and queues ahead its
  // steps changes stepsRun and the times, never the answer.
  describe.each([
    { name: 'converged after several groups', csr: GRAPH_CASES[2].csr, options: { tolerance: 1e-7 } },
    { name: 'converged within the first group of 64', csr: THREE_PAGES, options: { tolerance: 1e-4 } },
    { name: 'stopped at maxIterations', csr: GRAPH_CASES[0].csr, options: { tolerance: 1e-9, maxIterations: 7 } },
  ])('the same result for any schedule: $name', ({ csr, options }) => {
    const schedules: PagerankOptions[] = [
      { checkEvery: 1, submitEvery: 1, lookahead: false },
      { checkEvery: 1, submitEvery: 1 },
      { checkEvery: 3, submitEvery: 2 },
      { checkEvery: 8 },
      { checkEvery: 8, submitEvery: 3, lookahead: false },
      { checkEvery: 64, submitEvery: 1000 },
    ];
    it('ranks, iterations, residual and convergence bit for bit; every step queued accounted for', async () => {
      const results = [];
      for (const schedule of schedules) results.push(await pagerank(device!, csr, { ...options, ...schedule }));
      const [first] = results;
      expect(verifyPagerank(csr, first.ranks, first.residual, options).ok).toBe(true);
      if (options.maxIterations !== undefined) expect(first).toMatchObject({ iterations: options.maxIterations, converged: false });
      else expect(first.converged).toBe(true);
      results.forEach((r, i) => {
        expect({ schedule: schedules[i], iterations: r.iterations, residual: r.residual, converged: r.converged }).toEqual({ schedule: schedules[i], iterations: first.iterations, residual: first.residual, converged: first.converged });
        expect(Array.from(r.ranks)).toEqual(Array.from(first.ranks));
        expect(r.stepsRun).toBeGreaterThanOrEqual(r.iterations);
        expect(r.stepsRun).toBeLessThanOrEqual(options.maxIterations ?? Infinity);
        expect(r.submits.reduce((t, s) => t + s.steps, 0)).toBe(r.stepsRun);
        if (device!.hasTimestamps) expect(r.gpuTimeMs).toBeCloseTo(r.submits.reduce((t, s) => t + s.gpuMs!, 0), 9);
      });
      // Without lookahead nothing is queued past the group that stopped the loop.
      results.forEach((r, i) => schedules[i].lookahead === false && expect(r.stepsRun - r.submits.at(-1)!.steps).toBeLessThan(r.iterations));
    });
  });

  it('the empty and the 1-vertex graph for any schedule', async () => {
    for (const schedule of [{ checkEvery: 1, submitEvery: 1, lookahead: false }, { checkEvery: 8, submitEvery: 4 }, { checkEvery: 100, submitEvery: 1 }]) {
      expect(await pagerank(device!, graphOf([]), schedule)).toMatchObject({ iterations: 0, stepsRun: 0, converged: true, residual: 0, submits: [] });
      const one = await pagerank(device!, graphOf([[]]), schedule);
      expect(Array.from(one.ranks)).toEqual([1]);
      // Step 1 changes nothing (residual 0): converged at once; steps queued ahead keep the ranks.
      expect(one).toMatchObject({ iterations: 1, residual: 0, converged: true });
    }
  });

  it('a runner builds Pᵀ once and every run starts again from uniform ranks, bit for bit the same', async () => {
    const { csr } = GRAPH_CASES[0];
    const runner = await PagerankRunner.create(device!, csr, { damping: 0.8 });
    try {
      const first = await runner.run();
      const again = await runner.run();
      expect(again.iterations).toBe(first.iterations);
      expect(again.residual).toBe(first.residual);
      expect(Array.from(again.ranks)).toEqual(Array.from(first.ranks));
      expect(verifyPagerank(csr, again.ranks, again.residual, { damping: 0.8 }).ok).toBe(true);
      expect(first.format).toBeDefined();
      expect(first.loopTimeMs).toBeGreaterThan(0);
    } finally {
      runner.destroy();
    }
  });

  it.each([
    [{ damping: 1.5 }, /damping = 1.5/],
    [{ tolerance: 0 }, /tolerance = 0/],
    [{ checkEvery: 0 }, /checkEvery = 0; it must be an integer ≥ 1/],
    [{ submitEvery: 1.5 }, /submitEvery = 1.5; it must be an integer ≥ 1/],
    [{ personalization: [1, 1] }, /personalization has 2 elements but the graph has 3 vertices/],
    [{ personalization: [0, 0, 0] }, /personalization sums to 0/],
    [{ format: 'csr' as 'auto' }, /spmv: format = csr \(expected 'auto' or one of 'csr-scalar'/],
  ])('refuses %o before touching the GPU', async (options, message) => {
    await expect(pagerank(device!, THREE_PAGES, options)).rejects.toThrow(message);
  });
});
