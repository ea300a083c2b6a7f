import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, type Csr } from '@semiforge/graph-io';
import { kernelFor, leafStart, planSssp, prepareSssp, ssspReference, SsspRunner, SSSP_STATE, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const undirected = (n: number, src: number[], dst: number[], w: number[]) => csrFromEdges(edgeListFromArrays(n, src, dst, w), { symmetrize: true, sortRows: true });

describe('leafStart: the suffix of vertices no visit is needed for', () => {
  it('undirected: degree at most 1 at the end, isolated vertices included', () => {
    // 0 – 1 – 2 – 3, 1 – 4: 3 and 4 are leaves at the end; 5 is alone.
    const g = undirected(6, [0, 1, 2, 1], [1, 2, 3, 4], [1, 1, 1, 1]);
    expect(leafStart(g)).toBe(3);
    // Leaf 0 comes before vertex 1 (degree 2): only the suffix counts.
    expect(leafStart(undirected(3, [0, 1], [1, 2], [1, 1]))).toBe(2);
    expect(leafStart(undirected(2, [0], [1], [1]))).toBe(0);
    expect(leafStart(undirected(0, [], [], []))).toBe(0);
  });

  it('directed: only vertices without arcs', () => {
    const g = csrFromEdges(edgeListFromArrays(4, [0, 0, 1], [1, 2, 3], [1, 1, 1]), { sortRows: true });
    expect(leafStart(g)).toBe(2);
  });

  it("the pass reads the state word the host writes (WGSL and CUDA spell it as a literal)", () => {
    const stats = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };
    const wgsl = kernelFor(planSssp({ method: 'near-far' }, stats, false).relax).source;
    const cuda = kernelFor(planSssp({ method: 'near-far', kernelTarget: 'cuda' }, stats, false).relax).source;
    expect(wgsl).toContain(`const LEAF_FROM: u32 = ${SSSP_STATE.leafFrom}u;`);
    expect(cuda).toContain(`#define LEAF_FROM ${SSSP_STATE.leafFrom}u`);
    expect(SSSP_STATE.leafFrom).toBe(SSSP_STATE.banks + 3 * SSSP_STATE.bankWords);
    expect(SSSP_STATE.words).toBe(SSSP_STATE.leafFrom + 1);
  });

  it('in degree order every leaf is in the suffix; Bellman-Ford has none', () => {
    const graph = integerWeights(KRONECKER_10);
    const setup = prepareSssp(graph, { method: 'near-far', weights: 'u32', relabel: 'degree' }, 'wgsl');
    const g = setup.graph;
    const leaves = Array.from({ length: g.n }, (_, v) => v).filter((v) => g.indptr[v + 1] - g.indptr[v] <= 1);
    expect(leaves.length).toBeGreaterThan(100);
    expect(setup.leafFrom).toBe(leaves[0]);
    expect(leaves.at(-1)! - leaves[0] + 1).toBe(leaves.length);
    expect(prepareSssp(graph, { method: 'bellman-ford', weights: 'u32' }, 'wgsl').leafFrom).toBeUndefined();
  });
});

/** Runs one query stepwise and returns the answer and the marks the passes left (a leaf's stays 0: never queued, never far). */
async function marksAfter(graph: Csr, source: number, options: SsspKernelOptions) {
  let marks: Uint32Array | undefined;
  const observe = async (d: SsspDispatchRecord) => {
    if (d.step === 'relax') marks = (await d.read('mark', graph.n)).slice();
  };
  const runner = await SsspRunner.create(device!, graph, options, observe);
  try {
    return { result: await runner.run(source), marks: marks! };
  } finally {
    runner.destroy();
  }
}

describe.skipIf(!device)('leaves are lowered but never visited', () => {
  const graph = integerWeights(KRONECKER_10);

  it.each<[string, SsspKernelOptions]>([
    ['near-far in degree order', { method: 'near-far', weights: 'u32', relabel: 'degree' }],
    ['near-far, fused, hubs waiting', { method: 'near-far', weights: 'u32', relabel: 'degree', fuseAdvance: true, hubDegree: 8 }],
    ['frontier Bellman-Ford in degree order', { method: 'frontier', weights: 'u32', relabel: 'degree' }],
  ])('%s: same distances and tree as Dijkstra; no leaf queued or marked', async (_name, options) => {
    const setup = prepareSssp(graph, options, 'wgsl');
    const source = setup.ids!.toUser[0];
    const { result, marks } = await marksAfter(setup.graph, 0, { ...options, relabel: 'none' });
    const reference = ssspReference(setup.graph, 0, { weights: 'u32' }).dist;
    expect(result.dist).toEqual(reference);
    expect(validateSssp(setup.graph, 0, result, { weights: 'u32' }).violation).toBeUndefined();
    const leafFrom = setup.leafFrom!;
    const reachedLeaves = Array.from(reference.subarray(leafFrom)).filter(Number.isFinite).length;
    expect(reachedLeaves).toBeGreaterThan(50);
    expect(Array.from(marks.subarray(leafFrom)).every((m) => m === 0)).toBe(true);
    // The caller's ids: the same answer through the renumbering.
    const runner = await SsspRunner.create(device!, graph, options);
    try {
      expect((await runner.run(source)).dist).toEqual(ssspReference(graph, source, { weights: 'u32' }).dist);
    } finally {
      runner.destroy();
    }
  });

  it('a leaf as the source, and as a target the search stops at', async () => {
    const setup = prepareSssp(graph, { method: 'near-far', weights: 'u32', relabel: 'degree' }, 'wgsl');
    const leaf = setup.leafFrom!;
    const reference = ssspReference(setup.graph, leaf, { weights: 'u32' }).dist;
    const runner = await SsspRunner.create(device!, setup.graph, { method: 'near-far', weights: 'u32' });
    try {
      const fromLeaf = await runner.run(leaf);
      expect(fromLeaf.dist).toEqual(reference);
      expect(validateSssp(setup.graph, leaf, fromLeaf, { weights: 'u32' }).violation).toBeUndefined();
      const far = setup.graph.n - 1 - Array.from(reference).reverse().findIndex(Number.isFinite);
      expect(far).toBeGreaterThanOrEqual(leaf);
      const toLeaf = await runner.run(0, { target: far });
      expect(toLeaf.dist[far]).toBe(ssspReference(setup.graph, 0, { weights: 'u32' }).dist[far]);
    } finally {
      runner.destroy();
    }
  });

  it('directed: sinks at the end are set, never visited, and the answer is Dijkstra', async () => {
    // Vertices 150..199 have no arcs out (sinks), so they end the graph.
    const er = generateErdosRenyi({ n: 150, m: 900, seed: 9, weights: { min: 1, max: 20 } });
    const src = Array.from(er.src);
    const dst = Array.from(er.dst);
    const w = Array.from(er.weight!);
    for (let v = 150; v < 200; v++) {
      src.push(v % 150);
      dst.push(v);
      w.push(1 + (v % 7));
    }
    const g = csrFromEdges(edgeListFromArrays(200, src, dst, w), { sortRows: true });
    const options: SsspKernelOptions = { method: 'near-far', weights: 'u32' };
    expect(prepareSssp(g, options, 'wgsl').leafFrom).toBe(150);
    const { result, marks } = await marksAfter(g, 0, options);
    expect(result.dist).toEqual(ssspReference(g, 0, { weights: 'u32' }).dist);
    expect(validateSssp(g, 0, result, { weights: 'u32' }).violation).toBeUndefined();
    expect(Array.from(result.dist.subarray(150)).every(Number.isFinite)).toBe(true);
    expect(Array.from(marks.subarray(150)).every((m) => m === 0)).toBe(true);
  });
});
