import { describe, expect, it } from 'vitest';
import { firstDifference } from './first-difference.js';
import { generateKronecker, generateKroneckerParallel } from '../../src/index.js';
import { scrambleKeys, scrambleVertex } from '../../src/generators/vertex-scramble.js';
import { Xoshiro128ss } from '../../src/random/xoshiro128ss.js';

function maxOf(a: Uint32Array): number {
  let max = 0;
  for (const x of a) max = Math.max(max, x);
  return max;
}

const GRAPH500 = { a: 0.57, b: 0.19, c: 0.19, d: 0.05 };

/** Frequencies of the four quadrants (row bit, column bit) at bit `bit` of the tuples' ids. */
function quadrantFrequencies(src: Uint32Array, dst: Uint32Array, bit: number): [number, number, number, number] {
  const counts = [0, 0, 0, 0];
  for (let k = 0; k < src.length; k++) counts[(((src[k] >>> bit) & 1) << 1) | ((dst[k] >>> bit) & 1)]++;
  return counts.map((x) => x / src.length) as [number, number, number, number];
}

describe('generateKronecker', () => {
  it('makes edgeFactor·2^scale tuples with ids below 2^scale, the same for the same seed', () => {
    const g = generateKronecker({ scale: 12, seed: 5 });
    expect(g.n).toBe(4096);
    expect(g.src.length).toBe(16 * 4096);
    expect(g.directed).toBe(true);
    expect(g.weight).toBeNull();
    expect(maxOf(g.src)).toBeLessThan(4096);
    expect(maxOf(g.dst)).toBeLessThan(4096);
    const again = generateKronecker({ scale: 12, seed: 5 });
    expect(firstDifference(again.src, g.src)).toBe(-1);
    expect(firstDifference(again.dst, g.dst)).toBe(-1);
    const other = generateKronecker({ scale: 12, seed: 6 });
    expect(firstDifference(other.src, g.src)).not.toBe(-1);
  });

  it('draws f32 weights uniform in [0, 1)', () => {
    const { weight } = generateKronecker({ scale: 12, edgeFactor: 8, seed: 3, weights: true });
    expect(weight).toBeInstanceOf(Float32Array);
    let sum = 0;
    let outside = 0;
    for (const w of weight!) {
      if (!(w >= 0 && w < 1)) outside++;
      sum += w;
    }
    expect(outside).toBe(0);
    // Mean of 32,768 uniforms: standard deviation 0.0016; 5σ bound.
    expect(Math.abs(sum / weight!.length - 0.5)).toBeLessThan(0.008);
  });

  it('picks each level’s quadrant with probabilities a, b, c, d', () => {
    const { src, dst } = generateKronecker({ scale: 10, edgeFactor: 256, seed: 11, scramble: false });
    // 262,144 tuples: a frequency's standard deviation is at most 0.001; 5σ bound.
    for (let bit = 0; bit < 10; bit++) {
      const [fa, fb, fc, fd] = quadrantFrequencies(src, dst, bit);
      expect(Math.abs(fa - GRAPH500.a)).toBeLessThan(0.005);
      expect(Math.abs(fb - GRAPH500.b)).toBeLessThan(0.005);
      expect(Math.abs(fc - GRAPH500.c)).toBeLessThan(0.005);
      expect(Math.abs(fd - GRAPH500.d)).toBeLessThan(0.005);
    }
  });

  it('scrambles labels by a bijection, so degrees no longer follow the id', () => {
    const plain = generateKronecker({ scale: 10, edgeFactor: 64, seed: 4, scramble: false });
    const scrambled = generateKronecker({ scale: 10, edgeFactor: 64, seed: 4 });
    const degrees = (g: typeof plain): Uint32Array => {
      const deg = new Uint32Array(g.n);
      for (let k = 0; k < g.src.length; k++) {
        deg[g.src[k]]++;
        deg[g.dst[k]]++;
      }
      return deg;
    };
    const dPlain = degrees(plain);
    const dScrambled = degrees(scrambled);
    // Same tuples relabelled: the degree multiset is unchanged.
    expect(dScrambled.slice().sort()).toEqual(dPlain.slice().sort());
    // Unscrambled, vertex 0 is the heaviest and the low half of ids holds a + b = 76 % of endpoints.
    expect(dPlain[0]).toBe(maxOf(dPlain));
    const lowHalfShare = (deg: Uint32Array): number => deg.subarray(0, 512).reduce((s, x) => s + x, 0) / (2 * plain.src.length);
    expect(lowHalfShare(dPlain)).toBeGreaterThan(0.7);
    expect(Math.abs(lowHalfShare(dScrambled) - 0.5)).toBeLessThan(0.2);
    expect(dScrambled[0]).not.toBe(maxOf(dScrambled));
  });

  it('runs in workers with bit-identical output for 2 and 3 threads', async () => {
    // scale 14: 262,144 tuples, 4 blocks of 2^16.
    const options = { scale: 14, seed: 9, weights: true } as const;
    const single = generateKronecker(options);
    for (const threads of [2, 3]) {
      const g = await generateKroneckerParallel({ ...options, threads });
      expect(g.n).toBe(single.n);
      expect(firstDifference(g.src, single.src)).toBe(-1);
      expect(firstDifference(g.dst, single.dst)).toBe(-1);
      expect(firstDifference(g.weight, single.weight)).toBe(-1);
    }
  });

  it('refuses bad options, naming option, value and range', () => {
    expect(() => generateKronecker({ scale: 32, seed: 1 })).toThrow('scale = 32 is not an integer in 1..31');
    expect(() => generateKronecker({ scale: 4, seed: 1, edgeFactor: 0 })).toThrow('edgeFactor = 0 is not an integer in 1..');
    expect(() => generateKronecker({ scale: 4, seed: 1, a: 0.7, b: 0.2, c: 0.2 })).toThrow(/d = -0\.0999\d* is not a number in \[0, 1\]/);
    expect(() => generateKronecker({ scale: 31, seed: 1, edgeFactor: 4 })).toThrow('kronecker scale 31: 8589934592 arcs exceed the limit of 4294967295');
  });
});

describe('scrambleVertex', () => {
  it.each([1, 2, 5, 13])('is a bijection on 0..2^%i − 1', (scale) => {
    const keys = scrambleKeys(Xoshiro128ss.fromSeed(scale), scale);
    const seen = new Uint8Array(2 ** scale);
    for (let v = 0; v < 2 ** scale; v++) seen[scrambleVertex(v, keys)]++;
    expect(seen.every((x) => x === 1)).toBe(true);
  });

  it('stays below 2^31 at scale 31', () => {
    const keys = scrambleKeys(Xoshiro128ss.fromSeed(1), 31);
    for (const v of [0, 1, 2 ** 30, 2 ** 31 - 1]) expect(scrambleVertex(v, keys)).toBeLessThan(2 ** 31);
  });
});
