import type { ArcPayload } from './row-scatter.js';

/** Rows up to this length are insertion-sorted: on average-degree rows that beats any call overhead. */
const INSERTION_MAX = 24;

/**
 * Sorts every row's `indices` ascending in place, stably, with `payload` following. Sequential memory
 * traffic only, row by row: short rows by insertion sort, long pattern rows by the engine's typed-array
 * sort (ties are indistinguishable there), long rows with a payload by a merge sort through one scratch
 * pair sized to the longest row.
 *
 * @example
 * ```ts
 * const indices = Uint32Array.of(2, 0, 1), w = Float64Array.of(5, 6, 7);
 * sortRowsInPlace(2, Uint32Array.of(0, 2, 3), indices, w); // indices [0, 2, 1], w [6, 5, 7]
 * ```
 */
export function sortRowsInPlace(n: number, indptr: Uint32Array, indices: Uint32Array, payload: ArcPayload): void {
  let longest = 0;
  for (let v = 0; v < n; v++) longest = Math.max(longest, indptr[v + 1] - indptr[v]);
  const merge =
    payload !== null && longest > INSERTION_MAX
      ? { indices: new Uint32Array(longest), payload: new (payload.constructor as new (n: number) => NonNullable<ArcPayload>)(longest) }
      : null;
  for (let v = 0; v < n; v++) {
    const start = indptr[v];
    const end = indptr[v + 1];
    if (isSorted(indices, start, end)) continue;
    if (end - start <= INSERTION_MAX) insertionSort(indices, payload, start, end);
    else if (payload === null) indices.subarray(start, end).sort();
    else mergeSort(indices, payload, start, end, merge!.indices, merge!.payload);
  }
}

function isSorted(indices: Uint32Array, start: number, end: number): boolean {
  for (let p = start + 1; p < end; p++) if (indices[p] < indices[p - 1]) return false;
  return true;
}

function insertionSort(indices: Uint32Array, payload: ArcPayload, start: number, end: number): void {
  for (let p = start + 1; p < end; p++) {
    const key = indices[p];
    const value = payload === null ? 0 : payload[p];
    let q = p - 1;
    for (; q >= start && indices[q] > key; q--) {
      indices[q + 1] = indices[q];
      if (payload !== null) payload[q + 1] = payload[q];
    }
    indices[q + 1] = key;
    if (payload !== null) payload[q + 1] = value;
  }
}

/** Bottom-up stable merge sort of one row, ping-ponging between the row and the scratch arrays. */
function mergeSort(
  indices: Uint32Array,
  payload: NonNullable<ArcPayload>,
  start: number,
  end: number,
  scratchIdx: Uint32Array,
  scratchVal: NonNullable<ArcPayload>,
): void {
  const len = end - start;
  // Sorted runs of INSERTION_MAX first, so the merge passes start from long runs.
  for (let a = start; a < end; a += INSERTION_MAX) insertionSort(indices, payload, a, Math.min(a + INSERTION_MAX, end));
  let fromIdx = indices;
  let fromVal = payload;
  let fromBase = start;
  let toIdx = scratchIdx;
  let toVal = scratchVal;
  let toBase = 0;
  for (let width = INSERTION_MAX; width < len; width *= 2) {
    for (let lo = 0; lo < len; lo += 2 * width) {
      const mid = Math.min(lo + width, len);
      const hi = Math.min(lo + 2 * width, len);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        // Take from the left run on ties: that is what keeps the sort stable.
        const fromLeft = j >= hi || (i < mid && fromIdx[fromBase + i] <= fromIdx[fromBase + j]);
        const s = fromBase + (fromLeft ? i++ : j++);
        toIdx[toBase + k] = fromIdx[s];
        toVal[toBase + k] = fromVal[s];
      }
    }
    [fromIdx, toIdx] = [toIdx, fromIdx];
    [fromVal, toVal] = [toVal, fromVal];
    [fromBase, toBase] = [toBase, fromBase];
  }
  if (fromIdx !== indices) {
    indices.set(fromIdx.subarray(0, len), start);
    payload.set(fromVal.subarray(0, len), start);
  }
}
