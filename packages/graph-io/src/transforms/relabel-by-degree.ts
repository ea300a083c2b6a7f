import type { Csr } from '../csr.js';
import { allocateLike } from '../containers/row-scatter.js';
import type { WeightArray } from '../edge-list.js';
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
  const plan = planRelabel(csr, options.order);
  const outIdx = new Uint32Array(csr.indices.length);
  const outW = allocateLike(csr.weight, csr.indices.length);
  gatherRelabelled(csr, plan, outIdx, outW, 0, csr.n);
  return sortAdjacency({ n: csr.n, indptr: plan.outPtr, indices: outIdx, weight: outW, directed: csr.directed, sorted: false, ids: plan.ids });
}

/** What a relabelling by degree needs before its arcs move: old ids by new (`oldOf`), new by old (`newOf`), the new row starts, the new ids' labels. */
export interface RelabelPlan {
  readonly oldOf: Uint32Array;
  readonly newOf: Uint32Array;
  readonly outPtr: Uint32Array;
  readonly ids: Uint32Array;
}

/** The order and row starts of {@link relabelByDegree}, O(n); checks the order option. */
export function planRelabel(csr: Csr, order: DegreeOrder = 'descending', allocate: (length: number) => Uint32Array = (length) => new Uint32Array(length)): RelabelPlan {
  if (order !== 'descending' && order !== 'ascending') {
    throw new RangeError(`options.order = ${String(order)} (expected descending or ascending)`);
  }
  const { n, indptr } = csr;
  const oldOf = degreeOrder(indptr, n, order === 'descending', allocate(n));
  const newOf = allocate(n);
  for (let i = 0; i < n; i++) newOf[oldOf[i]] = i;
  const outPtr = allocate(n + 1);
  for (let i = 0; i < n; i++) outPtr[i + 1] = outPtr[i] + (indptr[oldOf[i] + 1] - indptr[oldOf[i]]);
  const ids = new Uint32Array(n);
  for (let i = 0; i < n; i++) ids[i] = csr.ids === undefined ? oldOf[i] : csr.ids[oldOf[i]];
  return { oldOf, newOf, outPtr, ids };
}

/** Copies the rows of new vertices first … end − 1 into `outIdx` (and `outW`), heads renamed, in their old order. */
export function gatherRelabelled(
  csr: Pick<Csr, 'indptr' | 'indices' | 'weight'>,
  plan: Pick<RelabelPlan, 'oldOf' | 'newOf' | 'outPtr'>,
  outIdx: Uint32Array,
  outW: WeightArray | null,
  first: number,
  end: number,
): void {
  const { indptr, indices, weight } = csr;
  const { oldOf, newOf } = plan;
  for (let i = first, q = plan.outPtr[first]; i < end; i++) {
    const v = oldOf[i];
    for (let p = indptr[v]; p < indptr[v + 1]; p++, q++) {
      outIdx[q] = newOf[indices[p]];
      if (outW !== null) outW[q] = weight![p];
    }
  }
}

/** Old ids listed by degree, ties by ascending old id (a stable counting sort). */
function degreeOrder(indptr: Uint32Array, n: number, descending: boolean, oldOf: Uint32Array): Uint32Array {
  let maxDegree = 0;
  for (let v = 0; v < n; v++) maxDegree = Math.max(maxDegree, indptr[v + 1] - indptr[v]);
  const start = new Uint32Array(maxDegree + 2);
  for (let v = 0; v < n; v++) {
    const d = indptr[v + 1] - indptr[v];
    start[(descending ? maxDegree - d : d) + 1]++;
  }
  for (let b = 0; b <= maxDegree; b++) start[b + 1] += start[b];
  for (let v = 0; v < n; v++) {
    const d = indptr[v + 1] - indptr[v];
    oldOf[start[descending ? maxDegree - d : d]++] = v;
  }
  return oldOf;
}
