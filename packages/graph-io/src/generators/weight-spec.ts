import type { WeightArray } from '../edge-list.js';
import type { Xoshiro128ss } from '../random/xoshiro128ss.js';

/**
 * How a generator weights its edges: `'none'` (a pattern graph), `'f32-unit'` (f32 uniform in [0, 1),
 * Graph500's weights) or a range: integers uniform in `min..max` (both included) when `integer`, else
 * doubles uniform in `[min, max)`. Plain data, so it can be posted to a worker.
 */
export type WeightSpec = 'none' | 'f32-unit' | WeightRange;

/** A weight range of a {@link WeightSpec}. */
export interface WeightRange {
  readonly min: number;
  readonly max: number;
  /** Integers in `min..max` when true (the default), doubles in `[min, max)` when false. */
  readonly integer?: boolean;
}

/** Draws one weight per call from the generator's stream; `float32` says which array holds them. */
export interface WeightSampler {
  readonly float32: boolean;
  draw(rng: Xoshiro128ss): number;
}

const TWO_POW_24 = 2 ** 24;

/**
 * Checks a {@link WeightSpec} and returns its sampler, or `null` for `'none'`. `option` names the
 * option in error messages.
 *
 * @example
 * ```ts
 * const s = weightSampler({ min: 1, max: 100 }, 'weights');
 * s.draw(Xoshiro128ss.fromSeed(1)); // an integer in 1..100
 * ```
 */
export function weightSampler(spec: 'f32-unit' | WeightRange, option: string): WeightSampler;
export function weightSampler(spec: WeightSpec, option: string): WeightSampler | null;
export function weightSampler(spec: WeightSpec, option: string): WeightSampler | null {
  if (spec === 'none') return null;
  if (spec === 'f32-unit') {
    // 24 random bits divided by 2^24 is exact in f32 and never rounds up to 1.
    return { float32: true, draw: (rng) => (rng.nextU32() >>> 8) / TWO_POW_24 };
  }
  if (typeof spec !== 'object' || spec === null) {
    throw new RangeError(`${option} = ${String(spec)} is not 'none', 'f32-unit' or { min, max, integer? }`);
  }
  const { min, max, integer = true } = spec;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`${option} range [${min}, ${max}] is not a finite interval with min ≤ max`);
  }
  if (!integer) {
    const span = max - min;
    // [-1e308, 1e308) is finite at both ends but 2e308 wide: every draw would be ±Infinity.
    if (!Number.isFinite(span)) throw new RangeError(`${option} range [${min}, ${max}] is wider than the largest double (max − min overflows)`);
    return { float32: false, draw: (rng) => min + rng.nextFloat() * span };
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max - min + 1 > 2 ** 53) {
    throw new RangeError(`${option} range [${min}, ${max}]: integer weights need integer bounds (safe integers at most 2^53 apart)`);
  }
  const count = max - min + 1;
  return { float32: false, draw: (rng) => min + rng.nextBelow(count) };
}

/**
 * A weight array of `length` entries of the sampler's type, in a `SharedArrayBuffer` when `shared`
 * (for workers to fill).
 *
 * @example
 * ```ts
 * allocateWeights(weightSampler('f32-unit', 'weights'), 8, false); // Float32Array(8)
 * ```
 */
export function allocateWeights(sampler: WeightSampler, length: number, shared: boolean): WeightArray {
  const bytes = sampler.float32 ? 4 : 8;
  const buffer = shared ? new SharedArrayBuffer(length * bytes) : new ArrayBuffer(length * bytes);
  return sampler.float32 ? new Float32Array(buffer) : new Float64Array(buffer);
}
