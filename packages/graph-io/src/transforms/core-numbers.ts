import type { Csr } from '../csr.js';
import { csrFromEdges } from '../containers/csr-from-edges.js';
import { edgesFromCsr } from '../containers/edges-from-csr.js';

/**
 * The core number of every vertex (the largest k such that the vertex is in the k-core), by the
 * Batagelj–Zaveršnik bucket algorithm in O(n + m). Computed on the undirected simple view: arc
 * direction ignored, parallel arcs counted once, self-loops ignored (a loop would otherwise add to a
 * vertex's own degree, which no k-core definition wants). An undirected sorted CSR is that view already
 * (repeats are adjacent and skipped); anything else is rebuilt as one, which costs a few arc-length arrays.
 *
 * @example
 * ```ts
 * // triangle 0-1-2 with a pendant vertex 3 on 2
 * coreNumbers(csrFromEdges(edgeListFromArrays(4, [0, 1, 2, 2], [1, 2, 0, 3]))); // [2, 2, 2, 1]
 * ```
 */
export function coreNumbers(csr: Csr): Uint32Array {
  const view =
    !csr.directed && csr.sorted
      ? csr
      : csrFromEdges({ ...edgesFromCsr(csr), weight: null }, { symmetrize: true, dropSelfLoops: true, duplicates: 'last' });
  const { n, indptr, indices } = view;
  const degree = new Uint32Array(n);
  let maxDegree = 0;
  for (let v = 0; v < n; v++) {
    for (let p = indptr[v]; p < indptr[v + 1]; p++) if (isNeighbour(indices, indptr[v], p, v)) degree[v]++;
    if (degree[v] > maxDegree) maxDegree = degree[v];
  }
  // bin[d] = first position of degree d in `vert`, the vertices sorted by current degree.
  const bin = new Uint32Array(maxDegree + 1);
  for (let v = 0; v < n; v++) bin[degree[v]]++;
  for (let d = 0, start = 0; d <= maxDegree; d++) {
    const count = bin[d];
    bin[d] = start;
    start += count;
  }
  const vert = new Uint32Array(n);
  const pos = new Uint32Array(n);
  for (let v = 0; v < n; v++) {
    pos[v] = bin[degree[v]]++;
    vert[pos[v]] = v;
  }
  for (let d = maxDegree; d > 0; d--) bin[d] = bin[d - 1];
  bin[0] = 0;

  for (let i = 0; i < n; i++) {
    const v = vert[i];
    const dv = degree[v];
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      if (!isNeighbour(indices, indptr[v], p, v)) continue;
      const u = indices[p];
      const du = degree[u];
      if (du <= dv) continue;
      // Move u to the front of its degree bucket, then shrink the bucket past it.
      const pu = pos[u];
      const pw = bin[du];
      const w = vert[pw];
      if (u !== w) {
        pos[u] = pw;
        vert[pu] = w;
        pos[w] = pu;
        vert[pw] = u;
      }
      bin[du]++;
      degree[u] = du - 1;
    }
  }
  return degree;
}

/** Whether arc `p` of row `v` (starting at `start`, sorted) is a first arc to another vertex. */
function isNeighbour(indices: Uint32Array, start: number, p: number, v: number): boolean {
  const u = indices[p];
  return u !== v && (p === start || indices[p - 1] !== u);
}
