import type { Csr } from '../csr.js';
import { allocateLike } from '../containers/row-scatter.js';

/**
 * The graph without arcs `v → v`; everything else, order included, is kept. Returns `csr` itself when it
 * has no self-loop.
 *
 * @example
 * ```ts
 * dropSelfLoops(csrFromEdges(edgeListFromArrays(2, [0, 0], [0, 1]))).indices; // [1]
 * ```
 */
export function dropSelfLoops(csr: Csr): Csr {
  const { n, indptr, indices, weight } = csr;
  let loops = 0;
  for (let v = 0; v < n; v++) {
    for (let p = indptr[v]; p < indptr[v + 1]; p++) if (indices[p] === v) loops++;
  }
  if (loops === 0) return csr;
  const outPtr = new Uint32Array(n + 1);
  const outIdx = new Uint32Array(indices.length - loops);
  const outW = allocateLike(weight, outIdx.length);
  let q = 0;
  for (let v = 0; v < n; v++) {
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      if (indices[p] === v) continue;
      outIdx[q] = indices[p];
      if (outW !== null) outW[q] = weight![p];
      q++;
    }
    outPtr[v + 1] = q;
  }
  return { ...csr, indptr: outPtr, indices: outIdx, weight: outW };
}
