import type { Csr } from '../csr.js';

/**
 * Out-degree figures of a graph (the degree, for an undirected one), as `semiforge info` prints them.
 * `stddev` is the population standard deviation; `median` the middle degree, or the mean of the two
 * middle ones. `histogram[0]` counts degree 0 and `histogram[b]` degrees in `2^(b−1) … 2^b − 1`.
 */
export interface DegreeStats {
  readonly n: number;
  readonly arcs: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stddev: number;
  readonly median: number;
  readonly zeroDegree: number;
  readonly selfLoops: number;
  readonly histogram: Uint32Array;
}

/**
 * Degree statistics in O(n + m) (self-loops counted by a scan of the arcs). All figures are 0 (and the
 * histogram empty) for a graph without vertices.
 *
 * @example
 * ```ts
 * degreeStats(csrFromEdges(edgeListFromArrays(3, [0, 0, 1], [1, 0, 2])));
 * // { n: 3, arcs: 3, min: 0, max: 2, mean: 1, median: 1, zeroDegree: 1, selfLoops: 1, histogram: [1, 1, 1], … }
 * ```
 */
export function degreeStats(csr: Csr): DegreeStats {
  const { n, indptr, indices } = csr;
  const arcs = indices.length;
  let min = n === 0 ? 0 : Infinity;
  let max = 0;
  let selfLoops = 0;
  for (let v = 0; v < n; v++) {
    const start = indptr[v];
    const end = indptr[v + 1];
    const d = end - start;
    if (d < min) min = d;
    if (d > max) max = d;
    for (let p = start; p < end; p++) if (indices[p] === v) selfLoops++;
  }
  const mean = n === 0 ? 0 : arcs / n;
  // Counting by degree gives the median and the histogram without sorting.
  const byDegree = new Uint32Array(n === 0 ? 0 : max + 1);
  for (let v = 0; v < n; v++) byDegree[indptr[v + 1] - indptr[v]]++;
  const histogram = new Uint32Array(n === 0 ? 0 : log2Bucket(max) + 1);
  let deviations = 0;
  for (let d = 0; d < byDegree.length; d++) {
    histogram[log2Bucket(d)] += byDegree[d];
    deviations += byDegree[d] * (d - mean) * (d - mean);
  }
  return {
    n,
    arcs,
    min,
    max,
    mean,
    stddev: n === 0 ? 0 : Math.sqrt(deviations / n),
    median: median(byDegree, n),
    zeroDegree: n === 0 ? 0 : byDegree[0],
    selfLoops,
    histogram,
  };
}

/** 0 for degree 0, else 1 + floor(log2 d). */
function log2Bucket(d: number): number {
  return d === 0 ? 0 : 32 - Math.clz32(d);
}

function median(byDegree: Uint32Array, n: number): number {
  if (n === 0) return 0;
  const lowRank = (n - 1) >> 1;
  const highRank = n >> 1;
  let low = -1;
  for (let d = 0, seen = 0; d < byDegree.length; d++) {
    seen += byDegree[d];
    if (low < 0 && seen > lowRank) low = d;
    if (seen > highRank) return (low + d) / 2;
  }
  return low;
}

/**
 * Each vertex's out-degree (its row's length in the CSR), counting parallel arcs and self-loops.
 *
 * @example
 * ```ts
 * outDegrees(csrFromEdges(edgeListFromArrays(3, [0, 0, 1], [1, 0, 2]))); // Uint32Array [2, 1, 0]
 * ```
 */
export function outDegrees(csr: Csr): Uint32Array {
  const out = new Uint32Array(csr.n);
  for (let v = 0; v < csr.n; v++) out[v] = csr.indptr[v + 1] - csr.indptr[v];
  return out;
}
