import type { WeightArray } from '../edge-list.js';

/** How parallel arcs (same tail and head) merge into one: weights summed, the least, or the last in input order. */
export type ArcCombine = 'sum' | 'min' | 'last';

/**
 * Merges each run of equal entries in rows sorted stably by column, in place: `indptr` is rewritten and
 * the merged arcs are packed at the front of `indices` and `weight`. Returns the new arc count.
 * `min` follows `Math.min` (a NaN weight wins); pattern rows just lose their repeats.
 *
 * @example
 * ```ts
 * const indptr = Uint32Array.of(0, 3), indices = Uint32Array.of(1, 1, 2), w = Float64Array.of(4, 5, 6);
 * combineSortedRows(1, indptr, indices, w, 'sum'); // 2; indptr [0, 2], indices [1, 2, …], w [9, 6, …]
 * ```
 */
export function combineSortedRows(
  n: number,
  indptr: Uint32Array,
  indices: Uint32Array,
  weight: WeightArray | null,
  combine: ArcCombine,
): number {
  const sum = combine === 'sum';
  const min = combine === 'min';
  let write = 0;
  let start = 0;
  for (let r = 0; r < n; r++) {
    const end = indptr[r + 1];
    indptr[r] = write;
    let p = start;
    while (p < end) {
      const c = indices[p];
      let acc = weight === null ? 0 : weight[p];
      let q = p + 1;
      for (; q < end && indices[q] === c; q++) {
        if (weight === null) continue;
        const w = weight[q];
        if (sum) acc += w;
        else if (min) acc = w < acc || w !== w ? w : acc;
        else acc = w;
      }
      indices[write] = c;
      if (weight !== null) weight[write] = acc;
      write++;
      p = q;
    }
    start = end;
  }
  indptr[n] = write;
  return write;
}
