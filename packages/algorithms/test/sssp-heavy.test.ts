import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { planSssp, ssspBufferName, SsspRunner, ssspReference, ssspWeights, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { lightFirstRows } from '../src/sssp/sssp.rows.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectQueriesAndBatch, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };

/**
 * A hub one step from the source whose 100 arcs share one heavy weight, and a ring among the leaves with light
 * ones: the hub's heavy arcs are queued in many chunks at the next bucket, and the ring lowers some leaves again.
 */
function heavyHub(): Csr {
  const leaves = Array.from({ length: 100 }, (_, i) => i + 2);
  const src = [0, ...leaves.map(() => 1), ...leaves];
  const dst = [1, ...leaves, ...leaves.map((v) => 2 + ((v - 1) % 100))];
  const w = [1, ...leaves.map(() => 50), ...leaves.map((v) => 1 + (v % 3))];
  return csrFromEdges(edgeListFromArrays(102, src, dst, w), { symmetrize: true, sortRows: true });
}

const CASES = [...SSSP_CASES, { name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }, { name: 'a hub with 100 heavy arcs of one weight', graph: heavyHub(), source: 0 }];

const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', heavyArcs: 'settle' },
  // Narrow buckets, hubs cut into many chunks, small workgroups on a fixed grid striding over each pass.
  { method: 'near-far', heavyArcs: 'settle', dispatch: 'fixed', fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 4, delta: 3, batch: 2 },
  // delta 1: only zero weights are light (a bucket a key); 16 lanes an item.
  { method: 'near-far', heavyArcs: 'settle', workgroupSize: 32, lanesPerVertex: 16, chunk: 16, delta: 1 },
  // A delta past every weight: no arc is heavy, so no vertex waits (one lane an item).
  { method: 'near-far', heavyArcs: 'settle', dispatch: 'fixed', fixedWorkgroups: 2, workgroupSize: 32, lanesPerVertex: 1, delta: 1000 },
  // Queues packed as (vertex, chunk) pairs, as in a browser; heavy items tagged in the pairs' chunk words.
  { method: 'near-far', heavyArcs: 'settle', packedQueue: true, lanesPerVertex: 4, chunk: 4, delta: 3 },
];

describe('rows with their light arcs first', () => {
  it('partitions each row stably at delta (−0 light), keeping its arcs and their weights', () => {
    const graph = csrFromEdges(edgeListFromArrays(4, [0, 0, 0, 0, 0, 1, 2, 2], [1, 2, 3, 3, 0, 2, 3, 0], [5, 0.5, -0, 2, 3, 1, 0, 3]), { sortRows: true });
    const { values } = ssspWeights(graph, 'f32');
    const rows = lightFirstRows(graph, values, 2);
    for (let u = 0; u < graph.n; u++) {
      const [a, b] = [graph.indptr[u], graph.indptr[u + 1]];
      const arcs = Array.from(graph.indices.subarray(a, b), (v, i) => ({ v, w: values[a + i] }));
      const expected = [...arcs.filter((x) => x.w < 2), ...arcs.filter((x) => x.w >= 2)];
      const got = Array.from(rows.graph.indices.subarray(a, b), (v, i) => ({ v, w: rows.values[a + i] }));
      expect(got).toEqual(expected);
      expect(rows.lightEnd[u]).toBe(a + arcs.filter((x) => x.w < 2).length);
    }
    expect(Array.from(rows.graph.weight!)).toEqual(Array.from(rows.values));
    expect(rows.graph.indptr).toBe(graph.indptr);
  });

  it('splits u32 weights by value', () => {
    const graph = integerWeights(KRONECKER_10);
    const { values } = ssspWeights(graph, 'u32');
    const rows = lightFirstRows(graph, values, 35);
    const misplaced: number[] = [];
    for (let u = 0; u < graph.n; u++) {
      for (let e = graph.indptr[u]; e < graph.indptr[u + 1]; e++) if (rows.values[e] < 35 !== e < rows.lightEnd[u]) misplaced.push(e);
    }
    expect(misplaced).toEqual([]);
    expect(rows.lightEnd.some((end, u) => end > graph.indptr[u] && end < graph.indptr[u + 1])).toBe(true);
  });
});

describe('the plan that settles heavy arcs', () => {
  it('marks only the frontier pass, for either target', () => {
    const plan = planSssp({ method: 'near-far', heavyArcs: 'settle' }, STATS, false);
    expect(plan.heavyArcs).toBe('settle');
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', heavyArcs: 'settle' });
    expect(plan.advance).not.toHaveProperty('heavyArcs');
    expect(planSssp({ method: 'near-far' }, STATS, false).relax).not.toHaveProperty('heavyArcs');
    expect(planSssp({ method: 'near-far', heavyArcs: 'inline' }, STATS, false).relax).toEqual(planSssp({ method: 'near-far' }, STATS, false).relax);
    const cuda = planSssp({ method: 'near-far', heavyArcs: 'settle', kernelTarget: 'cuda' }, STATS, false);
    expect(cuda.relax).toEqual({ ...plan.relax, target: 'cuda' });
  });

  it('refuses other methods and unknown values, saying why', () => {
    expect(() => planSssp({ method: 'frontier', heavyArcs: 'settle' }, STATS, false)).toThrow(/heavyArcs 'settle' needs near-far's buckets .* got method 'frontier'; use method: 'near-far'/);
    expect(() => planSssp({ method: 'bellman-ford', heavyArcs: 'settle' }, STATS, false)).toThrow(/got method 'bellman-ford'/);
    expect(() => planSssp({ method: 'auto', heavyArcs: 'settle' }, { ...STATS, minWeight: -1 }, true)).toThrow(/got method 'bellman-ford'/);
    expect(() => planSssp({ method: 'near-far', heavyArcs: 'later' as never }, STATS, false)).toThrow(/heavyArcs must be 'inline' or 'settle', got 'later'/);
  });
});

/** Arcs a profiled query relaxed: of light items and of heavy ones, and each vertex's heavy items' arcs. */
interface Relaxed {
  light: number;
  heavy: number;
  heavyOf: Map<number, number>;
  waiting: number;
}

/** A runner whose observer adds up the arcs of each relax pass's queue items (their chunks cut as the kernel cuts them). */
async function profiledRunner(graph: Csr, options: SsspKernelOptions, chunk: number): Promise<{ runner: SsspRunner; relaxed: () => Relaxed }> {
  let relaxed: Relaxed = { light: 0, heavy: 0, heavyOf: new Map(), waiting: 0 };
  let lightEnd: Uint32Array | undefined;
  const observe = async (d: SsspDispatchRecord) => {
    if (d.step !== 'advance') return;
    const state = await d.read('state', 8);
    if (state[0] !== 0 || state[6] !== 0) return;
    relaxed.waiting = Math.max(relaxed.waiting, state[7]);
    lightEnd ??= options.heavyArcs === 'settle' ? await d.read('light_end', graph.n) : graph.indptr.subarray(1);
    const items = state[4 + d.parity];
    const queue = await d.read(ssspBufferName('relax', d.parity, 'queue_in', false), items);
    const chunks = await d.read(ssspBufferName('relax', d.parity, 'chunk_in', false), items);
    for (let i = 0; i < items; i++) {
      const v = queue[i];
      const heavy = chunks[i] >>> 31 === 1;
      const [from, to] = heavy ? [lightEnd[v], graph.indptr[v + 1]] : [graph.indptr[v], lightEnd[v]];
      const start = from + (chunks[i] & 0x7fffffff) * chunk;
      const arcs = Math.max(0, Math.min(to, start + chunk) - start);
      if (!heavy) relaxed.light += arcs;
      else {
        relaxed.heavy += arcs;
        relaxed.heavyOf.set(v, (relaxed.heavyOf.get(v) ?? 0) + arcs);
      }
    }
  };
  const runner = await SsspRunner.create(device!, graph, options, observe);
  return {
    runner,
    relaxed: () => {
      const r = relaxed;
      relaxed = { light: 0, heavy: 0, heavyOf: new Map(), waiting: 0 };
      return r;
    },
  };
}

describe.skipIf(!device)('near-far settling heavy arcs against the CPU reference', () => {
  describeAgainstReference(device!, CASES, CONFIGS);

  it('maxDistance, a target and a batch of sources on one runner (marks of a stopped search do not leak into the next)', async () => {
    await expectQueriesAndBatch(device!, { method: 'near-far', heavyArcs: 'settle', delta: 8 });
  });

  it("relaxes each reached vertex's heavy arcs exactly once, and fewer arcs in all than relaxing them on every visit", async () => {
    const graph = integerWeights(KRONECKER_10);
    // One chunk for both (the plan's default differs with heavy arcs settled), so the profile reads their items alike.
    const options = { method: 'near-far', weights: 'u32', delta: 35, lanesPerVertex: 4, chunk: 256 } as const;
    const chunk = options.chunk;
    const inline = await profiledRunner(graph, options, chunk);
    const settle = await profiledRunner(graph, { ...options, heavyArcs: 'settle' }, chunk);
    try {
      const reference = ssspReference(graph, 1, { weights: 'u32' }).dist;
      expect((await inline.runner.run(1)).dist).toEqual(reference);
      const plain = inline.relaxed();
      expect((await settle.runner.run(1)).dist).toEqual(reference);
      const split = settle.relaxed();
      expect(plain.heavy).toBe(0);
      expect(split.waiting).toBe(1);
      const { values } = ssspWeights(graph, 'u32');
      const heavyArcs = (v: number) => {
        let k = 0;
        for (let e = graph.indptr[v]; e < graph.indptr[v + 1]; e++) if (values[e] >= 35) k++;
        return k;
      };
      for (let v = 0; v < graph.n; v++) expect(split.heavyOf.get(v) ?? 0).toBe(Number.isFinite(reference[v]) ? heavyArcs(v) : 0);
      expect(split.light + split.heavy).toBeLessThan(plain.light);
    } finally {
      inline.runner.destroy();
      settle.runner.destroy();
    }
  });
});
