import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { planSssp, sssp, SsspRunner, ssspReference, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectPointQueries, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };

/**
 * A star of 300 leaves (two chunks of 256 and one of 44 arcs at the default chunk) whose leaves form a path: a
 * round of items with arc counts far apart, so the workgroup's arcs cross item boundaries at every lane.
 */
function starOfPaths(): Csr {
  const leaves = Array.from({ length: 300 }, (_, i) => i + 1);
  const src = [...leaves.map(() => 0), ...leaves.slice(1)];
  const dst = [...leaves, ...leaves.slice(0, -1)];
  const w = [...leaves.map((v) => 1 + (v % 17)), ...leaves.slice(1).map((v) => v % 3)];
  return csrFromEdges(edgeListFromArrays(301, src, dst, w), { symmetrize: true, sortRows: true });
}

const CASES = [...SSSP_CASES, { name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }, { name: 'a star of 300 leaves on a path', graph: starOfPaths(), source: 0 }];

const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', balance: 'arcs' },
  // Narrow buckets, hubs cut into many chunks, small workgroups on a fixed grid striding over each pass. (One
  // small workgroup size for the rest: each size's first run costs lavapipe seconds.)
  { method: 'near-far', balance: 'arcs', dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 64, chunk: 4, delta: 3, batch: 2 },
  { method: 'near-far', balance: 'arcs', deferArcs: true, workgroupSize: 64, chunk: 16 },
  { method: 'frontier', balance: 'arcs', dispatch: 'fixed', fixedWorkgroups: 2, workgroupSize: 64 },
];

describe('the balanced plan', () => {
  it('takes one lane an item and marks only the pass balanced', () => {
    const plan = planSssp({ method: 'near-far', balance: 'arcs' }, STATS, false);
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', balance: 'arcs', lanesPerVertex: 1 });
    expect(plan.advance).toMatchObject({ lanesPerVertex: 1 });
    expect(plan.advance).not.toHaveProperty('balance');
    expect(planSssp({ method: 'near-far' }, STATS, false).relax).not.toHaveProperty('balance');
  });

  it('is the same pass for the CUDA runner', () => {
    const cuda = planSssp({ method: 'near-far', balance: 'arcs', kernelTarget: 'cuda' }, STATS, false);
    expect(cuda.relax).toEqual({ ...planSssp({ method: 'near-far', balance: 'arcs' }, STATS, false).relax, target: 'cuda' });
  });

  it('refuses other lanes, Bellman-Ford and unknown balances, saying why', () => {
    expect(() => planSssp({ method: 'near-far', balance: 'arcs', lanesPerVertex: 4 }, STATS, false)).toThrow(/lanesPerVertex must be 1 \(or unset\), got 4/);
    expect(() => planSssp({ method: 'bellman-ford', balance: 'arcs' }, STATS, false)).toThrow(/Bellman-Ford's passes cover every pair already/);
    expect(() => planSssp({ method: 'near-far', balance: 'rows' as never }, STATS, false)).toThrow(/'arcs' or absent, got 'rows'/);
  });
});

describe.skipIf(!device)('balanced frontier passes against the CPU reference', () => {
  describeAgainstReference(device!, CASES, CONFIGS);

  it('about the passes of one lane an item, and maxDistance and a target on one runner', async () => {
    const graph = integerWeights(KRONECKER_10);
    const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
    const options = { method: 'near-far', weights: 'u32', delta: 8, dispatch: 'indirect' } as const;
    // Same buckets and queue rules: only the invocations sharing the arcs differ (races may queue a vertex in another pass).
    const plain = await sssp(device!, graph, 1, { ...options, lanesPerVertex: 1 });
    const runner = await SsspRunner.create(device!, graph, { ...options, balance: 'arcs' });
    try {
      const full = await runner.run(1);
      expect(full.dist).toEqual(reference);
      expect(Math.abs(full.passes - plain.passes)).toBeLessThanOrEqual(Math.ceil(plain.passes / 4));
      await expectPointQueries(runner, 1, reference);
    } finally {
      runner.destroy();
    }
  });
});
