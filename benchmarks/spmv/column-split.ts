// A matrix as two of the same shape, split at a column: the column-split probe's two products.
import type { Csr } from '@semiforge/graph-io';

/**
 * `matrix` as `hub` (its entries in columns below `k`) and `tail` (the rest), each n × n with the rows in their
 * order and the entries in their order within each row, so that A x = hub x + tail x. Directed: the halves of a
 * symmetric matrix are not symmetric.
 *
 * @example
 * const { hub, tail } = splitByColumn(csr, 65536); // hub.indices all < 65536, tail.indices all ≥ 65536
 */
export function splitByColumn(matrix: Csr, k: number): { hub: Csr; tail: Csr } {
  const { n, indptr, indices, weight } = matrix;
  let hubCount = 0;
  for (let p = 0; p < indices.length; p++) if (indices[p] < k) hubCount++;
  const part = (count: number) => ({
    indptr: new Uint32Array(n + 1),
    indices: new Uint32Array(count),
    weight: weight === null ? null : new (weight.constructor as Float32ArrayConstructor)(count),
    at: 0,
  });
  const hub = part(hubCount);
  const tail = part(indices.length - hubCount);
  for (let row = 0; row < n; row++) {
    for (let p = indptr[row]; p < indptr[row + 1]; p++) {
      const to = indices[p] < k ? hub : tail;
      to.indices[to.at] = indices[p];
      if (to.weight) to.weight[to.at] = weight![p];
      to.at++;
    }
    hub.indptr[row + 1] = hub.at;
    tail.indptr[row + 1] = tail.at;
  }
  const csr = ({ indptr, indices, weight }: ReturnType<typeof part>): Csr => ({ n, indptr, indices, weight, directed: true, sorted: matrix.sorted });
  return { hub: csr(hub), tail: csr(tail) };
}
