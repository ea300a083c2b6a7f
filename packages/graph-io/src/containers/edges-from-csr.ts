import type { Csr } from '../csr.js';
import type { EdgeList } from '../edge-list.js';

/**
 * The arcs of a CSR as an edge list in row order. `dst` and `weight` are the CSR's own `indices` and
 * `weight` arrays (shared, not copied: at 500 M arcs a copy is gigabytes); only `src` is new.
 *
 * @example
 * ```ts
 * edgesFromCsr(csrFromEdges(edgeListFromArrays(2, [1, 0], [0, 1])));
 * // { n: 2, src: [0, 1], dst: [1, 0], weight: null, directed: true }
 * ```
 */
export function edgesFromCsr(csr: Csr): EdgeList {
  const { n, indptr } = csr;
  const src = new Uint32Array(csr.indices.length);
  for (let v = 0; v < n; v++) src.fill(v, indptr[v], indptr[v + 1]);
  return {
    n,
    src,
    dst: csr.indices,
    weight: csr.weight,
    directed: csr.directed,
    ...(csr.ids === undefined ? {} : { ids: csr.ids }),
  };
}
