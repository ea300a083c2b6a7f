/**
 * Index of the first position where two arrays differ (or where the shorter ends), −1 when they are equal.
 * Typed arrays of 10^5+ entries compare in a loop here; `toEqual` walks them far more slowly.
 */
export function firstDifference(a: ArrayLike<number> | null, b: ArrayLike<number> | null): number {
  if (a === null || b === null) return a === b ? -1 : 0;
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return k;
  return a.length === b.length ? -1 : n;
}
