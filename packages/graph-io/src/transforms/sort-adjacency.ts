import type { Csr } from '../csr.js';
import { sortRowsInPlace } from '../containers/sort-rows.js';

/**
 * The same graph with every row sorted by head (parallel arcs keep their order); a sorted CSR is
 * returned as is. Copies `indices` and `weight` and sorts the copies row by row; `indptr` is shared.
 *
 * @example
 * ```ts
 * sortAdjacency(csrFromEdges(edgeListFromArrays(3, [0, 0], [2, 1]))).indices; // [1, 2]
 * ```
 */
export function sortAdjacency(csr: Csr): Csr {
  if (csr.sorted) return csr;
  const indices = csr.indices.slice();
  const weight = csr.weight === null ? null : csr.weight.slice();
  sortRowsInPlace(csr.n, csr.indptr, indices, weight);
  return { ...csr, indices, weight, sorted: true };
}
