import { checkNumberType } from '@semiforge/graph-io';
import type { SsspWeightType } from './sssp.input.js';

/** The key of "no path yet" in the kernels' distance arrays. */
export const UNREACHED_KEY = 0xffffffff;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/**
 * The order-preserving u32 key of a distance, as the kernels store it: a u32 distance is its own key; an f32
 * has its sign bit flipped when ≥ 0 and every bit flipped when < 0, so unsigned key order is value order.
 */
export function distanceKey(d: number, type: SsspWeightType): number {
  if (type === 'u32') return d;
  f32[0] = d;
  return f32BitsKey(u32[0]);
}

/** The order-preserving key of an f32 given as its bits (see {@link distanceKey}). */
export const f32BitsKey = (b: number) => (b >>> 31 ? ~b : b ^ 0x80000000) >>> 0;

/** The bits the kernels read a weight-typed parameter from (delta): the f32's bits, or the integer. */
export function weightBits(w: number, type: SsspWeightType): number {
  if (type === 'u32') return w;
  f32[0] = w;
  return u32[0];
}

/** Distances from the kernels' keys: values exactly as f32 or u32, Infinity where unreached. */
export function decodeDistances(keys: Uint32Array, type: SsspWeightType): Float64Array {
  const n = keys.length;
  const dist = new Float64Array(n);
  if (type === 'u32') {
    for (let v = 0; v < n; v++) {
      const k = keys[v];
      dist[v] = k === UNREACHED_KEY ? Infinity : k;
    }
    return dist;
  }
  // One pass to f32 bits (UNREACHED as +Infinity's), then one widening copy: a query decodes millions of keys.
  const bits = new Uint32Array(n);
  for (let v = 0; v < n; v++) {
    const k = keys[v];
    bits[v] = k === UNREACHED_KEY ? F32_INFINITY_BITS : k >>> 31 ? k ^ 0x80000000 : ~k;
  }
  dist.set(new Float32Array(bits.buffer));
  return dist;
}

const F32_INFINITY_BITS = 0x7f800000;

/** The largest key a relaxation may write: that of the largest distance ≤ maxDistance (the key before UNREACHED when none). */
export function limitKey(maxDistance: number | undefined, type: SsspWeightType): number {
  if (maxDistance === undefined || maxDistance === Infinity) return UNREACHED_KEY - 1;
  checkNumberType('sssp: maxDistance', maxDistance, 'a number');
  if (Number.isNaN(maxDistance)) throw new RangeError('sssp: maxDistance is NaN');
  if (type === 'u32') return Math.max(0, Math.min(UNREACHED_KEY - 1, Math.floor(maxDistance)));
  const rounded = Math.fround(maxDistance);
  const key = distanceKey(rounded, 'f32');
  // fround may round up past maxDistance: step back one representable value.
  return rounded > maxDistance ? key - 1 : key;
}
