import type { Csr } from '@semiforge/graph-io';

/**
 * The tree step (`sssp_tree`) finds the tail of an arc p, the row t with indptr[t] ≤ p < indptr[t + 1], by a binary
 * search; over all n + 1 offsets that is log2 n dependent random loads a vertex (22 at Kronecker scale 22: most of
 * the step's cost). A coarse table narrows it: rows[b] = the row holding arc b·2^k, so p's row lies between
 * rows[p >> k] and rows[(p >> k) + 1], both included. 2^k is 4 × the mean degree rounded up to a power of two (at
 * least 16 arcs, at most 2^31): the table then has at most n / 4 + 2 words (a quarter of indptr's size, a small
 * addition to the upload), and a block of 2^k arcs spans about 4 rows of mean degree: 2 steps, within a cache line
 * or two of indptr. An arc whose block and the next start in the same row needs none (a range of one row: most of a
 * hub's row, which holds whole blocks). Rows shorter than the mean (a power-law graph's many low-degree ones) put more rows in a block, but
 * cost only their number's log2. On Kronecker scales 16 and 18 (u32 weights, a shortest-path tree's arcs) the
 * search takes 1.2–1.3 steps a reached vertex against 16–18, none for 60–65% of them (their parent is a hub).
 */
export const TAIL_BLOCK = { rowsPerBlock: 4, minShift: 4, maxShift: 31 } as const;

/** k, for blocks of 2^k arcs (see {@link TAIL_BLOCK}). */
export function tailBlockShift(n: number, arcs: number): number {
  const arcsPerBlock = n > 0 ? (TAIL_BLOCK.rowsPerBlock * arcs) / n : 0;
  const shift = Math.ceil(Math.log2(Math.max(1, arcsPerBlock)));
  return Math.min(TAIL_BLOCK.maxShift, Math.max(TAIL_BLOCK.minShift, shift));
}

/**
 * rows[b] = the row holding arc b·2^shift (the last t < n with indptr[t] ≤ b·2^shift: past an empty row, the
 * non-empty one after it), for b = 0..⌈m / 2^shift⌉: the last entry bounds the search of the last block. m = 0
 * gives one entry (never read: no arc to look up).
 *
 * @example
 * tailTable(Uint32Array.of(0, 3, 3, 40, 41), 4, 4); // [0, 2, 2, 3]: arcs 0, 16, 32 in rows 0, 2, 2; arc 48 past the end, row 3
 */
export function tailTable(indptr: Uint32Array, n: number, shift: number): Uint32Array {
  const block = 2 ** shift;
  const rows = new Uint32Array(Math.ceil(indptr[n] / block) + 1);
  let t = 0;
  for (let b = 0; b < rows.length; b++) {
    const p = b * block;
    while (t + 1 < n && indptr[t + 1] <= p) t++;
    rows[b] = t;
  }
  return rows;
}

/**
 * What the frontier methods upload as `indptr`: the n + 1 offsets, then the tree step's shift k, then its table
 * (the tree step binds 8 storage buffers on an undirected graph, the most browsers are sure to offer, so the table
 * travels in a buffer it binds already; the other kernels read only the offsets).
 *
 * @example
 * const words = indptrWithTails(csr); // words.subarray(0, csr.n + 1) is csr.indptr; words[csr.n + 1] is k
 */
export function indptrWithTails(graph: Pick<Csr, 'n' | 'indptr'>): Uint32Array {
  const { n, indptr } = graph;
  const shift = tailBlockShift(n, indptr[n]);
  const rows = tailTable(indptr, n, shift);
  const words = new Uint32Array(n + 2 + rows.length);
  words.set(indptr.subarray(0, n + 1));
  words[n + 1] = shift;
  words.set(rows, n + 2);
  return words;
}
