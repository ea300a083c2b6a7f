import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, generateKronecker, inducedSubgraph, invertIds, mapVertexIds, relabelByDegree, toUserOrder, type Csr } from '../../src/index.js';
import { csrRows, smallEdgeList } from '../containers/reference-graph.js';

/** BFS over out-arcs with an Array queue: depth (−1 unreached) and the parent that first reached each vertex. */
function naiveBfs(csr: Csr, source: number): { depth: Int32Array; parent: Int32Array } {
  const depth = new Int32Array(csr.n).fill(-1);
  const parent = new Int32Array(csr.n).fill(-1);
  const queue = [source];
  depth[source] = 0;
  while (queue.length > 0) {
    const u = queue.shift()!;
    for (const [v] of csrRows(csr)[u]) {
      if (depth[v] >= 0) continue;
      depth[v] = depth[u] + 1;
      parent[v] = u;
      queue.push(v);
    }
  }
  return { depth, parent };
}

describe('relabelByDegree', () => {
  it('with keep, gives the induced subgraph relabelled by its own degrees', () => {
    const csr = csrFromEdges(generateKronecker({ scale: 9, edgeFactor: 8, seed: 3 }), { symmetrize: true });
    // Unsorted and sparse: every third vertex dropped, the rest listed from the top.
    const keep = Uint32Array.from({ length: csr.n }, (_, v) => csr.n - 1 - v).filter((v) => v % 3 !== 0);
    const want = relabelByDegree(inducedSubgraph(csr, keep.slice().sort()));
    const got = relabelByDegree(csr, { keep });
    expect(got.n).toBe(keep.length);
    expect(got.sorted).toBe(true);
    expect(Array.from(got.ids!)).toEqual(Array.from(want.ids!));
    expect(Array.from(got.indptr)).toEqual(Array.from(want.indptr));
    expect(Array.from(got.indices)).toEqual(Array.from(want.indices));
  });

  it('with keep, refuses a vertex out of range or listed twice', () => {
    const csr = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2]));
    expect(() => relabelByDegree(csr, { keep: Uint32Array.of(0, 3) })).toThrow('keep[1] = 3 out of range 0..2');
    expect(() => relabelByDegree(csr, { keep: Uint32Array.of(1, 1) })).toThrow('keep[1] = 1 is listed twice');
  });

  it('gives id 0 to the highest degree, ties by old id, and keeps the permutation in ids', () => {
    const g = relabelByDegree(csrFromEdges(edgeListFromArrays(4, [2, 2, 0, 3], [0, 1, 2, 1])));
    expect(Array.from(g.ids!)).toEqual([2, 0, 3, 1]);
    expect(csrRows(g)).toEqual([[[1, null], [3, null]], [[0, null]], [[3, null]], []]);
    const up = relabelByDegree(csrFromEdges(edgeListFromArrays(4, [2, 2, 0, 3], [0, 1, 2, 1])), { order: 'ascending' });
    expect(Array.from(up.ids!)).toEqual([1, 0, 3, 2]);
    expect(() => relabelByDegree(g, { order: 'up' as 'ascending' })).toThrow(/options.order = up/);
  });

  it('matches a sort-based reference, composing existing ids', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.constantFrom('descending', 'ascending' as const), (g, order) => {
        const ids = Uint32Array.from({ length: g.n }, (_, v) => 100 + 3 * v);
        const csr = csrFromEdges({ ...g, ids });
        const rows = csrRows(csr);
        const sign = order === 'descending' ? -1 : 1;
        const oldOf = rows.map((_, v) => v).sort((a, b) => sign * (rows[a].length - rows[b].length) || a - b);
        const newOf = new Map(oldOf.map((v, i) => [v, i]));
        const expected = oldOf.map((v) =>
          rows[v].map(([u, w]): [number, number | null] => [newOf.get(u)!, w]).sort((a, b) => a[0] - b[0]),
        );
        const out = relabelByDegree(csr, { order });
        expect(csrRows(out)).toEqual(expected);
        expect(Array.from(out.ids!)).toEqual(oldOf.map((v) => ids[v]));
        expect([out.sorted, out.directed]).toEqual([true, g.directed]);
      }),
      { numRuns: 150 },
    );
  });

  it('maps BFS results on the relabelled graph back to the user ids', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.nat(), (g, s) => {
        const csr = csrFromEdges(g);
        const source = s % g.n;
        const relabelled = relabelByDegree(csr);
        const ids = relabelled.ids!;
        const run = naiveBfs(relabelled, ids.indexOf(source));
        expect(toUserOrder(run.depth, ids)).toEqual(naiveBfs(csr, source).depth);
        const parent = toUserOrder(mapVertexIds(run.parent, ids), ids);
        const depth = naiveBfs(csr, source).depth;
        for (let v = 0; v < g.n; v++) {
          if (parent[v] === -1) continue;
          expect(depth[parent[v]]).toBe(depth[v] - 1);
          expect(csrRows(csr)[parent[v]].some(([u]) => u === v)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('invertIds', () => {
  it('gives each user vertex its new id: a relabelled graph\'s rows are the user\'s rows', () => {
    expect(Array.from(invertIds(Uint32Array.of(2, 0, 1)))).toEqual([1, 2, 0]);
    const csr = csrFromEdges(generateKronecker({ scale: 7, seed: 5 }), { symmetrize: true, sortRows: true });
    const g = relabelByDegree(csr);
    const toInner = invertIds(g.ids!);
    for (let u = 0; u < csr.n; u++) {
      const inner = toInner[u];
      expect(g.ids![inner]).toBe(u);
      const heads = Array.from(g.indices.subarray(g.indptr[inner], g.indptr[inner + 1]), (v) => g.ids![v]).sort((a, b) => a - b);
      expect(heads).toEqual(Array.from(csr.indices.subarray(csr.indptr[u], csr.indptr[u + 1])).sort((a, b) => a - b));
    }
  });
});

describe('toUserOrder and mapVertexIds', () => {
  it('scatter into a longer user range with a fill, keeping the none marker', () => {
    const ids = Uint32Array.of(5, 1);
    expect(Array.from(toUserOrder(Float64Array.of(0.5, 2), ids, { length: 6, fill: NaN }))).toEqual([NaN, 2, NaN, NaN, NaN, 0.5]);
    expect(Array.from(mapVertexIds(Uint32Array.of(1, 0xffffffff, 0), ids))).toEqual([1, 0xffffffff, 5]);
    expect(Array.from(mapVertexIds(Int32Array.of(-1, 0), ids))).toEqual([-1, 5]);
  });

  it('refuse ids out of range and values that are not vertices', () => {
    expect(() => toUserOrder(Uint8Array.of(1, 2), Uint32Array.of(0, 4))).toThrow('ids[1] = 4 out of range 0..1 (options.length = 2)');
    expect(() => toUserOrder(Uint8Array.of(1), Uint32Array.of(0, 1))).toThrow(/values has 1 entries but ids has 2/);
    expect(() => mapVertexIds(Int32Array.of(2), Uint32Array.of(0, 1))).toThrow('values[0] = 2 is not a vertex id below 2');
    expect(() => mapVertexIds(Int32Array.of(0), Uint32Array.of(2 ** 31))).toThrow(/does not fit the Int32Array/);
  });
});
