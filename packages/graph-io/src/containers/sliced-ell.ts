import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { foldCsr } from './folded-csr.js';
import { outDegrees } from '../transforms/degree-stats.js';
import { NO_VERTEX } from './no-vertex.js';
import { fillSlots, sliceOffsets } from './slice-slots.js';

/** Largest σ: sort keys (length rank · σ + position) stay exact in a double. */
export const MAX_SIGMA = 2 ** 20;

/**
 * Sliced ELLPACK (SELL-C-σ): stored rows in slices of `sliceHeight` (C), each slice padded only to its
 * own longest row and stored slot-major, slot s of the slice's row r at `sliceStart[slice] + s · C + r`
 * (padding: {@link NO_VERTEX}, weight 0), so that C GPU threads read consecutive words at each slot.
 * With σ > 1 the rows are sorted by length, longest first, within windows of σ rows (less padding):
 * stored row p < n is row `rowIds[p]`. Folded (paper 002's Fold method, see {@link FoldedCsr}), the
 * stored rows are the n rows' first pieces, then the folded rows' extra pieces.
 */
export interface SlicedEll {
  readonly n: number;
  readonly sliceHeight: number;
  readonly sigma: number;
  /** n, plus the extra pieces when folded. */
  readonly storedRows: number;
  /** ⌈storedRows / C⌉ + 1 slot offsets. */
  readonly sliceStart: Uint32Array;
  readonly indices: Uint32Array;
  readonly weight: WeightArray | null;
  /** σ > 1: the row each of the first n stored rows holds; null: stored row p is row p. */
  readonly rowIds: Uint32Array | null;
  /** Folded: the fold width, the folded rows (ascending) and where their extra pieces start (see {@link FoldedCsr}). */
  readonly fold: { readonly width: number; readonly foldedRows: Uint32Array; readonly extraStart: Uint32Array } | null;
  /** Slots over arcs (1 for an empty layout, Infinity when slots exist but no arcs). */
  readonly paddingRatio: number;
}

export interface SlicedEllOptions {
  /** C: stored rows per slice, a positive integer (on a GPU, the subgroup size or a multiple of it). */
  readonly sliceHeight: number;
  /**
   * σ: sort rows by length within windows of σ rows (default 1: keep the order). A window inside one
   * slice would change nothing, so σ is 1 or a multiple of C, at most {@link MAX_SIGMA}.
   */
  readonly sigma?: number;
  /** Fold rows longer than this into pieces of at most this many entries (default: no folding). */
  readonly foldWidth?: number;
  /** Called with the slot count once it is known, before the slot arrays are allocated (to refuse early). */
  readonly checkSlots?: (slots: number) => void;
}

/**
 * Lays a CSR out as {@link SlicedEll}: O(n log σ + slots), typed arrays only.
 *
 * @example
 * ```ts
 * // rows of 1, 3, 0 and 2 entries, C = 2: slice 0 is 3 slots wide, slice 1 is 2
 * const s = slicedEllFromCsr(csr, { sliceHeight: 2 });            // sliceStart = [0, 6, 10]
 * const t = slicedEllFromCsr(csr, { sliceHeight: 2, sigma: 4 });  // rowIds = [1, 3, 0, 2], sliceStart = [0, 6, 8]
 * ```
 */
export function slicedEllFromCsr(csr: Csr, options: SlicedEllOptions): SlicedEll {
  const { c, sigma, begin, length, storedRows, rowIds, source, sliceStart, slots, folded } = sliceRows(csr, options);
  options.checkSlots?.(slots);
  const { n } = csr;
  const { indices, weight } = fillSlots(csr, sliceStart, c, storedRows, (p) => begin[source(p)], (p) => length[source(p)]);
  const arcs = csr.indices.length;
  return {
    n,
    sliceHeight: c,
    sigma,
    storedRows,
    sliceStart,
    indices,
    weight,
    rowIds,
    fold: folded && { width: folded.width, foldedRows: folded.foldedRows, extraStart: folded.extraStart },
    paddingRatio: slots === 0 ? 1 : slots / arcs,
  };
}

/** What a {@link SlicedEll} of these options stores, without storing it: the sizes a traffic model needs. */
export interface SlicedEllShape {
  /** n, plus the extra pieces when folded. */
  readonly storedRows: number;
  readonly slices: number;
  /** Slots, padding included. */
  readonly slots: number;
  /** Rows longer than the fold width (0 unfolded). */
  readonly foldedRows: number;
}

/**
 * The shape {@link slicedEllFromCsr} would give, in O(n log σ + pieces) time and no slot arrays.
 *
 * @example
 * ```ts
 * slicedEllShape(csr, { sliceHeight: 32, sigma: 4096, foldWidth: 64 }).slots / csr.indices.length; // padding ratio
 * ```
 */
export function slicedEllShape(csr: Csr, options: SlicedEllOptions): SlicedEllShape {
  const { storedRows, sliceStart, slots, folded } = sliceRows(csr, options);
  return { storedRows, slices: sliceStart.length - 1, slots, foldedRows: folded ? folded.foldedRows.length : 0 };
}

/** The stored rows (pieces when folded), their order and the slices' offsets: everything but the slots' contents. */
function sliceRows(csr: Csr, options: SlicedEllOptions) {
  const { sliceHeight: c, sigma = 1, foldWidth } = options;
  if (!Number.isInteger(c) || c < 1) throw new RangeError(`sliceHeight = ${c} is not a positive integer`);
  if (!Number.isInteger(sigma) || sigma < 1 || sigma > MAX_SIGMA || (sigma > 1 && sigma % c !== 0)) {
    throw new RangeError(`sigma = ${sigma} must be 1 or a multiple of sliceHeight ${c} up to ${MAX_SIGMA} (a window within one slice changes nothing)`);
  }
  const { n } = csr;
  const folded = foldWidth === undefined ? null : foldCsr(csr, foldWidth);
  const begin = folded ? folded.pieceBegin : csr.indptr;
  const length = folded ? folded.pieceLength : outDegrees(csr);
  const storedRows = folded ? folded.pieces : n;
  const rowIds = sigma > 1 ? sortWithinWindows(length, n, sigma) : null;
  // The piece stored at p: σ moves rows within their windows; extra pieces (p ≥ n) stay where they are.
  const sorted = rowIds === null ? 0 : n;
  const source = (p: number) => (p < sorted ? rowIds![p] : p);
  const { sliceStart, slots } = sliceOffsets(storedRows, c, (p) => length[source(p)], `sliced ELL of ${storedRows} rows in slices of ${c}`);
  return { c, sigma, begin, length, storedRows, rowIds, source, sliceStart, slots, folded };
}


/**
 * The order of rows 0 … n − 1 sorted by length, longest first, within each window of σ rows; ties keep
 * their order. One native numeric sort per window on keys (longest − length) · σ + position.
 */
function sortWithinWindows(length: Uint32Array, n: number, sigma: number): Uint32Array {
  let longest = 0;
  for (let v = 0; v < n; v++) longest = Math.max(longest, length[v]);
  const order = new Uint32Array(n);
  const keys = new Float64Array(Math.min(sigma, n));
  for (let start = 0; start < n; start += sigma) {
    const size = Math.min(sigma, n - start);
    const window = keys.subarray(0, size);
    for (let i = 0; i < size; i++) window[i] = (longest - length[start + i]) * sigma + i;
    window.sort();
    for (let i = 0; i < size; i++) order[start + i] = start + (window[i] % sigma);
  }
  return order;
}
