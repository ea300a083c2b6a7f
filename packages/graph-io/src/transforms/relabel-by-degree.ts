import type { Csr } from '../csr.js';
import { allocateLike } from '../containers/row-scatter.js';
import { sortAdjacency } from './sort-adjacency.js';

/** Which end of the degree order gets id 0. */
export type DegreeOrder = 'descending' | 'ascending';

/**
 * Renumbers vertices by degree (row length: out-degree, which is the degree of an undirected graph), the
 * degree ordering of paper 003: by default new id 0 is the highest degree, ties broken by the old id.
 * Rows come back sorted. `ids[newId]` is the user's label (composed with any existing `ids`); map
 * results back with {@link toUserOrder} and {@link mapVertexIds}. A stable counting sort on degree, O(n + m).
 *
 * @example
 * ```ts
 * const g = relabelByDegree(csrFromEdges(edgeListFromArrays(3, [2, 2, 0], [0, 1, 2])));
 * // g.ids = [2, 0, 1]: old vertex 2 (2 arcs) is now 0
 * ```
 */
export function relabelByDegree(csr: Csr, options: { readonly order?: DegreeOrder } = {}): Csr {
  const order = options.order ?? 'descending';
  if (order !== 'descending' && order !== 'ascending') {
    throw new RangeError(`options.order = ${String(order)} (expected descending or ascending)`);
  }
  const { n, indptr, indices, weight } = csr;
  const oldOf = degreeOrder(indptr, n, order === 'descending');
  const newOf = new Uint32Array(n);
  for (let i = 0; i < n; i++) newOf[oldOf[i]] = i;

  const outPtr = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) outPtr[i + 1] = outPtr[i] + (indptr[oldOf[i] + 1] - indptr[oldOf[i]]);
  const outIdx = new Uint32Array(indices.length);
  const outW = allocateLike(weight, indices.length);
  for (let i = 0, q = 0; i < n; i++) {
    const v = oldOf[i];
    for (let p = indptr[v]; p < indptr[v + 1]; p++, q++) {
      outIdx[q] = newOf[indices[p]];
      if (outW !== null) outW[q] = weight![p];
    }
  }
  const ids = new Uint32Array(n);
  for (let i = 0; i < n; i++) ids[i] = csr.ids === undefined ? oldOf[i] : csr.ids[oldOf[i]];
  return sortAdjacency({ n, indptr: outPtr, indices: outIdx, weight: outW, directed: csr.directed, sorted: false, ids });
}

/** Old ids listed by degree, ties by ascending old id (a stable counting sort). */
function degreeOrder(indptr: Uint32Array, n: number, descending: boolean): Uint32Array {
  let maxDegree = 0;
  for (let v = 0; v < n; v++) maxDegree = Math.max(maxDegree, indptr[v + 1] - indptr[v]);
  const start = new Uint32Array(maxDegree + 2);
  for (let v = 0; v < n; v++) {
    const d = indptr[v + 1] - indptr[v];
    start[(descending ? maxDegree - d : d) + 1]++;
  }
  for (let b = 0; b <= maxDegree; b++) start[b + 1] += start[b];
  const oldOf = new Uint32Array(n);
  for (let v = 0; v < n; v++) {
    const d = indptr[v + 1] - indptr[v];
    oldOf[start[descending ? maxDegree - d : d]++] = v;
  }
  return oldOf;
}
