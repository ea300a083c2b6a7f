import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { fillSlots, sliceOffsets } from './slice-slots.js';

/** Most stored rows in one window: a row's place and piece count share one u32, 16 bits each. */
export const MAX_WINDOW_ROWS = 2 ** 15;

/**
 * Paper 002's Fold method with each row's pieces kept in its own window, for a GPU workgroup to add up in
 * its own memory (no second pass over partial results). Rows are cut into k = ⌈L / width⌉ pieces of
 * ⌈L / k⌉ or ⌊L / k⌋ entries (an empty row into none); consecutive rows fill windows of `windowRows` stored
 * rows in row order, a row never split across two (a window closes when the next row's pieces do not fit,
 * its last stored rows left empty). Within a window the rows are sorted by piece length, longest first
 * (ties in row order), each row's pieces together, so that a slice of `sliceHeight` stored rows pads little.
 * The slots are sliced ELL's (see `SlicedEll`): slot s of the slice's stored row r at
 * `sliceStart[slice] + s · C + r`, padding NO_VERTEX with weight 0.
 */
export interface WindowFoldedEll {
  readonly n: number;
  readonly sliceHeight: number;
  readonly windowRows: number;
  /** The fold width: the most entries of one piece. */
  readonly width: number;
  /** Windows before the last × windowRows, plus the last window's pieces (a GPU runs windowStart.length − 1 windows). */
  readonly storedRows: number;
  /** ⌈storedRows / C⌉ + 1 slot offsets. */
  readonly sliceStart: Uint32Array;
  readonly indices: Uint32Array;
  readonly weight: WeightArray | null;
  /** windows + 1 row offsets: window w (stored rows w · windowRows …) holds rows windowStart[w] … windowStart[w + 1] − 1. */
  readonly windowStart: Uint32Array;
  /**
   * Row i's pieces within its window: the first one's place (the low 16 bits) and how many (the high 16), the
   * pieces following one another: stored rows w · windowRows + place … + place + pieces − 1.
   */
  readonly rowPieces: Uint32Array;
  /** The most pieces of one row. */
  readonly mostPieces: number;
  /** Slots over arcs (1 for an empty layout, Infinity when slots exist but no arcs). */
  readonly paddingRatio: number;
}

export interface WindowFoldedEllOptions {
  /** C: stored rows per slice, a positive integer (on a GPU, the subgroup size or a multiple of it). */
  readonly sliceHeight: number;
  /** Stored rows per window, a multiple of C up to {@link MAX_WINDOW_ROWS} (on a GPU, a workgroup's invocations). */
  readonly windowRows: number;
  /** The most entries of one piece, a positive integer; a row longer than windowRows pieces of it is refused. */
  readonly foldWidth: number;
  /** Called with the slot count once it is known, before the slot arrays are allocated (to refuse early). */
  readonly checkSlots?: (slots: number) => void;
}

/**
 * Lays a CSR out as {@link WindowFoldedEll}: O(n log windowRows + slots), typed arrays only.
 *
 * @example
 * ```ts
 * // rows of 5, 1 and 0 entries, width 2, windows of 4 stored rows in slices of 2: row 0 → pieces of 2, 2, 1
 * const w = windowFoldedEllFromCsr(csr, { sliceHeight: 2, windowRows: 4, foldWidth: 2 });
 * // windowStart = [0, 3], rowPieces = [0 | 3 << 16, 3 | 1 << 16, 0], sliceStart = [0, 4, 6]
 * ```
 */
export function windowFoldedEllFromCsr(csr: Csr, options: WindowFoldedEllOptions): WindowFoldedEll {
  const { c, windowRows, width, storedRows, windowStart, rowPieces, pieceBegin, pieceLength, mostPieces, sliceStart, slots } = windowPieces(csr, options);
  options.checkSlots?.(slots);
  const { indices, weight } = fillSlots(csr, sliceStart, c, storedRows, (p) => pieceBegin[p], (p) => pieceLength[p]);
  const arcs = csr.indices.length;
  return {
    n: csr.n,
    sliceHeight: c,
    windowRows,
    width,
    storedRows,
    sliceStart,
    indices,
    weight,
    windowStart,
    rowPieces,
    mostPieces,
    paddingRatio: slots === 0 ? 1 : slots / arcs,
  };
}

/** What a {@link WindowFoldedEll} of these options stores, without its slots: the sizes a traffic model needs. */
export interface WindowFoldedEllShape {
  readonly storedRows: number;
  readonly windows: number;
  readonly slices: number;
  /** Slots, padding included. */
  readonly slots: number;
  /** The most pieces of one row. */
  readonly mostPieces: number;
}

/**
 * The shape {@link windowFoldedEllFromCsr} would give, in O(n log windowRows + stored rows) time and no slot arrays.
 *
 * @example
 * ```ts
 * windowFoldedEllShape(csr, { sliceHeight: 32, windowRows: 256, foldWidth: 128 }).slots / csr.indices.length; // padding ratio
 * ```
 */
export function windowFoldedEllShape(csr: Csr, options: WindowFoldedEllOptions): WindowFoldedEllShape {
  const { storedRows, windowStart, sliceStart, slots, mostPieces } = windowPieces(csr, options);
  return { storedRows, windows: windowStart.length - 1, slices: sliceStart.length - 1, slots, mostPieces };
}

/** Everything of a {@link WindowFoldedEll} but its slots: the windows, each stored row's piece, the slices' offsets. */
function windowPieces(csr: Csr, options: WindowFoldedEllOptions) {
  const { sliceHeight: c, windowRows, foldWidth: width } = options;
  if (!Number.isInteger(c) || c < 1) throw new RangeError(`sliceHeight = ${c} is not a positive integer`);
  if (!Number.isInteger(windowRows) || windowRows < c || windowRows % c !== 0 || windowRows > MAX_WINDOW_ROWS) {
    throw new RangeError(`windowRows = ${windowRows} must be a multiple of sliceHeight ${c} up to ${MAX_WINDOW_ROWS}`);
  }
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`fold width = ${width} is not a positive integer`);
  const { n, indptr } = csr;
  const pieces = (v: number) => Math.ceil((indptr[v + 1] - indptr[v]) / width);
  const { windowStart, mostPieces, lastUsed } = fillWindows(n, pieces, windowRows, width);
  const windows = windowStart.length - 1;
  const storedRows = (windows - 1) * windowRows + lastUsed;
  checkArcCount(storedRows, `${n} rows folded at width ${width} into windows of ${windowRows}`);
  // Each stored row's piece (its first entry and length), and each row's place in its window.
  const pieceBegin = new Uint32Array(storedRows);
  const pieceLength = new Uint32Array(storedRows);
  const rowPieces = new Uint32Array(n);
  const keys = new Float64Array(windowRows);
  for (let w = 0; w < windows; w++) {
    const first = windowStart[w];
    const rows = windowStart[w + 1] - first;
    // Longest piece first, ties in row order: (width − piece length) · windowRows + the row's index in the window.
    const order = keys.subarray(0, rows);
    for (let i = 0; i < rows; i++) order[i] = (width - pieceWidth(indptr, first + i, pieces(first + i))) * windowRows + i;
    order.sort();
    let place = 0;
    for (let j = 0; j < rows; j++) {
      const v = first + (order[j] % windowRows);
      const k = pieces(v);
      rowPieces[v] = place | (k << 16);
      const len = indptr[v + 1] - indptr[v];
      // k pieces of ⌈len / k⌉ then ⌊len / k⌋ entries: the longer ones first.
      const base = Math.floor(len / k);
      const longer = len - base * k;
      for (let at = indptr[v], i = 0; i < k; i++) {
        const p = w * windowRows + place + i;
        pieceBegin[p] = at;
        pieceLength[p] = base + (i < longer ? 1 : 0);
        at += pieceLength[p];
      }
      place += k;
    }
  }
  const { sliceStart, slots } = sliceOffsets(storedRows, c, (p) => pieceLength[p], `window-folded ELL of ${storedRows} stored rows in slices of ${c}`);
  return { c, windowRows, width, storedRows, windowStart, rowPieces, pieceBegin, pieceLength, mostPieces, sliceStart, slots };
}

/**
 * Rows into windows, in order, as many whole rows as fit each (at most windowRows rows and windowRows pieces; empty
 * rows take no stored row): the windows' first rows, the most pieces of a row and the last window's stored rows. A window of empty rows only still counts: its workgroup stores their y.
 */
function fillWindows(n: number, pieces: (v: number) => number, windowRows: number, width: number): { windowStart: Uint32Array; mostPieces: number; lastUsed: number } {
  const starts: number[] = [];
  let used = 0;
  let mostPieces = 0;
  for (let v = 0; v < n; v++) {
    const k = pieces(v);
    if (k > windowRows) {
      throw new RangeError(`row ${v} folds into ${k} pieces of at most ${width} entries, more than a window's ${windowRows} stored rows; fold it wider or use wider windows`);
    }
    mostPieces = Math.max(mostPieces, k);
    // A window also stores at most windowRows rows' results (one an invocation), empty rows included.
    if (starts.length === 0 || used + k > windowRows || v - starts[starts.length - 1] === windowRows) {
      starts.push(v);
      used = 0;
    }
    used += k;
  }
  // At least one window, empty when there are no rows: a dispatch has at least one workgroup, which reads it.
  if (starts.length === 0) starts.push(0);
  starts.push(n);
  return { windowStart: Uint32Array.from(starts), mostPieces, lastUsed: used };
}

/** The longest of a row's k pieces: ⌈len / k⌉ (0 for an empty row). */
function pieceWidth(indptr: Uint32Array, v: number, k: number): number {
  return k === 0 ? 0 : Math.ceil((indptr[v + 1] - indptr[v]) / k);
}
