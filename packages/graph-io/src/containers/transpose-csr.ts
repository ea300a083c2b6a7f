import type { Csr } from '../csr.js';
import type { EdgeList } from '../edge-list.js';
import { csrFromEdges, type CsrFromEdgesOptions } from './csr-from-edges.js';
import { transposeRows } from './row-scatter.js';

/**
 * The transpose: row `v` of the result lists the in-arcs of `v` (so this is the CSC of `csr`), each row
 * sorted by tail, parallel arcs in their original order. O(n + m).
 *
 * @example
 * ```ts
 * const t = transposeCsr(csrFromEdges(edgeListFromArrays(3, [0, 0], [1, 2])));
 * // indptr [0, 0, 1, 2], indices [0, 0]: vertex 1 and vertex 2 each have in-arc from 0
 * ```
 */
export function transposeCsr(csr: Csr): Csr {
  const rows = transposeRows(csr.n, { indptr: csr.indptr, indices: csr.indices, payload: csr.weight });
  return {
    n: csr.n,
    indptr: rows.indptr,
    indices: rows.indices,
    weight: rows.payload,
    directed: csr.directed,
    sorted: true,
    ...(csr.ids === undefined ? {} : { ids: csr.ids }),
  };
}

/**
 * Compressed sparse columns of an edge list: a {@link Csr} whose row `v` holds the in-arcs of `v`
 * (`indices` are tails). Takes the same options as {@link csrFromEdges}.
 *
 * @example
 * ```ts
 * cscFromEdges(edgeListFromArrays(3, [0, 1], [2, 2]), { sortRows: true }).indices; // [0, 1] (both into 2)
 * ```
 */
export function cscFromEdges(edges: EdgeList, options?: CsrFromEdgesOptions): Csr {
  return csrFromEdges({ ...edges, src: edges.dst, dst: edges.src }, options);
}
