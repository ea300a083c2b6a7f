import type { Csr } from '../csr.js';
import { NO_VERTEX } from '../containers/no-vertex.js';
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
export function relabelByDegree(csr: Csr, options: RelabelOptions = {}): Csr {
  const plan = planRelabel(csr, options.order, undefined, options.keep);
  const n = plan.oldOf.length;
  const arcs = plan.outPtr[n];
  const outIdx = new Uint32Array(arcs);
  const outW = allocateLike(csr.weight, arcs);
  gatherRelabelled(csr, plan, outIdx, outW, 0, n);
  return sortAdjacency({ n, indptr: plan.outPtr, indices: outIdx, weight: outW, directed: csr.directed, sorted: false, ids: plan.ids });
}

/** Options of {@link relabelByDegree}. */
export interface RelabelOptions {
  readonly order?: DegreeOrder;
  /**
   * Only these vertices (distinct, any order) and the arcs among them: the subgraph they induce, renumbered by
   * its own degrees in the same pass ({@link inducedSubgraph} then a relabelling, without the intermediate graph).
   * Default: every vertex.
   */
  readonly keep?: Uint32Array;
}

/** What a relabelling by degree needs before its arcs move: old ids by new (`oldOf`), new by old (`newOf`), the new row starts, the new ids' labels. */
export interface RelabelPlan {
  readonly oldOf: Uint32Array;
  readonly newOf: Uint32Array;
  readonly outPtr: Uint32Array;
  readonly ids: Uint32Array;
}

/**
 * The order and row starts of {@link relabelByDegree}, O(n); checks the order option. With `keep`, of the
 * subgraph those vertices induce (O(n + arcs of the kept vertices): their degrees count kept heads only), and
 * `newOf` is {@link NO_VERTEX} for the others.
 */
export function planRelabel(
  csr: Csr,
  order: DegreeOrder = 'descending',
  allocate: (length: number) => Uint32Array = (length) => new Uint32Array(length),
  keep?: Uint32Array,
): RelabelPlan {
  if (order !== 'descending' && order !== 'ascending') {
    throw new RangeError(`options.order = ${String(order)} (expected descending or ascending)`);
  }
  const { n } = csr;
  const degree = keep === undefined ? rowLengths(csr.indptr, n) : keptDegrees(csr, keep);
  const oldOf = degreeOrder(degree, keep, n, order === 'descending', allocate(keep === undefined ? n : keep.length));
  const k = oldOf.length;
  const newOf = allocate(n);
  if (keep !== undefined) newOf.fill(NO_VERTEX);
  for (let i = 0; i < k; i++) newOf[oldOf[i]] = i;
  const outPtr = allocate(k + 1);
  for (let i = 0; i < k; i++) outPtr[i + 1] = outPtr[i] + degree[oldOf[i]];
  const ids = new Uint32Array(k);
  for (let i = 0; i < k; i++) ids[i] = csr.ids === undefined ? oldOf[i] : csr.ids[oldOf[i]];
  return { oldOf, newOf, outPtr, ids };
}

function rowLengths(indptr: Uint32Array, n: number): Uint32Array {
  const degree = new Uint32Array(n);
  for (let v = 0; v < n; v++) degree[v] = indptr[v + 1] - indptr[v];
  return degree;
}

/**
 * Each kept vertex's arcs to kept vertices (0 for the others), membership tested in a bitmap (n bits: in cache
 * at sizes where a byte or word per vertex is not). Refuses a kept vertex out of range or listed twice.
 */
function keptDegrees(csr: Csr, keep: Uint32Array): Uint32Array {
  const { n, indptr, indices } = csr;
  const bits = new Uint32Array((n + 31) >>> 5);
  for (let i = 0; i < keep.length; i++) {
    const v = keep[i];
    if (v >= n) throw new RangeError(`keep[${i}] = ${v} out of range 0..${n - 1} (n = ${n})`);
    if (bits[v >>> 5] & (1 << (v & 31))) throw new RangeError(`keep[${i}] = ${v} is listed twice`);
    bits[v >>> 5] |= 1 << (v & 31);
  }
  const degree = new Uint32Array(n);
  for (let i = 0; i < keep.length; i++) {
    const v = keep[i];
    let d = 0;
    for (let p = indptr[v], end = indptr[v + 1]; p < end; p++) {
      const u = indices[p];
      d += (bits[u >>> 5] >>> (u & 31)) & 1;
    }
    degree[v] = d;
  }
  return degree;
}

/** Copies the rows of new vertices first … end − 1 into `outIdx` (and `outW`), heads renamed, in their old order; arcs to dropped vertices ({@link NO_VERTEX} in `newOf`) are left out. */
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
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      const u = newOf[indices[p]];
      if (u === NO_VERTEX) continue;
      outIdx[q] = u;
      if (outW !== null) outW[q] = weight![p];
      q++;
    }
  }
}

/** Old ids (the kept ones, else all) listed by degree, ties by ascending old id (a stable counting sort). */
function degreeOrder(degree: Uint32Array, keep: Uint32Array | undefined, n: number, descending: boolean, oldOf: Uint32Array): Uint32Array {
  let kept: Uint8Array | undefined;
  if (keep !== undefined) {
    kept = new Uint8Array(n);
    for (let i = 0; i < keep.length; i++) kept[keep[i]] = 1;
  }
  let maxDegree = 0;
  for (let v = 0; v < n; v++) maxDegree = Math.max(maxDegree, degree[v]);
  const start = new Uint32Array(maxDegree + 2);
  for (let v = 0; v < n; v++) if (kept === undefined || kept[v]) start[(descending ? maxDegree - degree[v] : degree[v]) + 1]++;
  for (let b = 0; b <= maxDegree; b++) start[b + 1] += start[b];
  for (let v = 0; v < n; v++) if (kept === undefined || kept[v]) oldOf[start[descending ? maxDegree - degree[v] : degree[v]]++] = v;
  return oldOf;
}
