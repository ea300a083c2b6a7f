import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { planSssp, SsspRunner, ssspReference, ssspWeights, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { rowsByWeight } from '../src/sssp/sssp.rows.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectPointQueries, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

// Kronecker scale 10: hubs of hundreds of arcs, so heads wait many buckets.
/**
 * A hub one step from the source whose 100 arcs share one heavy weight: they all fall in one later bucket, more
 * than a scan relaxes itself, so the hub is queued for them (and a ring among the leaves re-lowers some).
 */
function heavyHub(): Csr {
  const leaves = Array.from({ length: 100 }, (_, i) => i + 2);
  const src = [0, ...leaves.map(() => 1), ...leaves];
  const dst = [1, ...leaves, ...leaves.map((v) => 2 + ((v - 1) % 100))];
  const w = [1, ...leaves.map(() => 50), ...leaves.map((v) => 1 + (v % 3))];
  return csrFromEdges(edgeListFromArrays(102, src, dst, w), { symmetrize: true, sortRows: true });
}

const CASES = [...SSSP_CASES, { name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }, { name: 'a hub with 100 arcs of one weight', graph: heavyHub(), source: 0 }];

const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', deferArcs: true },
  // Narrow buckets, a hub's arcs cut into many chunks, and a fixed grid striding over each pass.
  { method: 'near-far', deferArcs: true, dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 4, delta: 3, batch: 2 },
];

describe('rows by weight', () => {
  it("sorts each row's arcs by weight (−0 with +0), keeping each row's arcs and their weights", () => {
    const graph = csrFromEdges(edgeListFromArrays(4, [0, 0, 0, 0, 1, 2, 2], [1, 2, 3, 3, 2, 3, 0], [5, 0.5, -0, 2, 1, 0, 3]), { sortRows: true });
    const { values } = ssspWeights(graph, 'f32');
    const sorted = rowsByWeight(graph, values);
    for (let u = 0; u < graph.n; u++) {
      const [a, b] = [graph.indptr[u], graph.indptr[u + 1]];
      const row = (indices: Uint32Array, w: ArrayLike<number>) => Array.from(indices.subarray(a, b), (v, i) => `${v}:${w[a + i]}`).sort();
      expect(row(sorted.graph.indices, sorted.values)).toEqual(row(graph.indices, values));
      for (let e = a + 1; e < b; e++) expect(sorted.values[e - 1]).toBeLessThanOrEqual(sorted.values[e]);
    }
    expect(Array.from(sorted.graph.weight!)).toEqual(Array.from(sorted.values));
  });

  it('deferred arcs need near-far', () => {
    expect(() => planSssp({ method: 'frontier', deferArcs: true }, { n: 4, arcs: 8, minWeight: 0, meanWeight: 1 }, false)).toThrow(/deferArcs needs near-far/);
  });
});

describe.skipIf(!device)('near-far with deferred arcs against the CPU reference', () => {
  describeAgainstReference(device!, CASES, CONFIGS);

  it('maxDistance and a target on one runner (far marks of a stopped search do not leak into the next)', async () => {
    const graph = integerWeights(KRONECKER_10);
    const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
    const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32', deferArcs: true, delta: 8 });
    try {
      await expectPointQueries(runner, 1, reference);
    } finally {
      runner.destroy();
    }
  });

  it('a profiled runner hands over every step, in order, with the state it left, and gives the same answer', async () => {
    const graph = integerWeights(KRONECKER_10);
    const steps: string[] = [];
    const observe = async (d: SsspDispatchRecord) => {
      steps.push(d.step);
      if (d.step === 'advance') expect((await d.read('state', 9))[8]).toBe(1);
    };
    const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32', deferArcs: true }, observe);
    try {
      const result = await runner.run(1);
      expect(result.dist).toEqual(ssspReference(graph, 1, { weights: 'u32' }).dist);
      const passes = steps.filter((s) => s === 'relax').length;
      expect(passes).toBeGreaterThanOrEqual(result.passes);
      expect(steps.slice(0, 2 * passes).every((s, i) => s === (i % 2 === 0 ? 'advance' : 'relax'))).toBe(true);
      expect(steps.slice(2 * passes)).toContain('tree');
    } finally {
      runner.destroy();
    }
  });
});
