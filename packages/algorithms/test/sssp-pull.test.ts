import { afterAll, describe, expect, it } from 'vitest';
import { SSSP_PULL_CHUNK } from '@semiforge/codegen';
import { planSssp, prepareSssp, sssp, SSSP_DEFAULTS, ssspReference, SsspRunner, SSSP_STATE, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectQueriesAndBatch, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };
const PULLING: SsspKernelOptions = { method: 'near-far', hubDegree: 16, relabel: 'degree', pullHubs: true };

describe('the plan that pulls released hubs', () => {
  it('marks the frontier pass and its sizing step, with the default share', () => {
    const plan = planSssp({ ...PULLING, weights: 'u32' }, STATS, false);
    expect(plan.pullShare).toBe(SSSP_DEFAULTS.pullShare);
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', deferHubs: true, pullHubs: true });
    expect(plan.advance).toMatchObject({ op: 'sssp_advance', pullHubs: true });
    expect(plan.tree).not.toHaveProperty('pullHubs');
    expect(planSssp({ ...PULLING, pullShare: 0.25, fuseAdvance: true }, STATS, false)).toMatchObject({ pullShare: 0.25, relax: { fusedAdvance: true, pullHubs: true } });
    expect(planSssp({ method: 'near-far', hubDegree: 16 }, STATS, false).pullShare).toBe(0);
    // Asked for with `auto`, it means near-far whatever the size.
    expect(planSssp({ hubDegree: 16, relabel: 'degree', pullHubs: true }, STATS, false).method).toBe('near-far');
  });

  it('refuses what pulling cannot read, saying why', () => {
    expect(() => planSssp({ ...PULLING, hubDegree: 0 }, STATS, false)).toThrow(/pullHubs pulls the arcs of released hubs, so it needs hubs that wait/);
    // A graph not in degree order is refused where it is seen; one renumbered already needs no relabel.
    expect(() => prepareSssp(KRONECKER_10, { ...PULLING, relabel: 'none' }, 'wgsl')).toThrow(/pullHubs reads each row's arcs to hubs as its prefix, which needs the graph in degree order .* give relabel: 'degree'/);
    expect(prepareSssp(prepareSssp(KRONECKER_10, PULLING, 'wgsl').graph, { ...PULLING, relabel: 'none' }, 'wgsl').pull).toBeDefined();
    expect(() => planSssp(PULLING, STATS, true)).toThrow(/needs an undirected graph/);
    expect(() => planSssp({ ...PULLING, kernelTarget: 'cuda' }, STATS, false)).toThrow(/pullHubs is written for WGSL so far/);
    expect(() => planSssp({ ...PULLING, pullShare: 0 }, STATS, false)).toThrow(/pullShare must be in \(0, 1\] .* got 0/);
    expect(() => planSssp({ ...PULLING, pullShare: 1.5 }, STATS, false)).toThrow(/got 1.5/);
    expect(() => planSssp({ method: 'near-far', hubDegree: 16, pullShare: 0.5 }, STATS, false)).toThrow(/pullShare 0.5 says when pullHubs pulls; add pullHubs: true/);
    expect(() => planSssp({ ...PULLING, method: 'bellman-ford' }, STATS, false)).toThrow(/hubDegree needs near-far's buckets/);
  });

  it("lists each vertex's arcs to hubs in items of SSSP_PULL_CHUNK, after the hub list", () => {
    const setup = prepareSssp(KRONECKER_10, { ...PULLING, hubDegree: 8 }, 'wgsl');
    const g = setup.graph;
    const h = setup.hubs!.length;
    expect(Array.from(setup.hubs!)).toEqual(Array.from({ length: h }, (_, v) => v));
    const items = setup.pull!.items;
    expect(Array.from(setup.arrays.hubs.subarray(h))).toEqual(Array.from(items));
    // Every arc into a hub is in exactly one item, each item within its row and at most a chunk long.
    const covered = new Set<number>();
    for (let i = 0; i < items.length; i += 2) {
      const [v, start] = [items[i], items[i + 1]];
      expect(start).toBeGreaterThanOrEqual(g.indptr[v]);
      for (let p = start; p < Math.min(start + SSSP_PULL_CHUNK, g.indptr[v + 1]) && g.indices[p] < h; p++) covered.add(p);
    }
    const intoHubs = Array.from(g.indices.keys()).filter((p) => g.indices[p] < h);
    expect(covered.size).toBe(intoHubs.length);
    expect(setup.pull!.arcs).toBe(intoHubs.length);
    expect(() => prepareSssp(KRONECKER_10, { ...PULLING, relabel: 'none' }, 'wgsl')).toThrow(/relabel: 'degree'/);
  });
});

const OTHERS = SSSP_CASES.filter((c) => !c.graph.directed);
const KRONECKER = [{ name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }];

// A share of 1% pulls after nearly every release; hubs from degree 4 in narrow buckets release often.
const CONFIGS: SsspKernelOptions[] = [
  { ...PULLING, pullShare: 0.01 },
  { ...PULLING, pullShare: 0.01, fuseAdvance: true, dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32 },
  { ...PULLING, hubDegree: 4, hubRounds: 4, pullShare: 0.01, delta: 3, lanesPerVertex: 4, chunk: 4, fuseAdvance: true },
  { ...PULLING, hubDegree: 4, pullShare: 0.01, packedQueue: true, lanesPerVertex: 4, chunk: 4, arcUnroll: 1 },
];

describe.skipIf(!device)('near-far pulling released hubs against the CPU reference', () => {
  describeAgainstReference(device!, KRONECKER, CONFIGS);
  // The other undirected cases (few or no hubs: pulls are rare) with the fused pass on a small fixed grid.
  describeAgainstReference(device!, OTHERS, [CONFIGS[1]]);

  it('pulls on Kronecker scale 10 (the passes say so) and gives the distances and tree of pushing', async () => {
    const graph = integerWeights(KRONECKER_10);
    const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
    let pulls = 0;
    const observe = async (d: SsspDispatchRecord) => {
      if (d.step === 'advance' && (await d.read('state', SSSP_STATE.words))[SSSP_STATE.scanning] === 3) pulls++;
    };
    const runner = await SsspRunner.create(device!, graph, { ...PULLING, weights: 'u32', pullShare: 0.01 }, observe);
    try {
      const result = await runner.run(1);
      expect(pulls).toBeGreaterThan(0);
      expect(result.dist).toEqual(reference);
      expect(validateSssp(graph, 1, result, { weights: 'u32' }).violation).toBeUndefined();
    } finally {
      runner.destroy();
    }
    // The default share pulls only after a release holding half the arcs into hubs: still the same answer.
    const plain = await sssp(device!, graph, 1, { ...PULLING, weights: 'u32', fuseAdvance: true });
    expect(plain.dist).toEqual(reference);
  });

  it('maxDistance, a target and a batch of sources on one runner', async () => {
    await expectQueriesAndBatch(device!, { ...PULLING, pullShare: 0.01, fuseAdvance: true });
  });
});
