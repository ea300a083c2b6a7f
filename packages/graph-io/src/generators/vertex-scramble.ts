import type { Xoshiro128ss } from '../random/xoshiro128ss.js';

/** Keys of a {@link scrambleVertex} permutation of `0 .. 2^scale − 1`. Plain data, so it can be posted to a worker. */
export interface ScrambleKeys {
  readonly scale: number;
  readonly add: number;
  readonly mul1: number;
  readonly mul2: number;
}

/**
 * Draws the keys of a seeded vertex permutation from `rng`; `scale` in 1..31.
 *
 * @example
 * ```ts
 * const keys = scrambleKeys(Xoshiro128ss.fromSeed(7), 10);
 * ```
 */
export function scrambleKeys(rng: Xoshiro128ss, scale: number): ScrambleKeys {
  // Odd multipliers are invertible modulo 2^scale.
  return { scale, add: rng.nextU32(), mul1: rng.nextU32() | 1, mul2: rng.nextU32() | 1 };
}

function reverseBits(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return ((x >>> 16) | (x << 16)) >>> 0;
}

/**
 * Maps vertex `v` (below 2^scale) to its scrambled label, a bijection on `0 .. 2^scale − 1`. This is the
 * 32-bit form of the Graph500 reference generator's `scramble`: add, multiply by an odd key, reverse the
 * `scale` low bits, multiply, reverse again. Multiplication carries low bits upwards and reversal brings
 * high bits back down, so every label bit depends on every id bit and the Kronecker generator's
 * heavy vertices (ids with few one bits) land anywhere, as the specification asks.
 *
 * @example
 * ```ts
 * scrambleVertex(0, scrambleKeys(Xoshiro128ss.fromSeed(7), 10)); // some label in 0..1023
 * ```
 */
export function scrambleVertex(v: number, keys: ScrambleKeys): number {
  const shift = 32 - keys.scale;
  const mask = 0xffffffff >>> shift;
  let x = (v + keys.add) & mask;
  x = Math.imul(x, keys.mul1) & mask;
  x = reverseBits(x) >>> shift;
  x = Math.imul(x, keys.mul2) & mask;
  return reverseBits(x) >>> shift;
}
