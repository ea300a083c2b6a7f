import fc from 'fast-check';
import type { Csr, EdgeList } from '../../src/index.js';

/** One arc as the naive references see it: head, weight (null for pattern graphs), input arc index. */
export type RefArc = [dst: number, w: number | null, k: number];

/** Random small edge lists: directed or not (not: mirrors listed), pattern, f64 or f32 weights, many repeats. */
export const smallEdgeList = (maxN = 12, maxM = 60): fc.Arbitrary<EdgeList> =>
  fc
    .record({
      n: fc.integer({ min: 1, max: maxN }),
      kind: fc.constantFrom('pattern', 'f64', 'f32'),
      directed: fc.boolean(),
      seedArcs: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -50, max: 50 })), { maxLength: maxM }),
    })
    .map(({ n, kind, directed, seedArcs }) => {
      const list: Array<[number, number, number]> = [];
      for (const [a, b, w] of seedArcs) {
        list.push([a % n, b % n, w]);
        if (!directed && a % n !== b % n) list.push([b % n, a % n, w]);
      }
      const weight = kind === 'pattern' ? null : (kind === 'f64' ? Float64Array : Float32Array).from(list.map((a) => a[2]));
      return {
        n,
        src: Uint32Array.from(list.map((a) => a[0])),
        dst: Uint32Array.from(list.map((a) => a[1])),
        weight,
        directed,
      };
    });

/** Rows of arcs in input order, mirrors added by the naive rule, with Array-based storage. */
export function refRows(edges: EdgeList, options: { symmetrize?: boolean; dropSelfLoops?: boolean } = {}): RefArc[][] {
  const rows: RefArc[][] = Array.from({ length: edges.n }, () => []);
  for (let k = 0; k < edges.src.length; k++) {
    const u = edges.src[k];
    const v = edges.dst[k];
    const w = edges.weight === null ? null : edges.weight[k];
    if (u === v && options.dropSelfLoops === true) continue;
    rows[u].push([v, w, k]);
    if (options.symmetrize === true && edges.directed && u !== v) rows[v].push([u, w, k]);
  }
  return rows;
}

/** Each row sorted by head, stably (Array.prototype.sort is stable). */
export function refSort(rows: RefArc[][]): RefArc[][] {
  return rows.map((row) => [...row].sort((a, b) => a[0] - b[0]));
}

/** Parallel arcs merged through a Map per row, in input order; the result is sorted by head. */
export function refCombine(rows: RefArc[][], combine: 'sum' | 'min' | 'last', f32 = false): RefArc[][] {
  return rows.map((row) => {
    const byHead = new Map<number, RefArc>();
    for (const [v, w, k] of row) {
      const seen = byHead.get(v);
      if (seen === undefined || w === null) byHead.set(v, seen ?? [v, w, k]);
      else if (combine === 'sum') seen[1] = seen[1]! + w;
      else if (combine === 'min') seen[1] = Math.min(seen[1]!, w);
      else seen[1] = w;
    }
    const out = [...byHead.values()].sort((a, b) => a[0] - b[0]);
    return f32 ? out.map(([v, w, k]): RefArc => [v, w === null ? null : Math.fround(w), k]) : out;
  });
}

/** A CSR's rows as `[head, weight]` pairs, checking the offsets' invariants on the way. */
export function csrRows(csr: Csr): Array<Array<[number, number | null]>> {
  const { n, indptr, indices, weight } = csr;
  if (indptr.length !== n + 1 || indptr[0] !== 0 || indptr[n] !== indices.length) throw new Error('bad indptr');
  if (weight !== null && weight.length !== indices.length) throw new Error('bad weight length');
  const rows: Array<Array<[number, number | null]>> = [];
  for (let v = 0; v < n; v++) {
    if (indptr[v + 1] < indptr[v]) throw new Error(`indptr decreases at ${v}`);
    const row: Array<[number, number | null]> = [];
    for (let p = indptr[v]; p < indptr[v + 1]; p++) row.push([indices[p], weight === null ? null : weight[p]]);
    rows.push(row);
  }
  return rows;
}

/** Drops the arc indices, for comparison with {@link csrRows}. */
export function withoutIndex(rows: RefArc[][]): Array<Array<[number, number | null]>> {
  return rows.map((row) => row.map(([v, w]): [number, number | null] => [v, w]));
}

/** The undirected simple view as neighbour sets: both orientations, no self-loops, no repeats. */
export function refNeighbours(csr: Csr): Array<Set<number>> {
  const adj = Array.from({ length: csr.n }, () => new Set<number>());
  for (let u = 0; u < csr.n; u++) {
    for (let p = csr.indptr[u]; p < csr.indptr[u + 1]; p++) {
      const v = csr.indices[p];
      if (u === v) continue;
      adj[u].add(v);
      adj[v].add(u);
    }
  }
  return adj;
}
