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
  checkSegment(segment);
  const { n, indptr, indices } = graph;
  const symmetric = !graph.directed;
  // Weights move as their 32 bits (one Uint32Array path for f32 and u32: the loops stay monomorphic).
  const bits = weightBits(weights);
  const buckets = pairBuckets(n, indices.length, segment);
  const pairs = buckets ? filedPairs(graph, bits, buckets) : lsdPairs(graph, bits, segment);
  return { src: pairs.src, dst: pairs.dst, weight: asWeights(pairs.w, weights), symmetric };
}

/** The pairs as weight words, filed into `buckets` on this thread: a count pass, then a fill pass. */
function filedPairs(graph: Csr, bits: Uint32Array, buckets: PairBuckets): PairWords {
  const { n, indptr, indices } = graph;
  const symmetric = !graph.directed;
  const table = new Uint32Array(buckets.tails * buckets.heads);
  countPairs(indptr, indices, symmetric, 0, n, buckets, table);
  const m = startsFromCounts(table);
  const out = { src: new Uint32Array(m), dst: new Uint32Array(m), w: new Uint32Array(m) };
  fillPairs(indptr, indices, bits, symmetric, 0, n, buckets, table, out);
  return out;
}

/** Pairs with their weights as 32-bit words. */
export type PairWords = { readonly src: Uint32Array; readonly dst: Uint32Array; readonly w: Uint32Array };

/** Refuses a segment that is not 0 or a power of two. */
export function checkSegment(segment: number): void {
  if (!Number.isInteger(segment) || segment < 0 || (segment & (segment - 1)) !== 0) {
    throw new RangeError(`sssp: segment must be 0 or a power of two (vertices per segment), got ${segment}`);
  }
}

/** Buckets of pairs (see {@link pairBuckets}): tail blocks of 2^tailShift vertices, head blocks of 2^headShift. */
export interface PairBuckets {
  readonly tailShift: number;
  readonly headShift: number;
  readonly tails: number;
  readonly heads: number;
}

/** Rows a bucket of the unsorted layout holds (a power of two): workers split the rows at bucket boundaries. */
const UNSORTED_ROWS_SHIFT = 14;

/**
 * The buckets the pairs are filed in, in order: by the tail's block of 2^tailShift vertices, then by the head's
 * block of 2^headShift. Sorted into segments, both blocks are the segment, and pairs within a bucket keep their
 * CSR order: paper 001's stable (tail segment, head segment) order. Unsorted (segment 0, or one segment holds every
 * vertex), the head's block is every vertex and the buckets are only blocks of rows: CSR order, in parts that
 * workers can fill side by side. Undefined where the table of buckets would outgrow the arcs (many small segments:
 * the LSD sort's case).
 */
export function pairBuckets(n: number, arcs: number, segment: number): PairBuckets | undefined {
  if (n > 2 ** 31) throw new RangeError(`sssp: paper 001's pair layout takes graphs of up to 2^31 vertices, got n = ${n}`);
  if (segment === 0 || segment >= n) {
    const tailShift = UNSORTED_ROWS_SHIFT;
    return { tailShift, headShift: 31, tails: Math.max(1, Math.ceil(n / 2 ** tailShift)), heads: 1 };
  }
  const shift = Math.log2(segment);
  const segments = ((n - 1) >>> shift) + 1;
  // The table holds at most a word an arc: past that the LSD sort costs less memory (the same order either way).
  return segments * segments <= arcs ? { tailShift: shift, headShift: shift, tails: segments, heads: segments } : undefined;
}

/** Counts the pairs of rows [first, end) into their buckets (`table[tail bucket × heads + head bucket]`). */
export function countPairs(indptr: Uint32Array, indices: Uint32Array, symmetric: boolean, first: number, end: number, b: PairBuckets, table: Uint32Array): void {
  for (let u = first; u < end; u++) {
    const row = (u >>> b.tailShift) * b.heads;
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const v = indices[e];
      if (v === u || (symmetric && u > v)) continue;
      table[row + (v >>> b.headShift)]++;
    }
  }
}

/** The counts turned into each bucket's first position, in bucket order; returns the number of pairs. */
export function startsFromCounts(table: Uint32Array): number {
  let at = 0;
  for (let i = 0; i < table.length; i++) {
    const count = table[i];
    table[i] = at;
    at += count;
  }
  return at;
}

/** Writes the pairs of rows [first, end) at their buckets' next positions (`next`, advanced as they fill). */
export function fillPairs(
  indptr: Uint32Array,
  indices: Uint32Array,
  bits: Uint32Array,
  symmetric: boolean,
  first: number,
  end: number,
  b: PairBuckets,
  next: Uint32Array,
  out: PairWords,
): void {
  const { src, dst, w } = out;
  for (let u = first; u < end; u++) {
    const row = (u >>> b.tailShift) * b.heads;
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const v = indices[e];
      if (v === u || (symmetric && u > v)) continue;
      const p = next[row + (v >>> b.headShift)]++;
      src[p] = u;
      dst[p] = v;
      w[p] = bits[e];
    }
  }
}

/** A weight array's 32-bit words. */
export const weightBits = (weights: Float32Array | Uint32Array) => new Uint32Array(weights.buffer, weights.byteOffset, weights.length);

/** Weight words back as the weights' type. */
export const asWeights = (w: Uint32Array, like: Float32Array | Uint32Array): Float32Array | Uint32Array => (like instanceof Float32Array ? new Float32Array(w.buffer, w.byteOffset, w.length) : w);

/**
 * Many small segments (a table of segments² buckets would outgrow the pairs): the pairs in CSR order, then an LSD
 * sort, by the head's segment, then stably by the tail's; the arrays are gathered once by the final order.
 */
function lsdPairs(graph: Csr, bits: Uint32Array, segment: number): PairWords {
  const { n } = graph;
  const { src, dst, w } = filedPairs(graph, bits, pairBuckets(n, graph.indices.length, 0)!);
  const shift = Math.log2(segment);
  const order = segmentOrder(src, shift, n, segmentOrder(dst, shift, n, undefined));
  return { src: gather(src, order), dst: gather(dst, order), w: gather(w, order) };
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
