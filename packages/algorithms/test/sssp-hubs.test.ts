import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, degreeStats, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { planSssp, prepareSssp, readSsspQueue, sssp, SSSP_DEFAULTS, ssspGraphStats, SsspRunner, ssspReference, SSSP_STATE, ssspWeights, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectQueriesAndBatch, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };
const undirected = (n: number, src: number[], dst: number[], w: number[]) => csrFromEdges(edgeListFromArrays(n, src, dst, w), { symmetrize: true, sortRows: true });

/** A star: vertex 0 joined to 200 leaves (integer weights 1..9), and a ring among the leaves; searched from a leaf. */
function star(): Csr {
  const leaves = Array.from({ length: 200 }, (_, i) => i + 1);
  return undirected(201, [...leaves.map(() => 0), ...leaves], [...leaves, ...leaves.map((v) => 1 + (v % 200))], [...leaves.map((v) => 1 + (v % 9)), ...leaves.map((v) => 1 + (v % 4))]);
}

/**
 * A hub whose key falls again and again: a light chain 0 → 1 → … → 12 from the source, each chain vertex i joined
 * to the hub 13 by an arc of weight 40 − 3i (so the hub's key through i is 40 − 2i), and the hub's 150 leaves
 * (weights 1..20), a ring among them.
 */
function fallingHub(): Csr {
  const chain = Array.from({ length: 12 }, (_, i) => i);
  const leaves = Array.from({ length: 150 }, (_, i) => i + 14);
  const src = [...chain, ...chain, 12, ...leaves.map(() => 13), ...leaves];
  const dst = [...chain.map((i) => i + 1), ...chain.map(() => 13), 13, ...leaves, ...leaves.map((v) => 14 + ((v - 13) % 150))];
  const w = [...chain.map(() => 1), ...chain.map((i) => 40 - 3 * i), 4, ...leaves.map((v) => 1 + (v % 20)), ...leaves.map((v) => 1 + (v % 5))];
  return undirected(164, src, dst, w);
}

const CASES = [
  ...SSSP_CASES,
  { name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 },
  { name: 'a star searched from a leaf', graph: star(), source: 5 },
  { name: 'a hub whose key falls twelve times', graph: fallingHub(), source: 0 },
];

const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', hubDegree: 16 },
  // Narrow buckets, hubs from degree 4 in rounds of delta / 4 (u32: at least 1), cut into many chunks, small
  // workgroups on a fixed grid striding over each pass.
  { method: 'near-far', hubDegree: 4, hubRounds: 4, dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 4, delta: 3, batch: 2 },
  // Every vertex a hub, a hub step far below the bucket's: nearly Dijkstra's order within each bucket.
  { method: 'near-far', hubDegree: 1, hubRounds: 1000, workgroupSize: 32, lanesPerVertex: 16, chunk: 16, delta: 8 },
  // One bucket for the whole search: the hubs wait only for the hub limit, released in rounds of 1000 / 64.
  { method: 'near-far', hubDegree: 8, hubRounds: 64, dispatch: 'fixed', fixedWorkgroups: 2, workgroupSize: 32, lanesPerVertex: 1, delta: 1000 },
  // Queues packed as (vertex, chunk) pairs, as in a browser.
  { method: 'near-far', hubDegree: 4, hubRounds: 4, packedQueue: true, lanesPerVertex: 4, chunk: 4, delta: 3 },
  // A fine hub step that doubles after each release of a bucket, decided in a separate step and in the pass.
  { method: 'near-far', hubDegree: 4, hubRounds: 64, hubGrowth: 2, workgroupSize: 32, lanesPerVertex: 4, chunk: 8, delta: 40 },
  { method: 'near-far', hubDegree: 4, hubRounds: 64, hubGrowth: 1.5, fuseAdvance: true, workgroupSize: 32, lanesPerVertex: 4, chunk: 8, delta: 40 },
];

describe('the plan that defers hubs', () => {
  it('marks the frontier pass and its sizing step, for either target, and steps the hub limit by delta / hubRounds', () => {
    const plan = planSssp({ method: 'near-far', weights: 'u32', delta: 35, hubDegree: 256 }, STATS, false);
    expect(plan).toMatchObject({ hubDegree: 256, hubStep: 4 });
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', deferHubs: true });
    expect(plan.advance).toMatchObject({ op: 'sssp_advance', deferHubs: true });
    expect(plan.tree).not.toHaveProperty('deferHubs');
    expect(planSssp({ method: 'near-far', weights: 'u32', delta: 3, hubDegree: 2, hubRounds: 8 }, STATS, false).hubStep).toBe(1);
    expect(planSssp({ method: 'near-far', weights: 'f32', delta: 0.5, hubDegree: 2, hubRounds: 4 }, STATS, false).hubStep).toBe(0.125);
    // Unasked, f32 on a large graph steps by delta / 128, on a smaller one by delta / 32; u32 by delta / 8.
    const large = { ...STATS, arcs: SSSP_DEFAULTS.hubRoundsF32Arcs };
    expect(planSssp({ method: 'near-far', weights: 'f32', delta: 0.5, hubDegree: 2 }, large, false).hubStep).toBe(0.5 / 128);
    expect(planSssp({ method: 'near-far', weights: 'f32', delta: 0.5, hubDegree: 2 }, { ...large, arcs: large.arcs - 1 }, false).hubStep).toBe(0.5 / 32);
    expect(planSssp({ method: 'near-far', weights: 'u32', delta: 64, hubDegree: 2 }, large, false).hubStep).toBe(8);
    const off = planSssp({ method: 'near-far' }, STATS, false);
    expect(off).toMatchObject({ hubDegree: 0, hubStep: 0 });
    expect(off.relax).not.toHaveProperty('deferHubs');
    const cuda = planSssp({ method: 'near-far', weights: 'u32', delta: 35, hubDegree: 256, kernelTarget: 'cuda' }, STATS, false);
    expect(cuda.relax).toEqual({ ...plan.relax, target: 'cuda' });
  });

  it('refuses other methods, heavy arcs settled, bad degrees and rounds, saying why', () => {
    expect(() => planSssp({ method: 'frontier', hubDegree: 64 }, STATS, false)).toThrow(/hubDegree needs near-far's buckets .* got method 'frontier'; use method: 'near-far'/);
    expect(() => planSssp({ method: 'auto', hubDegree: 64 }, { ...STATS, minWeight: -1 }, true)).toThrow(/got method 'bellman-ford'/);
    expect(() => planSssp({ method: 'near-far', hubDegree: 64, heavyArcs: 'settle' }, STATS, false)).toThrow(/hubDegree and heavyArcs 'settle' use the same mark bit/);
    expect(() => planSssp({ method: 'near-far', hubDegree: -1 }, STATS, false)).toThrow(/hubDegree must be an integer from 0 \(hubs do not wait\) to 2\^32 − 1 \(a degree\), got -1/);
    expect(() => planSssp({ method: 'near-far', hubDegree: 2.5 }, STATS, false)).toThrow(/got 2.5/);
    expect(() => planSssp({ method: 'near-far', hubDegree: 64, hubRounds: 0 }, STATS, false)).toThrow(/hubRounds must be a positive integer .* got 0/);
    expect(() => planSssp({ method: 'near-far', hubRounds: 4 }, STATS, false)).toThrow(/hubRounds 4 needs hubs that wait \(hubDegree, or a skewed graph's default; hubDegree 0 turns them off\)/);
    expect(() => planSssp({ method: 'near-far', hubDegree: 0, hubRounds: 4 }, STATS, false)).toThrow(/hubRounds 4 needs hubs that wait/);
    for (const bad of [0.5, 0, -2, NaN, 2000]) {
      expect(() => planSssp({ method: 'near-far', hubDegree: 64, hubGrowth: bad }, STATS, false)).toThrow(`sssp: hubGrowth must be a number from 1 (the hub step stays) to 1024, got ${bad}`);
    }
    expect(() => planSssp({ method: 'near-far', hubGrowth: 2 }, STATS, false)).toThrow(/hubGrowth 2 needs hubs that wait \(hubDegree, or a skewed graph's default; hubDegree 0 turns them off\)/);
    expect(() => planSssp({ method: 'bellman-ford', hubGrowth: 2 }, STATS, false)).toThrow(/hubGrowth/);
  });

  it('grows the hub step by hubGrowth (unless asked, × 2 with u32 weights and × 1.5 with f32; 1 keeps it)', () => {
    expect(planSssp({ method: 'near-far', weights: 'u32', delta: 64, hubDegree: 2 }, STATS, false).hubGrowth).toBe(2);
    expect(planSssp({ method: 'near-far', weights: 'f32', delta: 0.5, hubDegree: 2 }, STATS, false).hubGrowth).toBe(1.5);
    expect(planSssp({ method: 'near-far', weights: 'f32', delta: 0.5, hubDegree: 2, hubGrowth: 1 }, STATS, false).hubGrowth).toBe(1);
    expect(planSssp({ method: 'near-far', weights: 'u32', delta: 64, hubDegree: 2, hubGrowth: 1.5 }, STATS, false)).toMatchObject({ hubStep: 8, hubGrowth: 1.5 });
    expect(planSssp({ method: 'near-far', hubDegree: 0 }, STATS, false).hubGrowth).toBe(1);
  });

  it('defers hubs by default on a skewed graph (near-far, heavy arcs inline), with the wider delta and chunk; 0 turns it off', () => {
    const skewed = { n: 1 << 20, arcs: 30 << 20, minWeight: 1, meanWeight: 128, degreeSkew: 40 };
    const plan = planSssp({ weights: 'u32' }, skewed, false);
    // Mean degree 30: 32 · 128 / 30 · 8 / 30 = 36.4, not narrowed; the hub step delta / 8.
    expect(plan).toMatchObject({ method: 'near-far', hubDegree: 64, delta: 37, hubStep: 4, relax: { chunk: 256, deferHubs: true } });
    expect(planSssp({ weights: 'u32', hubRounds: 4 }, skewed, false).hubStep).toBe(9);
    const off = planSssp({ weights: 'u32', hubDegree: 0 }, skewed, false);
    expect(off).toMatchObject({ hubDegree: 0, hubStep: 0, delta: 37, relax: { chunk: 256 } });
    expect(off.relax).not.toHaveProperty('deferHubs');
    // Heavy arcs settled and the other methods take no hubs unasked; neither does a graph below the threshold.
    expect(planSssp({ method: 'near-far', heavyArcs: 'settle' }, skewed, false).hubDegree).toBe(0);
    expect(planSssp({ method: 'frontier' }, skewed, false).hubDegree).toBe(0);
    expect(planSssp({ weights: 'u32' }, { ...skewed, degreeSkew: SSSP_DEFAULTS.skewThreshold - 0.5 }, false)).toMatchObject({ hubDegree: 0, delta: 20, relax: { chunk: 32 } });
    // Where the pass with hubs does not fit even packed (9 storage buffers), near-far runs packed without them.
    const browser = planSssp({ weights: 'u32' }, skewed, false, { storageBuffers: 9 });
    expect(browser).toMatchObject({ method: 'near-far', hubDegree: 0, relax: { packedQueue: true } });
    expect(planSssp({ weights: 'u32' }, skewed, false, { storageBuffers: 10 })).toMatchObject({ hubDegree: 64, relax: { packedQueue: true } });
  });

  it('measures the degree skew: 1 for equal degrees, large for a star', () => {
    const ring = csrFromEdges(edgeListFromArrays(4, [0, 1, 2, 3], [1, 2, 3, 0]), { symmetrize: true, sortRows: true });
    expect(ssspGraphStats(ring, ssspWeights(ring, 'f32')).degreeSkew).toBe(1);
    const s = star();
    const stats = ssspGraphStats(s, ssspWeights(s, 'u32'));
    const degrees = Array.from({ length: s.n }, (_, v) => s.indptr[v + 1] - s.indptr[v]);
    const mean = s.indices.length / s.n;
    expect(stats.degreeSkew).toBeCloseTo(degrees.reduce((a, d) => a + d * d, 0) / s.n / (mean * mean), 12);
    const { stddev } = degreeStats(s);
    expect(stats.degreeSkew).toBeCloseTo(1 + (stddev / mean) ** 2, 9);
    expect(stats).toMatchObject({ n: s.n, arcs: s.indices.length });
  });

  it('lists the hubs, ascending, for the release passes', () => {
    const setup = prepareSssp(star(), { method: 'near-far', weights: 'u32', hubDegree: 4 }, 'wgsl');
    expect(Array.from(setup.hubs!)).toEqual([0]);
    expect(setup.arrays.hubs).toBe(setup.hubs);
    const kronecker = prepareSssp(KRONECKER_10, { method: 'near-far', hubDegree: 32 }, 'cuda');
    const expected = Array.from({ length: KRONECKER_10.n }, (_, v) => v).filter((v) => KRONECKER_10.indptr[v + 1] - KRONECKER_10.indptr[v] >= 32);
    expect(Array.from(kronecker.hubs!)).toEqual(expected);
    expect(prepareSssp(star(), { method: 'near-far', hubDegree: 0 }, 'wgsl').arrays).not.toHaveProperty('hubs');
    // A star's degrees are skewed: hubs of degree ≥ 64 by default, its centre among them.
    expect(prepareSssp(star(), { method: 'near-far' }, 'wgsl')).toMatchObject({ plan: { hubDegree: 64 }, hubs: Uint32Array.of(0) });
  });
});

describe.skipIf(!device)('near-far deferring hubs against the CPU reference', () => {
  describeAgainstReference(device!, CASES, CONFIGS);

  it.each(['star', 'falling hub'] as const)('the %s with u32 weights', async (name) => {
    const graph = name === 'star' ? star() : fallingHub();
    const source = name === 'star' ? 5 : 0;
    for (const config of CONFIGS) {
      const result = await sssp(device!, graph, source, { ...config, weights: 'u32' });
      expect(validateSssp(graph, source, result, { weights: 'u32' }).violation).toBeUndefined();
      expect(result.dist).toEqual(ssspReference(graph, source, { weights: 'u32' }).dist);
    }
  });

  it("visits the falling hub once, after the chain's passes, where plain near-far visits it again each time its key falls", async () => {
    const graph = fallingHub();
    const reference = ssspReference(graph, 0, { weights: 'u32' }).dist;
    const profile = async (options: SsspKernelOptions) => {
      const packed = options.packedQueue === true;
      let releases = 0;
      let hubVisits = 0;
      const observe = async (d: SsspDispatchRecord) => {
        if (d.step !== 'advance') return;
        const state = await d.read('state', SSSP_STATE.words);
        if (state[SSSP_STATE.done] !== 0) return;
        if (state[SSSP_STATE.scanning] === 2) releases++;
        if (state[SSSP_STATE.scanning] !== 0) return;
        const items = state[SSSP_STATE.lengthA + d.parity];
        const { vertices, chunks } = await readSsspQueue(d, packed, items);
        for (let i = 0; i < items; i++) if (vertices[i] === 13 && chunks[i] === 0) hubVisits++;
      };
      const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32', delta: 100, ...options }, observe);
      try {
        expect((await runner.run(0)).dist).toEqual(reference);
      } finally {
        runner.destroy();
      }
      return { releases, hubVisits };
    };
    // The chain's hub makes the graph skewed: plain near-far is asked for with hubs off.
    const plain = await profile({ hubDegree: 0 });
    const deferred = await profile({ hubDegree: 16, hubRounds: 8 });
    expect(plain).toMatchObject({ releases: 0 });
    expect(plain.hubVisits).toBeGreaterThan(3);
    expect(deferred.releases).toBeGreaterThanOrEqual(1);
    expect(deferred.hubVisits).toBe(1);
    // The same visits read from packed queues.
    expect(await profile({ hubDegree: 16, hubRounds: 8, packedQueue: true })).toEqual(deferred);
  });

  it('grows the hub step after each release of a bucket and starts it again at the next: fewer releases, the same distances', async () => {
    const graph = integerWeights(KRONECKER_10);
    const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
    const base = { method: 'near-far', weights: 'u32', hubDegree: 16, hubRounds: 1000, delta: 300 } as const;
    const releasesOf = async (options: SsspKernelOptions) => {
      const steps: number[][] = [];
      const observe = async (d: SsspDispatchRecord) => {
        if (d.step !== 'advance') return;
        const state = await d.read('state', SSSP_STATE.words);
        if (state[SSSP_STATE.done] !== 0) return;
        if (state[SSSP_STATE.scanning] === 1 || steps.length === 0) steps.push([]);
        // Read after a release's decision: the step it leaves for the bucket's next release.
        if (state[SSSP_STATE.scanning] === 2) steps.at(-1)!.push(state[SSSP_STATE.hubStepNow]);
      };
      const runner = await SsspRunner.create(device!, graph, { ...base, ...options }, observe);
      try {
        const result = await runner.run(1);
        expect(result.dist).toEqual(reference);
        return { steps, passes: result.passes };
      } finally {
        runner.destroy();
      }
    };
    const fixed = await releasesOf({ hubGrowth: 1 });
    const grown = await releasesOf({ hubGrowth: 2 });
    // delta 300 / 1000 rounds: a step of 1 for u32. Fixed, it stays 1; grown, it doubles within a bucket.
    expect(fixed.steps.flat().every((s) => s === 1)).toBe(true);
    const bucket = grown.steps.find((b) => b.length >= 3)!;
    expect(bucket.slice(0, 3)).toEqual([2, 4, 8]);
    expect(grown.steps.flat().length).toBeLessThan(fixed.steps.flat().length);
    expect(grown.passes).toBeLessThan(fixed.passes);
    // Decided in the pass, the same passes.
    const fused = await sssp(device!, graph, 1, { ...base, hubGrowth: 2, fuseAdvance: true });
    expect(fused.dist).toEqual(reference);
    expect(fused.passes).toBe(grown.passes);
  });

  it('maxDistance, a target and a batch of sources on one runner (marks of a stopped search do not leak into the next)', async () => {
    await expectQueriesAndBatch(device!, { method: 'near-far', hubDegree: 16, delta: 35 });
  });
});
