import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, generateErdosRenyi } from '@semiforge/graph-io';
import { NegativeCycleError, NO_PARENT, sssp, SsspRunner, ssspReference, validateSssp, type SsspKernelOptions } from '../src/index.js';
import { sumsAlwaysGrow } from '../src/sssp/sssp.input.js';
import { testDevice } from './gpu-device.js';
import { negativeCycle, negativeDag, SSSP_CASES } from './sssp-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const CONFIGS: SsspKernelOptions[] = [
  { method: 'bellman-ford', reads: 'atomic' },
  { method: 'bellman-ford', reads: 'snapshot', segment: 16 },
  { method: 'frontier' },
  { method: 'near-far' },
  { method: 'near-far', delta: 1, lanesPerVertex: 4, chunk: 4, batch: 3, arcUnroll: 1 },
  // 8 arcs a step over chunks of 64: full steps, then the rest an arc at a time.
  { method: 'near-far', lanesPerVertex: 1, chunk: 64, arcUnroll: 8 },
  { method: 'frontier', lanesPerVertex: 2, chunk: 2, workgroupSize: 64 },
  // Fixed grids (the default on hardware GPUs): 2 workgroups of 64 stride over passes of hundreds of items.
  { method: 'frontier', dispatch: 'fixed', fixedWorkgroups: 2, workgroupSize: 64 },
  { method: 'near-far', dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 4, delta: 8, batch: 2 },
  { method: 'near-far', dispatch: 'fixed' },
  // Queues as (vertex, chunk) pairs (what a browser's 8–10 storage buffers get).
  { method: 'near-far', packedQueue: true, lanesPerVertex: 2, chunk: 8 },
  { method: 'frontier', packedQueue: true, dispatch: 'fixed', fixedWorkgroups: 2, workgroupSize: 64 },
  // The graph renumbered by degree, the answers in the caller's ids (sssp-relabel.test.ts: targets, cycles, errors).
  { method: 'bellman-ford', relabel: 'degree' },
  { method: 'near-far', relabel: 'degree', hubDegree: 4 },
];

describe.skipIf(!device)('sssp on the GPU against the CPU reference', () => {
  describe.each(SSSP_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // Unit-interval weights are not integers: that graph runs in f32 only.
    const types = c.graph.weight instanceof Float32Array ? (['f32'] as const) : (['f32', 'u32'] as const);
    it.each(CONFIGS.flatMap((config) => types.map((weights) => [JSON.stringify(config), weights, config] as const)))(
      '%s, %s weights: valid by the Graph500 rules and equal to Dijkstra',
      async (_label, weights, config) => {
        const result = await sssp(device!, c.graph, c.source, { ...config, weights });
        const check = validateSssp(c.graph, c.source, result, { weights });
        expect(check.violation).toBeUndefined();
        expect(check.reached).toBeGreaterThan(c.graph.n / 3);
        expect(result.dist).toEqual(ssspReference(c.graph, c.source, { weights }).dist);
        expect(result.passes).toBeGreaterThan(0);
      },
    );
  });

  it('negative weights: both Bellman-Ford methods match the CPU Bellman-Ford; near-far refuses', async () => {
    const g = negativeDag();
    const reference = ssspReference(g, 0, { weights: 'f32' });
    expect(Math.min(...reference.dist)).toBeLessThan(0);
    for (const method of ['bellman-ford', 'frontier'] as const) {
      const result = await sssp(device!, g, 0, { method });
      expect(validateSssp(g, 0, result).violation).toBeUndefined();
      expect(result.dist).toEqual(reference.dist);
    }
    await expect(sssp(device!, g, 0, { method: 'near-far' })).rejects.toThrow(/near-far' settles vertices bucket by bucket and cannot take negative weights \(the smallest is -5\)/);
    expect((await sssp(device!, g, 0)).method).toBe('bellman-ford');
  });

  it.each(['bellman-ford', 'frontier'] as const)('%s reports a vertex on a reachable negative cycle', async (method) => {
    const error = await sssp(device!, negativeCycle(), 0, { method }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NegativeCycleError);
    expect([10, 11, 12]).toContain((error as NegativeCycleError).vertex);
  });

  it('a negative undirected edge is a cycle at once', async () => {
    const g = { ...SSSP_CASES[5].graph, weight: Float64Array.from(SSSP_CASES[5].graph.weight!, (w) => (w === 7 ? -7 : w)) };
    await expect(sssp(device!, g, 0, { method: 'bellman-ford' })).rejects.toThrow(/undirected edge \{4, 5\} of weight -7 is the cycle 4 → 5 → 4/);
  });

  it('maxDistance leaves farther vertices unreached, by every method', async () => {
    const { graph, source } = SSSP_CASES[2];
    const full = ssspReference(graph, source, { weights: 'u32' }).dist;
    for (const method of ['bellman-ford', 'frontier', 'near-far'] as const) {
      const result = await sssp(device!, graph, source, { method, weights: 'u32', maxDistance: 120 });
      expect(validateSssp(graph, source, result, { weights: 'u32', maxDistance: 120 }).violation).toBeUndefined();
      expect(Array.from(result.dist)).toEqual(Array.from(full, (d) => (d <= 120 ? d : Infinity)));
    }
  });

  it('near-far stops at a target with its distance and path exact', async () => {
    const { graph, source } = SSSP_CASES[2];
    const reference = ssspReference(graph, source, { weights: 'u32' });
    const target = 150;
    const result = await sssp(device!, graph, source, { method: 'near-far', weights: 'u32', target, delta: 4 });
    expect(result.dist[target]).toBe(reference.dist[target]);
    for (let v = target; v !== source; v = result.parent![v]) expect(result.dist[v]).toBe(reference.dist[v]);
    const whole = await sssp(device!, graph, source, { method: 'near-far', weights: 'u32', delta: 4 });
    expect(result.passes).toBeLessThan(whole.passes);
  });

  it.each([
    ['near-far, many buckets', { method: 'near-far', delta: 1, batch: 1 }],
    ['frontier', { method: 'frontier', batch: 1 }],
    ['near-far on a fixed grid', { method: 'near-far', delta: 1, batch: 1, dispatch: 'fixed', fixedWorkgroups: 1 }],
    // Batches grow to 256 passes, each submitted in parts of 64 as it is recorded.
    ['near-far, batches submitted in parts', { method: 'near-far', delta: 1, batch: 4 }],
  ] as const)('%s: a search spread over many one-pass batches (each ending mid-search) matches Dijkstra', async (_label, config) => {
    const { graph, source } = SSSP_CASES[2];
    const reference = ssspReference(graph, source, { weights: 'u32' });
    const runner = await SsspRunner.create(device!, graph, { ...config, weights: 'u32' });
    try {
      // Two runs on one runner: the second must not see the first's queue stamps, far marks or arcs.
      for (const s of [source, 0]) {
        const result = await runner.run(s);
        expect(validateSssp(graph, s, result, { weights: 'u32' }).violation).toBeUndefined();
        expect(result.dist).toEqual(ssspReference(graph, s, { weights: 'u32' }).dist);
      }
      const again = await runner.run(source);
      expect(again.dist).toEqual(reference.dist);
      // Batches of 1, 1, 2, 4, ... passes: a search of this length needs several read-backs.
      expect(again.passes).toBeGreaterThan(8);
      // The GPU time sums every submit of a batch (a long batch is submitted in parts as it is recorded).
      if (device!.hasTimestamps) expect(again.gpuTimeMs).toBeGreaterThan(0);
    } finally {
      runner.destroy();
    }
  });

  it.each([
    ['bellman-ford', { method: 'bellman-ford', batch: 1 }],
    ['near-far', { method: 'near-far', delta: 1, batch: 1 }],
    ['frontier on a fixed grid', { method: 'frontier', batch: 1, dispatch: 'fixed', fixedWorkgroups: 1 }],
  ] as const)('%s: batches paced by the last query, a query longer and one shorter than its first batch match Dijkstra', async (_label, config) => {
    const { graph, source } = SSSP_CASES[2];
    const reference = ssspReference(graph, source, { weights: 'u32' }).dist;
    const within = Array.from(reference, (d) => (d <= 20 ? d : Infinity));
    const runner = await SsspRunner.create(device!, graph, { ...config, weights: 'u32' });
    try {
      // A short query first: the next one's first batch is sized from it, and the whole search needs many more passes.
      const near = await runner.run(source, { maxDistance: 20 });
      expect(Array.from(near.dist)).toEqual(within);
      const full = await runner.run(source);
      expect(full.passes).toBeGreaterThan(2 * near.passes);
      expect(validateSssp(graph, source, full, { weights: 'u32' }).violation).toBeUndefined();
      expect(full.dist).toEqual(reference);
      // After the long one, a short query's first batch runs far past its end; without parents its distances
      // come back with the batch that ends it.
      const again = await runner.run(source, { maxDistance: 20 });
      expect(validateSssp(graph, source, again, { weights: 'u32', maxDistance: 20 }).violation).toBeUndefined();
      expect(Array.from(again.dist)).toEqual(within);
      const bare = await runner.run(source, { parents: false });
      expect(bare.parent).toBeUndefined();
      expect(bare.parentPasses).toBe(0);
      expect(bare.dist).toEqual(reference);
    } finally {
      runner.destroy();
    }
  });

  it('Bellman-Ford, one pass a batch, paced: negative weights match the CPU, and a cycle is found after a short query', async () => {
    const dag = negativeDag();
    const dagRunner = await SsspRunner.create(device!, dag, { method: 'bellman-ford', batch: 1 });
    try {
      for (const s of [30, 0, 30]) expect((await dagRunner.run(s)).dist).toEqual(ssspReference(dag, s, { weights: 'f32' }).dist);
    } finally {
      dagRunner.destroy();
    }
    const cycle = negativeCycle();
    const runner = await SsspRunner.create(device!, cycle, { method: 'bellman-ford', batch: 1 });
    try {
      // From 3 only vertex 4 is reached (two passes); from 0 the cycle keeps the distances falling for n passes.
      const short = await runner.run(3);
      expect(short.dist).toEqual(ssspReference(cycle, 3, { weights: 'f32' }).dist);
      const error = await runner.run(0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NegativeCycleError);
      expect([10, 11, 12]).toContain((error as NegativeCycleError).vertex);
      expect((await runner.run(3)).dist).toEqual(short.dist);
    } finally {
      runner.destroy();
    }
  });

  it('one-invocation workgroups: grids past 65535 workgroups (y > 1) and appends past the workgroup buffer', async () => {
    // 66 000 vertices a scan: 66 000 workgroups of 1, so the advance step spills the grid into y; each
    // workgroup gathers 2 entries, so a vertex lowering more heads than that appends on its own.
    const graph = csrFromEdges(generateErdosRenyi({ n: 66_000, m: 100_000, seed: 9, weights: { min: 1, max: 100 } }), { symmetrize: true, sortRows: true });
    const result = await sssp(device!, graph, 0, { method: 'near-far', weights: 'u32', workgroupSize: 1, lanesPerVertex: 1, chunk: 4, delta: 100 });
    expect(validateSssp(graph, 0, result, { weights: 'u32' }).violation).toBeUndefined();
    expect(result.dist).toEqual(ssspReference(graph, 0, { weights: 'u32' }).dist);
  }, 120_000);

  it('parents: one tree step when weights are positive; the pair passes finish it over zero weights', async () => {
    const positive = await sssp(device!, SSSP_CASES[2].graph, SSSP_CASES[2].source, { method: 'near-far', weights: 'u32' });
    expect(positive.parentPasses).toBe(1);
    const { graph, source } = SSSP_CASES[5];
    const zero = await sssp(device!, graph, source, { method: 'near-far', weights: 'u32' });
    expect(validateSssp(graph, source, zero, { weights: 'u32' }).violation).toBeUndefined();
    expect(zero.parentPasses).toBeGreaterThan(1);
  });

  it("parents: Bellman-Ford's tight-arc pass once where every sum grows (u32 ≥ 1, f32 far from 0), until nothing changes otherwise", async () => {
    const road = SSSP_CASES[2];
    for (const weights of ['u32', 'f32'] as const) {
      const once = await sssp(device!, road.graph, road.source, { method: 'bellman-ford', weights });
      expect(once.parentPasses).toBe(1);
      expect(validateSssp(road.graph, road.source, once, { weights }).violation).toBeUndefined();
    }
    // Weights of 0: a vertex may be as close as its only tight neighbour, so passes repeat.
    const { graph, source } = SSSP_CASES[5];
    const zero = await sssp(device!, graph, source, { method: 'bellman-ford', weights: 'u32' });
    expect(validateSssp(graph, source, zero, { weights: 'u32' }).violation).toBeUndefined();
    expect(zero.parentPasses).toBeGreaterThan(1);
    // An f32 weight below the spacing of values at 1: 1 + 1e-9 rounds back to 1, so vertex 2 is as close as its
    // only tight neighbour; the pass is repeated until it finds nothing.
    const tiny = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [1, 1e-9]), { sortRows: true });
    const rounded = await sssp(device!, tiny, 0, { method: 'bellman-ford', weights: 'f32' });
    expect(Array.from(rounded.dist)).toEqual([0, 1, 1]);
    expect(Array.from(rounded.parent!)).toEqual([0, 0, 1]);
    expect(rounded.parentPasses).toBeGreaterThan(1);
  });

  it('a runner answers a batch of sources on one upload', async () => {
    const { graph } = SSSP_CASES[0];
    const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32' });
    try {
      const results = await runner.runMany([0, 5, 299]);
      results.forEach((r, i) => expect(r.dist).toEqual(ssspReference(graph, [0, 5, 299][i], { weights: 'u32' }).dist));
      await expect(runner.run(300)).rejects.toThrow(/source 300 is not a vertex of this 300-vertex graph \(0..299\)/);
    } finally {
      runner.destroy();
    }
  });

  it.each(['bellman-ford', 'frontier', 'near-far'] as const)('%s: one vertex, and vertices without arcs', async (method) => {
    const single = csrFromEdges(edgeListFromArrays(1, [], []));
    expect(Array.from((await sssp(device!, single, 0, { method })).dist)).toEqual([0]);
    const bare = csrFromEdges(edgeListFromArrays(3, [], []));
    const r = await sssp(device!, bare, 1, { method, weights: 'u32' });
    expect(Array.from(r.dist)).toEqual([Infinity, 0, Infinity]);
    expect(Array.from(r.parent!)).toEqual([NO_PARENT, 1, NO_PARENT]);
  });

  it('refuses a broken CSR by name instead of answering from clamped reads (it answered silently before)', async () => {
    const good = { n: 3, indptr: Uint32Array.of(0, 1, 2, 2), indices: Uint32Array.of(1, 2), weight: Float64Array.of(1, 1), directed: true, sorted: true };
    for (const method of ['bellman-ford', 'near-far'] as const) {
      await expect(sssp(device!, { ...good, indices: Uint32Array.of(1, 7) }, 0, { method })).rejects.toThrow('sssp: CSR indices[1]: vertex 7 (row 1) is not below n = 3');
      await expect(sssp(device!, { ...good, indptr: Uint32Array.of(0, 2, 1, 2) }, 0, { method })).rejects.toThrow('sssp: CSR indptr[2]: offset 1 is below the previous one, 2');
      await expect(sssp(device!, { ...good, indptr: Uint32Array.of(0, 1, 1, 1) }, 0, { method })).rejects.toThrow('sssp: CSR indptr[3]: last offset is 1 but there are 2 arcs');
      await expect(sssp(device!, null as never, 0, { method })).rejects.toThrow(TypeError);
      await expect(sssp(device!, good, '1' as never, { method })).rejects.toThrow('sssp: source is a string ("1"), not a vertex id (an integer, 0..2)');
    }
  });

  it('u32 weights must be integers', async () => {
    await expect(sssp(device!, SSSP_CASES[1].graph, 0, { weights: 'u32' })).rejects.toThrow(/u32 weights must be integers/);
  });

  it('u32 distances that a relaxation could have cut off at 2^32 − 1 are refused', async () => {
    const path = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], Float32Array.of(3e9, 3e9)), { symmetrize: true });
    for (const method of ['bellman-ford', 'near-far'] as const) {
      await expect(sssp(device!, path, 0, { method, weights: 'u32' })).rejects.toThrow(/u32 distances reach 3000000000 and weights 3000000000: sums may pass 2\^32 − 1/);
    }
  });
});

describe('the parent step of Bellman-Ford', () => {
  it('sumsAlwaysGrow: u32 from 1, f32 from the spacing of values at twice the longest path', () => {
    const weights = (type: 'u32' | 'f32', min: number, max: number) => ({ type, values: new Float32Array(0), min, max, mean: min });
    expect(sumsAlwaysGrow(1001, weights('u32', 1, 255))).toBe(true);
    expect(sumsAlwaysGrow(1001, weights('u32', 0, 255))).toBe(false);
    // 2 × 1000 × 10 = 20000 in [2^14, 2^15): spacing 2^-9.
    expect(sumsAlwaysGrow(1001, weights('f32', 2 ** -9, 10))).toBe(true);
    expect(sumsAlwaysGrow(1001, weights('f32', 2 ** -10, 10))).toBe(false);
    expect(sumsAlwaysGrow(1001, weights('f32', 0, 10))).toBe(false);
  });
});
