import { afterAll, describe, expect, it } from 'vitest';
import { planSssp, prepareSssp, ssspReference, SsspRunner, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectQueriesAndBatch, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };
const BOUNDS: SsspKernelOptions = { method: 'near-far', hubDegree: 16, relabel: 'degree', hubBounds: true };

describe("the plan that notes released hubs' keys", () => {
  it('marks the frontier pass only, and sizes the notes to the largest hub', () => {
    const plan = planSssp({ ...BOUNDS, weights: 'u32' }, STATS, false);
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', deferHubs: true, hubBounds: true });
    expect(plan.advance).not.toHaveProperty('hubBounds');
    expect(plan.tree).not.toHaveProperty('hubBounds');
    expect(planSssp({ method: 'near-far', hubDegree: 16 }, STATS, false).relax).not.toHaveProperty('hubBounds');
    // Asked for with `auto`, it means near-far whatever the size.
    expect(planSssp({ hubDegree: 16, hubBounds: true }, STATS, false).method).toBe('near-far');
    // In degree order the hubs are vertices 0..h − 1: h words. In the caller's order, up to the largest hub.
    const ordered = prepareSssp(KRONECKER_10, { ...BOUNDS, hubDegree: 8 }, 'wgsl');
    expect(ordered.zeroed.hub_bounds).toBe(ordered.hubs!.length);
    const asGiven = prepareSssp(KRONECKER_10, { ...BOUNDS, hubDegree: 8, relabel: 'none' }, 'wgsl');
    expect(asGiven.zeroed.hub_bounds).toBe(asGiven.hubs![asGiven.hubs!.length - 1] + 1);
    expect(asGiven.zeroed.hub_bounds).toBeGreaterThan(asGiven.hubs!.length);
  });

  it('refuses what it cannot do, saying why', () => {
    expect(() => planSssp({ ...BOUNDS, hubDegree: 0 }, STATS, false)).toThrow(/hubBounds notes the keys of released hubs, so it needs hubs that wait/);
    expect(() => planSssp({ ...BOUNDS, kernelTarget: 'cuda' }, STATS, false)).toThrow(/hubBounds is written for WGSL so far/);
    expect(() => planSssp({ ...BOUNDS, hubBounds: 'yes' as never }, STATS, false)).toThrow(/hubBounds must be true or false, got yes/);
    expect(() => planSssp({ ...BOUNDS, method: 'bellman-ford' }, STATS, false)).toThrow(/hubDegree needs near-far's buckets/);
  });
});

const KRONECKER = [{ name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }];
const DIRECTED = SSSP_CASES.filter((c) => c.graph.directed);

// Hubs from degree 4 in narrow buckets release often, so many arcs meet a bound; the caller's order puts the hubs
// anywhere among the vertices.
const CONFIGS: SsspKernelOptions[] = [
  BOUNDS,
  { ...BOUNDS, fuseAdvance: true, dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32 },
  { ...BOUNDS, hubDegree: 4, hubRounds: 4, delta: 3, lanesPerVertex: 4, chunk: 4, fuseAdvance: true },
  { ...BOUNDS, hubDegree: 4, relabel: 'none', packedQueue: true, lanesPerVertex: 4, chunk: 4, arcUnroll: 1 },
  { ...BOUNDS, hubDegree: 4, pullHubs: true, pullShare: 0.01, fuseAdvance: true },
];

describe.skipIf(!device)("near-far with released hubs' keys noted, against the CPU reference", () => {
  describeAgainstReference(device!, KRONECKER, CONFIGS);
  // Directed graphs (a hub's arcs out are not its arcs in), in the caller's order.
  describeAgainstReference(device!, DIRECTED, [{ ...BOUNDS, hubDegree: 2, relabel: 'none' }]);

  it('notes released hubs with bounds no key passes, and answers as without notes', async () => {
    const graph = integerWeights(KRONECKER_10);
    const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
    const options: SsspKernelOptions = { ...BOUNDS, hubDegree: 4, hubRounds: 4, weights: 'u32' };
    // The runner's own setup is made the same way: its words and its order (the notes are by the searched ids).
    const setup = prepareSssp(graph, options, 'wgsl');
    let notes: Uint32Array | undefined;
    const observe = async (d: SsspDispatchRecord) => {
      if (d.step === 'relax') notes = (await d.read('hub_bounds', setup.zeroed.hub_bounds)).slice();
    };
    const runner = await SsspRunner.create(device!, graph, options, observe);
    try {
      const result = await runner.run(1);
      expect(result.dist).toEqual(reference);
      expect(validateSssp(graph, 1, result, { weights: 'u32' }).violation).toBeUndefined();
      // Each note is a key the hub had (+ 1), so at least its final distance.
      const noted = Array.from(notes!.entries()).filter(([, b]) => b !== 0);
      expect(noted.length).toBeGreaterThan(0);
      for (const [v, b] of noted) {
        expect(v).toBeLessThan(setup.hubs!.length);
        expect(b - 1).toBeGreaterThanOrEqual(reference[setup.ids!.toUser[v]]);
      }
    } finally {
      runner.destroy();
    }
  });

  it('maxDistance, a target and a batch of sources on one runner (the notes cleared between queries)', async () => {
    await expectQueriesAndBatch(device!, { ...BOUNDS, hubDegree: 4, fuseAdvance: true });
  });
});
