import { expect } from 'vitest';
import { NO_VERTEX, type Csr, type SlicedEll } from '../../src/index.js';

/** One stored entry: its column and weight (null for a pattern). */
export type Entry = [number, number | null];

/** The slices of a sliced layout (sliced ELL, window-folded ELL). */
type Slices = Pick<SlicedEll, 'sliceHeight' | 'sliceStart' | 'indices' | 'weight'>;

/** A stored row's entries, read slot by slot up to its first padding slot, checking the padding after it. */
export function storedRow(s: Slices, p: number): Entry[] {
  const c = s.sliceHeight;
  const slice = Math.floor(p / c);
  const out: Entry[] = [];
  let padded = false;
  for (let at = s.sliceStart[slice] + (p % c); at < s.sliceStart[slice + 1]; at += c) {
    if (s.indices[at] === NO_VERTEX) padded = true;
    else if (padded) throw new Error(`stored row ${p}: an entry after padding at slot ${at}`);
    else out.push([s.indices[at], s.weight === null ? null : s.weight[at]]);
    if (padded && s.weight !== null) expect(s.weight[at]).toBe(0);
  }
  return out;
}

/** A CSR whose rows hold these many entries (row i's columns cycle through 0 … n − 1, weights 1, 2, 3, …). */
export const csrOf = (lengths: number[]): Csr => {
  const indptr = Uint32Array.from([0, ...lengths.map((_, i) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0))]);
  const indices = Uint32Array.from({ length: indptr[lengths.length] }, (_, k) => k % lengths.length);
  return { n: lengths.length, indptr, indices, weight: Float32Array.from(indices, (_, k) => k + 1), directed: true, sorted: false };
};
