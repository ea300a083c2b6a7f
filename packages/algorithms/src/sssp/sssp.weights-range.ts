import { F32_MAX_WEIGHT } from '../kernels/f32-encoding.js';
import type { SsspWeightType } from './sssp.input.js';

/** Largest u32 weight: 2^32 − 1 is the key of "unreached". */
export const U32_MAX_WEIGHT = 0xfffffffe;

/**
 * Arcs per block of the weights' statistics: each block's sum is taken left to right and the blocks' sums are
 * added in order, by one thread or by workers over whole blocks alike, so the mean (and the plan's delta made
 * from it) does not depend on the thread count.
 */
export const WEIGHT_BLOCK = 1 << 16;

/** Words per block in a statistics array: min, max, sum. */
export const BLOCK_STATS = 3;

/**
 * Converts arcs [first, end) of `source` into `values` (f32 rounded, or u32 checked integers) and writes each
 * block's min, max and sum of the stored values at `stats[BLOCK_STATS × b …]` for block b = ⌊e / WEIGHT_BLOCK⌋;
 * `first` is a block's start. Returns the first arc whose weight the type refuses (−1: none); the blocks from
 * that arc's on are left unwritten.
 */
export function convertWeightRange(source: ArrayLike<number>, values: Float32Array | Uint32Array, type: SsspWeightType, first: number, end: number, stats: Float64Array): number {
  // One loop per type, each over one array type, so that V8 keeps the element accesses monomorphic (a shared
  // loop over Float32Array | Uint32Array ran ~10× slower on 10^8 arcs).
  for (let start = first; start < end; start += WEIGHT_BLOCK) {
    const stop = Math.min(end, start + WEIGHT_BLOCK);
    const bad = type === 'f32' ? toF32(source, values as Float32Array, start, stop, stats) : toU32(source, values as Uint32Array, start, stop, stats);
    if (bad >= 0) return bad;
  }
  return -1;
}

/** The weights' min, max and mean from the blocks' statistics of `m` arcs (all written). */
export function weightStats(stats: Float64Array, m: number): { min: number; max: number; mean: number } {
  if (m === 0) return { min: 0, max: 0, mean: 0 };
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let b = 0; b < stats.length; b += BLOCK_STATS) {
    min = Math.min(min, stats[b]);
    max = Math.max(max, stats[b + 1]);
    sum += stats[b + 2];
  }
  return { min, max, mean: sum / m };
}

/** The refusal of arc `e`'s weight `w` as the kernels' type. */
export function weightError(e: number, w: number, type: SsspWeightType): RangeError {
  return type === 'f32'
    ? new RangeError(`sssp: arc ${e} has weight ${w}; f32 weights must be finite and within ±2^100`)
    : new RangeError(`sssp: arc ${e} has weight ${w}; u32 weights must be integers 0..${U32_MAX_WEIGHT} (use weights: 'f32')`);
}

function toF32(source: ArrayLike<number>, values: Float32Array, start: number, stop: number, stats: Float64Array): number {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let e = start; e < stop; e++) {
    const w = source[e];
    if (!(Math.abs(w) <= F32_MAX_WEIGHT)) return e;
    values[e] = w;
    const stored = values[e];
    if (stored < min) min = stored;
    if (stored > max) max = stored;
    sum += stored;
  }
  return block(stats, start, min, max, sum);
}

function toU32(source: ArrayLike<number>, values: Uint32Array, start: number, stop: number, stats: Float64Array): number {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let e = start; e < stop; e++) {
    const w = source[e];
    if (!(w >= 0 && w <= U32_MAX_WEIGHT && Math.floor(w) === w)) return e;
    values[e] = w;
    if (w < min) min = w;
    if (w > max) max = w;
    sum += w;
  }
  return block(stats, start, min, max, sum);
}

/** Writes a block's statistics; −1 (no refused arc) for the caller to return. */
function block(stats: Float64Array, start: number, min: number, max: number, sum: number): number {
  const at = BLOCK_STATS * (start / WEIGHT_BLOCK);
  stats[at] = min;
  stats[at + 1] = max;
  stats[at + 2] = sum;
  return -1;
}
