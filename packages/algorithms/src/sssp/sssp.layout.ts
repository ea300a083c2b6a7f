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
  // Weights move as their 32 bits (one Uint32Array path for f32 and u32: the loops stay monomorphic).
  const bits = new Uint32Array(weights.buffer, weights.byteOffset, weights.length);
  let src = new Uint32Array(m);
  let dst = new Uint32Array(m);
  let w = new Uint32Array(m);
  let k = 0;
  for (let u = 0; u < n; u++) {
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const v = indices[e];
      if (v === u || (symmetric && u > v)) continue;
      src[k] = u;
      dst[k] = v;
      w[k++] = bits[e];
    }
  }
  if (segment !== 0 && segment < n) {
    const shift = Math.log2(segment);
    const segments = ((n - 1) >>> shift) + 1;
    if (segments * segments <= 4 * m) {
      [src, dst, w] = sortWithinTailSegments(src, dst, w, shift, segments);
    } else {
      // Many small segments (a run per tail segment would clear a table of them each time): LSD, by the head's
      // segment, then stably by the tail's; the arrays are gathered once by the final order.
      const order = segmentOrder(src, shift, n, segmentOrder(dst, shift, n, undefined));
      [src, dst, w] = [gather(src, order), gather(dst, order), gather(w, order)];
    }
  }
  const weight = weights instanceof Float32Array ? new Float32Array(w.buffer) : w;
  return { src, dst, weight, symmetric };
}

/**
 * The pairs come in tail order, so (tail segment, head segment) order is a stable counting sort by the head's
 * segment within each tail segment's run: one pass that writes within a run (a few MB at paper 001's segment
 * of 2^14), where the LSD's two global sorts and three gathers read and write all over the arrays (Kronecker 22's
 * 67 M pairs: 8.69 s so, 3.83 s this way, on a 2-core host). Clears the table of `segments` counts once a run.
 */
function sortWithinTailSegments(src: Uint32Array, dst: Uint32Array, w: Uint32Array, shift: number, segments: number) {
  const m = src.length;
  const [outSrc, outDst, outW] = [new Uint32Array(m), new Uint32Array(m), new Uint32Array(m)];
  const start = new Uint32Array(segments + 1);
  for (let first = 0; first < m; ) {
    const tail = src[first] >>> shift;
    let end = first + 1;
    while (end < m && src[end] >>> shift === tail) end++;
    start.fill(0);
    for (let i = first; i < end; i++) start[(dst[i] >>> shift) + 1]++;
    start[0] = first;
    for (let b = 1; b <= segments; b++) start[b] += start[b - 1];
    for (let i = first; i < end; i++) {
      const p = start[dst[i] >>> shift]++;
      outSrc[p] = src[i];
      outDst[p] = dst[i];
      outW[p] = w[i];
    }
    first = end;
  }
  return [outSrc, outDst, outW] as const;
}

/** The stable counting-sort order of the positions `within` (default 0..m−1) by their key's segment (key >>> shift). */
function segmentOrder(keys: Uint32Array, shift: number, n: number, within: Uint32Array | undefined): Uint32Array {
  const m = keys.length;
  const start = new Uint32Array(((n - 1) >>> shift) + 2);
  for (let i = 0; i < m; i++) start[(keys[i] >>> shift) + 1]++;
  for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
  const order = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const p = within === undefined ? i : within[i];
    order[start[keys[p] >>> shift]++] = p;
  }
  return order;
}

const gather = (values: Uint32Array, order: Uint32Array) => {
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = values[order[i]];
  return out;
};

/** The tail of every CSR arc (the row expanded), so the parents pass can read the CSR as a COO list. */
export function arcTails(graph: Csr): Uint32Array {
  const tails = new Uint32Array(graph.indices.length);
  for (let u = 0; u < graph.n; u++) tails.fill(u, graph.indptr[u], graph.indptr[u + 1]);
  return tails;
}
