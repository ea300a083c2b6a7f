import type { Csr } from '../csr.js';
import { checkArcCount } from '../graph-limits.js';

/**
 * A CSR folded as in paper 002's Fold method: every row becomes pieces of at most `width` entries, so a
 * GPU thread per piece loops about the mean row length, not the longest row's. Pieces `0 … n − 1` are
 * the rows' first pieces, in row order; a row of L > width entries is folded into k = ⌈L / width⌉ pieces,
 * its first piece holding its first L − (k − 1)·width entries and its k − 1 extra pieces `width` each,
 * stored after the first pieces, folded rows in ascending order. Pieces are ranges of the CSR's own
 * arrays: piece p is `indices[pieceBegin[p] … pieceBegin[p] + pieceLength[p] − 1]`; nothing is copied.
 */
export interface FoldedCsr {
  readonly n: number;
  readonly width: number;
  /** n first pieces, then the extra pieces. */
  readonly pieces: number;
  readonly pieceBegin: Uint32Array;
  readonly pieceLength: Uint32Array;
  /** The rows longer than `width`, ascending. */
  readonly foldedRows: Uint32Array;
  /** foldedRows.length + 1 offsets: folded row k's extra pieces are `n + extraStart[k] … n + extraStart[k + 1] − 1`. */
  readonly extraStart: Uint32Array;
}

/**
 * Folds a CSR's rows at `width` (a positive integer; paper 002 takes about the mean row length). O(n +
 * pieces), typed arrays only.
 *
 * @example
 * ```ts
 * // rows of 5, 1 and 0 entries at width 2: row 0 → a first piece of 1 entry and 2 extra pieces of 2
 * const f = foldCsr({ n: 3, indptr: Uint32Array.of(0, 5, 6, 6), indices: Uint32Array.of(0, 1, 2, 0, 1, 2), weight: null, directed: true, sorted: false }, 2);
 * // f.pieces = 5, pieceBegin = [0, 5, 6, 1, 3], pieceLength = [1, 1, 0, 2, 2], foldedRows = [0], extraStart = [0, 2]
 * ```
 */
export function foldCsr(csr: Csr, width: number): FoldedCsr {
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`fold width = ${width} is not a positive integer`);
  const { n, indptr } = csr;
  let folded = 0;
  let extra = 0;
  for (let v = 0; v < n; v++) {
    const len = indptr[v + 1] - indptr[v];
    if (len > width) {
      folded++;
      extra += Math.ceil(len / width) - 1;
    }
  }
  const pieces = n + extra;
  checkArcCount(pieces, `${n} rows folded at width ${width} into ${pieces} pieces`);
  const pieceBegin = new Uint32Array(pieces);
  const pieceLength = new Uint32Array(pieces);
  const foldedRows = new Uint32Array(folded);
  const extraStart = new Uint32Array(folded + 1);
  let k = 0;
  let q = n;
  for (let v = 0; v < n; v++) {
    const begin = indptr[v];
    const len = indptr[v + 1] - begin;
    const more = len > width ? Math.ceil(len / width) - 1 : 0;
    const first = len - more * width;
    pieceBegin[v] = begin;
    pieceLength[v] = first;
    if (more === 0) continue;
    foldedRows[k] = v;
    for (let j = 0, at = begin + first; j < more; j++, at += width, q++) {
      pieceBegin[q] = at;
      pieceLength[q] = width;
    }
    extraStart[++k] = q - n;
  }
  return { n, width, pieces, pieceBegin, pieceLength, foldedRows, extraStart };
}
