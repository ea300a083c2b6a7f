import type { Csr } from '../csr.js';
import { csrFromEdges } from '../containers/csr-from-edges.js';
import { edgesFromCsr } from '../containers/edges-from-csr.js';

/**
 * The undirected graph with every arc's mirror added (a self-loop once); an undirected CSR already holds
 * its mirrors and is returned as is. Rows stay sorted if they were; parallel arcs are kept (merge them
 * with `csrFromEdges(…, { duplicates })` on {@link edgesFromCsr}).
 *
 * @example
 * ```ts
 * symmetrize(csrFromEdges(edgeListFromArrays(2, [0], [1]))).indices; // [1, 0]
 * ```
 */
export function symmetrize(csr: Csr): Csr {
  if (!csr.directed) return csr;
  return csrFromEdges(edgesFromCsr(csr), { symmetrize: true, sortRows: csr.sorted });
}
