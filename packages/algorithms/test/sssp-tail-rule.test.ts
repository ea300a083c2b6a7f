import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { planSssp, sssp, ssspReference, SsspRunner, validateSssp, type SsspKernelOptions, type SsspWeightType } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { expectPointQueries, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };
const SOURCE = 1;

/**
 * A comet: KRONECKER_10 with integer weights 1..255 (its dense core settles in a few buckets of delta 35), and a
 * sparse tail of buckets: 300 pendant vertices hung from the reached core vertices by arcs of 1..2000 (their keys
 * spread over ~60 deltas, known from the core's first buckets on), and 100 more hung from those by arcs of 1..500
 * (found only once their pendant is visited). Integer weights, stored as f32: the same graph for both weight types.
 */
function comet(): Csr {
  const core = integerWeights(KRONECKER_10);
  const reached = Array.from(ssspReference(core, SOURCE, { weights: 'u32' }).dist.entries()).filter(([, d]) => Number.isFinite(d)).map(([v]) => v);
  const n0 = core.n;
  const src: number[] = [];
  const dst: number[] = [];
  const w: number[] = [];
  const edge = (u: number, v: number, weight: number) => {
    src.push(u);
    dst.push(v);
    w.push(weight);
  };
  for (let u = 0; u < n0; u++) {
    for (let p = core.indptr[u]; p < core.indptr[u + 1]; p++) if (core.indices[p] > u) edge(u, core.indices[p], core.weight![p]);
  }
  for (let i = 0; i < 300; i++) edge(reached[(i * 7) % reached.length], n0 + i, 1 + ((i * 37) % 2000));
  for (let i = 0; i < 100; i++) edge(n0 + ((i * 3) % 300), n0 + 300 + i, 1 + ((i * 53) % 500));
  return csrFromEdges(edgeListFromArrays(n0 + 400, src, dst, w), { symmetrize: true, sortRows: true });
}

const COMET = comet();

describe('the tail rule in the plan', () => {
  it('is on (factor 2) for near-far by default, off for the other methods and with heavy arcs settled', () => {
    expect(planSssp({ method: 'near-far' }, STATS, false).tailFactor).toBe(2);
    expect(planSssp({ method: 'near-far', hubDegree: 64 }, STATS, false).tailFactor).toBe(2);
    expect(planSssp({ method: 'near-far', tailFactor: 0.5 }, STATS, false).tailFactor).toBe(0.5);
    expect(planSssp({ method: 'near-far', heavyArcs: 'settle' }, STATS, false).tailFactor).toBe(0);
    expect(planSssp({ method: 'frontier' }, STATS, false).tailFactor).toBe(0);
    expect(planSssp({ method: 'bellman-ford', tailFactor: 0 }, STATS, false).tailFactor).toBe(0);
    // The rule is state, not a kernel variant: on or off, the same kernels.
    expect(planSssp({ method: 'near-far', tailFactor: 0 }, STATS, false).relax).toEqual(planSssp({ method: 'near-far' }, STATS, false).relax);
  });

  it('refuses other methods, heavy arcs settled and factors that are no number ≥ 0, saying why', () => {
    expect(() => planSssp({ method: 'frontier', tailFactor: 2 }, STATS, false)).toThrow(/tailFactor needs near-far's buckets .* got method 'frontier'; use method: 'near-far'/);
    expect(() => planSssp({ method: 'near-far', heavyArcs: 'settle', tailFactor: 2 }, STATS, false)).toThrow(/tailFactor and heavyArcs 'settle' do not mix .* use tailFactor: 0/);
    expect(() => planSssp({ method: 'near-far', tailFactor: -1 }, STATS, false)).toThrow(/tailFactor must be a finite number ≥ 0 .* got -1/);
    expect(() => planSssp({ method: 'near-far', tailFactor: Infinity }, STATS, false)).toThrow(/got Infinity/);
  });
});

/** Near-far with hubs waiting or not, on indirect grids and on a small fixed grid that strides over each pass. */
const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', delta: 35 },
  { method: 'near-far', delta: 35, hubDegree: 16 },
  { method: 'near-far', delta: 35, hubDegree: 8, hubRounds: 4, dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 8 },
];
const TYPES: SsspWeightType[] = ['f32', 'u32'];

describe.skipIf(!device)('near-far with the tail rule against the CPU reference', () => {
  it.each(CONFIGS.flatMap((config) => TYPES.map((weights) => [JSON.stringify(config), weights, config] as const)))(
    '%s, %s weights: the comet in fewer passes than without the rule, equal to Dijkstra',
    async (_label, weights, config) => {
      const reference = ssspReference(COMET, SOURCE, { weights }).dist;
      const widened = await sssp(device!, COMET, SOURCE, { ...config, weights });
      const plain = await sssp(device!, COMET, SOURCE, { ...config, weights, tailFactor: 0 });
      expect(validateSssp(COMET, SOURCE, widened, { weights }).violation).toBeUndefined();
      expect(widened.dist).toEqual(reference);
      expect(plain.dist).toEqual(reference);
      // Plain near-far takes a scan and a relax pass or more for each delta of the pendants' keys (~60 of them).
      expect(widened.passes).toBeLessThan(plain.passes / 2);
    },
  );

  it.each(CONFIGS.flatMap((config) => TYPES.map((weights) => [JSON.stringify(config), weights, config] as const)))(
    '%s, %s weights: maxDistance, a target in the tail and in the core, then a full query on one runner',
    async (_label, weights, config) => {
      const reference = ssspReference(COMET, SOURCE, { weights }).dist;
      const runner = await SsspRunner.create(device!, COMET, { ...config, weights });
      try {
        await expectPointQueries(runner, SOURCE, reference);
        // A target the core's first buckets settle: exact, and the search stops long before the tail.
        const core = reference.findIndex((d, v) => v !== SOURCE && d > 0 && d < 100);
        const early = await runner.run(SOURCE, { target: core });
        expect(early.dist[core]).toBe(reference[core]);
        for (let v = core; v !== SOURCE; v = early.parent![v]) expect(early.dist[v]).toBe(reference[v]);
        expect(early.passes).toBeLessThan((await runner.run(SOURCE)).passes);
      } finally {
        runner.destroy();
      }
    },
  );
});
