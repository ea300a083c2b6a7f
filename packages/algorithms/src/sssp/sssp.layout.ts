import type { Csr } from '@semiforge/graph-io';

/** Paper 001's edge list: one entry per stored pair, in vertex-segment order. */
export interface EdgePairs {
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  readonly weight: Float32Array | Uint32Array;
  /** Each pair is an undirected edge relaxed both ways (the graph was undirected). */
  readonly symmetric: boolean;
}

/**
 * The COO edge list of paper 001: an undirected graph's pairs {u, v} stored once (u < v, the mirror arc
 * dropped), a directed graph's arcs as they are; self-loops dropped (a non-negative one never relaxes, a
 * negative one was refused as a cycle). Parallel arcs stay. With `segment` > 0 (a power of two) the pairs are
 * sorted by (⌊src / segment⌋, ⌊dst / segment⌋), stably, so that a workgroup's pairs touch few segments of the distance
 * array (the paper's L2 locality); 0 keeps the CSR order.
 *
 * @example
 * const pairs = edgePairs(csr, ssspWeights(csr, 'f32').values, 1 << 14);
 */
export function edgePairs(graph: Csr, weights: Float32Array | Uint32Array, segment: number): EdgePairs {
  if (!Number.isInteger(segment) || segment < 0 || (segment & (segment - 1)) !== 0) {
    throw new RangeError(`sssp: segment must be 0 or a power of two (vertices per segment), got ${segment}`);
  }
  const { n, indptr, indices } = graph;
  const symmetric = !graph.directed;
  let m = 0;
  for (let u = 0; u < n; u++) {
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const v = indices[e];
      if (v !== u && (!symmetric || u < v)) m++;
    }
  }
  const src = new Uint32Array(m);
  const dst = new Uint32Array(m);
  const weight = weights instanceof Float32Array ? new Float32Array(m) : new Uint32Array(m);
  let k = 0;
  for (let u = 0; u < n; u++) {
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const v = indices[e];
      if (v === u || (symmetric && u > v)) continue;
      src[k] = u;
      dst[k] = v;
      weight[k++] = weights[e];
    }
  }
  const pairs = { src, dst, weight, symmetric };
  if (segment === 0 || segment >= n) return pairs;
  // LSD: by the head's segment, then stably by the tail's.
  const shift = Math.log2(segment);
  return sortBySegment(sortBySegment(pairs, 'dst', shift, n), 'src', shift, n);
}

/** A stable counting sort of the pairs by their tail's or head's segment (key >>> shift). */
function sortBySegment(pairs: EdgePairs, by: 'src' | 'dst', shift: number, n: number): EdgePairs {
  const keys = pairs[by];
  const m = keys.length;
  const start = new Uint32Array(((n - 1) >>> shift) + 2);
  for (let i = 0; i < m; i++) start[(keys[i] >>> shift) + 1]++;
  for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
  const src = new Uint32Array(m);
  const dst = new Uint32Array(m);
  const weight = pairs.weight instanceof Float32Array ? new Float32Array(m) : new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const at = start[keys[i] >>> shift]++;
    src[at] = pairs.src[i];
    dst[at] = pairs.dst[i];
    weight[at] = pairs.weight[i];
  }
  return { src, dst, weight, symmetric: pairs.symmetric };
}

/** The tail of every CSR arc (the row expanded), so the parents pass can read the CSR as a COO list. */
export function arcTails(graph: Csr): Uint32Array {
  const tails = new Uint32Array(graph.indices.length);
  for (let u = 0; u < graph.n; u++) tails.fill(u, graph.indptr[u], graph.indptr[u + 1]);
  return tails;
}
