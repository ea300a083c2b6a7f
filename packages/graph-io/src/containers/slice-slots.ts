import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { NO_VERTEX } from './no-vertex.js';
import { allocateLike } from './row-scatter.js';

/**
 * The slices' slot offsets of `storedRows` stored rows (pieces) in slices of `c`, each slice as wide as its
 * longest: `length(p)` is stored row p's entry count. `what` names the layout in a size-limit error.
 */
export function sliceOffsets(storedRows: number, c: number, length: (p: number) => number, what: string): { sliceStart: Uint32Array; slots: number } {
  const slices = Math.ceil(storedRows / c);
  const sliceStart = new Uint32Array(slices + 1);
  let slots = 0;
  for (let s = 0, p = 0; s < slices; s++) {
    let widest = 0;
    for (const end = Math.min(p + c, storedRows); p < end; p++) widest = Math.max(widest, length(p));
    slots += widest * c;
    sliceStart[s + 1] = slots; // wraps past 2^32 − 1 only when the check below throws
  }
  checkArcCount(slots, what);
  return { sliceStart, slots };
}

/**
 * The slots of the stored rows, slot-major within each slice (slot s of the slice's row r at
 * `sliceStart[slice] + s · c + r`), padding {@link NO_VERTEX} with weight 0: stored row p holds the CSR's
 * entries `begin(p) … begin(p) + length(p) − 1`.
 */
export function fillSlots(
  csr: Csr,
  sliceStart: Uint32Array,
  c: number,
  storedRows: number,
  begin: (p: number) => number,
  length: (p: number) => number,
): { indices: Uint32Array; weight: WeightArray | null } {
  const slots = sliceStart[sliceStart.length - 1];
  const indices = new Uint32Array(slots).fill(NO_VERTEX);
  const weight = allocateLike(csr.weight, slots);
  const from = csr.indices;
  const fromWeight = csr.weight;
  for (let s = 0, p = 0; s < sliceStart.length - 1; s++) {
    for (let lane = 0; lane < c && p < storedRows; lane++, p++) {
      const first = begin(p);
      const end = first + length(p);
      let at = sliceStart[s] + lane;
      for (let q = first; q < end; q++, at += c) indices[at] = from[q];
      if (weight === null) continue;
      at = sliceStart[s] + lane;
      for (let q = first; q < end; q++, at += c) weight[at] = fromWeight![q];
    }
  }
  return { indices, weight };
}
