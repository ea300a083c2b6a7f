/**
 * Where tiles of `tile` items start on the merge path of a CSR's n row ends and nnz nonzeros: entry t is
 * the number of row ends before diagonal min(t · tile, n + nnz) (its nonzeros: the diagonal minus that),
 * for t = 0 … tiles. A row end equal to a nonzero's index comes first, since that nonzero opens the next
 * row. Depends on the matrix alone, so a runner finds it once rather than every product.
 *
 * @example
 * // Rows of 2, 0 and 1 nonzeros: path = nz0 nz1 end0 end1 nz2 end2; tiles of 4 start at 0 and 2 rows.
 * mergePathRows(Uint32Array.of(0, 2, 2, 3), 4); // Uint32Array [0, 2, 3]
 */
export function mergePathRows(indptr: Uint32Array, tile: number): Uint32Array {
  const n = indptr.length - 1;
  const nnz = indptr[n];
  const total = n + nnz;
  const tiles = Math.ceil(total / tile);
  const rows = new Uint32Array(tiles + 1);
  for (let t = 0; t <= tiles; t++) {
    const d = Math.min(t * tile, total);
    let lo = Math.max(0, d - nnz);
    let hi = Math.min(d, n);
    while (lo < hi) {
      const pivot = (lo + hi) >>> 1;
      if (indptr[pivot + 1] <= d - pivot - 1) lo = pivot + 1;
      else hi = pivot;
    }
    rows[t] = lo;
  }
  return rows;
}
