import type { Csr } from '../csr.js';
import { NO_VERTEX } from '../containers/no-vertex.js';
import { allocateLike } from '../containers/row-scatter.js';

/**
 * The subgraph on `vertices` and the arcs between them: vertex `i` of the result is `vertices[i]`, and
 * its `ids` are composed with any existing ones, so they still name the user's labels. Rows keep their
 * order, so a sorted CSR stays sorted when `vertices` ascend. Throws a `RangeError` for a vertex out of
 * range or listed twice.
 *
 * @example
 * ```ts
 * const g = csrFromEdges(edgeListFromArrays(4, [0, 1, 3], [1, 3, 0]));
 * const s = inducedSubgraph(g, Uint32Array.of(0, 3)); // arc 3 → 0 only, as 1 → 0; s.ids = [0, 3]
 * ```
 */
export function inducedSubgraph(csr: Csr, vertices: Uint32Array): Csr {
  const { n, indptr, indices, weight } = csr;
  const k = vertices.length;
  const newId = new Uint32Array(n).fill(NO_VERTEX);
  let ascending = true;
  for (let i = 0; i < k; i++) {
    const v = vertices[i];
    if (v >= n) throw new RangeError(`vertices[${i}] = ${v} out of range 0..${n - 1} (n = ${n})`);
    if (newId[v] !== NO_VERTEX) throw new RangeError(`vertices[${i}] = ${v} repeats vertices[${newId[v]}]`);
    newId[v] = i;
    if (i > 0 && v < vertices[i - 1]) ascending = false;
  }
  const outPtr = new Uint32Array(k + 1);
  for (let i = 0; i < k; i++) {
    const v = vertices[i];
    let count = 0;
    for (let p = indptr[v]; p < indptr[v + 1]; p++) if (newId[indices[p]] !== NO_VERTEX) count++;
    outPtr[i + 1] = outPtr[i] + count;
  }
  const outIdx = new Uint32Array(outPtr[k]);
  const outW = allocateLike(weight, outIdx.length);
  for (let i = 0, q = 0; i < k; i++) {
    const v = vertices[i];
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      const u = newId[indices[p]];
      if (u === NO_VERTEX) continue;
      outIdx[q] = u;
      if (outW !== null) outW[q] = weight![p];
      q++;
    }
  }
  const ids = new Uint32Array(k);
  for (let i = 0; i < k; i++) ids[i] = csr.ids === undefined ? vertices[i] : csr.ids[vertices[i]];
  return {
    n: k,
    indptr: outPtr,
    indices: outIdx,
    weight: outW,
    directed: csr.directed,
    sorted: csr.sorted && ascending,
    ids,
  };
}
