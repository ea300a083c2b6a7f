import type { ArcPayload } from './row-scatter.js';

/** Rows up to this length are insertion-sorted: on average-degree rows that beats any call overhead. */
const INSERTION_MAX = 24;

/** Radix digits tried for a long row: the one with the fewest passes × (row + buckets) is used. */
const DIGIT_BITS = [8, 11, 16] as const;

/**
 * Sorts every row's `indices` ascending in place, stably, with `payload` following. Sequential memory
 * traffic only, row by row: short rows by insertion sort, longer ones by an LSD radix sort over the bits
 * their largest head needs (digits of 8, 11 or 16 bits, whichever moves the row the fewest times; a digit
 * every head of the row shares is skipped), through scratch arrays as long as the longest row. A radix sort
 * is stable, so ties keep their order with no key to build. Against the engine's sort of keys head × length +
 * position (stable, exact below 2^53), Kronecker 20's rows renumbered by degree (33.5 M arcs, 2-core dev VM, two
 * runs, each against the engine's sort in the same run) sorted in 1.10 and 1.47 s instead of 2.90 and 3.03 with f32
 * weights, and in 0.80 and 1.28 s instead of the engine's `Uint32Array` sort's 1.52 and 1.74 without; on the GPU
 * host's CPU Kronecker 24 with weights was built on one thread
 * in 39.2 s instead of 64.5 and renumbered in 49.0 s instead of 72.7.
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
  const scratch = longest > INSERTION_MAX ? radixScratch(longest, payload) : null;
  for (let v = 0; v < n; v++) {
    const start = indptr[v];
    const end = indptr[v + 1];
    if (isSorted(indices, start, end)) continue;
    if (end - start <= INSERTION_MAX) insertionSort(indices, payload, start, end);
    else radixSort(indices, payload, start, end, scratch!);
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

/** A radix sort's room: heads and payload moved back and forth, and a digit's bucket counts for each pass. */
interface RadixScratch {
  readonly heads: Uint32Array;
  readonly payload: ArcPayload;
  readonly counts: Uint32Array;
}

function radixScratch(longest: number, payload: ArcPayload): RadixScratch {
  const Payload = payload?.constructor as (new (n: number) => NonNullable<ArcPayload>) | undefined;
  // Heads are u32, so at most 4 passes of 8 bits or 2 of 16: 2^17 counts cover any plan.
  return { heads: new Uint32Array(longest), payload: Payload ? new Payload(longest) : null, counts: new Uint32Array(2 << 16) };
}

/** One row, LSD radix: every pass's counts in one read of the row, then a stable scatter a pass between the row and the scratch. */
function radixSort(indices: Uint32Array, payload: ArcPayload, start: number, end: number, scratch: RadixScratch): void {
  const len = end - start;
  let max = 0;
  for (let p = start; p < end; p++) if (indices[p] > max) max = indices[p];
  const bits = 32 - Math.clz32(max);
  let digit: number = DIGIT_BITS[0];
  for (const b of DIGIT_BITS) if (Math.ceil(bits / b) * (len + (1 << b)) < Math.ceil(bits / digit) * (len + (1 << digit))) digit = b;
  const size = 1 << digit;
  const mask = size - 1;
  const passes = Math.ceil(bits / digit);
  const { counts } = scratch;
  counts.fill(0, 0, passes * size);
  for (let p = start; p < end; p++) {
    const h = indices[p];
    for (let k = 0, shift = 0; k < passes; k++, shift += digit) counts[k * size + ((h >>> shift) & mask)]++;
  }
  let fromHeads = indices.subarray(start, end);
  let fromPayload = payload?.subarray(start, end) ?? null;
  let toHeads = scratch.heads.subarray(0, len);
  let toPayload = scratch.payload?.subarray(0, len) ?? null;
  let moved = false;
  for (let k = 0, shift = 0; k < passes; k++, shift += digit) {
    const base = k * size;
    if (counts[base + ((fromHeads[0] >>> shift) & mask)] === len) continue;
    // Bucket starts, offset by `base` so that the counts become the places in one pass.
    let at = base;
    for (let d = base; d < base + size; d++) {
      const c = counts[d];
      counts[d] = at;
      at += c;
    }
    if (fromPayload === null) {
      for (let i = 0; i < len; i++) {
        const h = fromHeads[i];
        toHeads[counts[base + ((h >>> shift) & mask)]++ - base] = h;
      }
    } else {
      for (let i = 0; i < len; i++) {
        const h = fromHeads[i];
        const q = counts[base + ((h >>> shift) & mask)]++ - base;
        toHeads[q] = h;
        toPayload![q] = fromPayload[i];
      }
    }
    [fromHeads, toHeads] = [toHeads, fromHeads];
    [fromPayload, toPayload] = [toPayload, fromPayload];
    moved = !moved;
  }
  if (moved) {
    indices.set(fromHeads, start);
    if (payload !== null) (payload as Float64Array).set(fromPayload as Float64Array, start);
  }
}
