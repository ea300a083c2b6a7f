import { describe, expect, it } from 'vitest';
import { firstDifference } from './first-difference.js';
import { generateRmat, generateRmatParallel } from '../../src/index.js';

function quadrantFrequencies(src: Uint32Array, dst: Uint32Array, bit: number): number[] {
  const counts = [0, 0, 0, 0];
  for (let k = 0; k < src.length; k++) counts[(((src[k] >>> bit) & 1) << 1) | ((dst[k] >>> bit) & 1)]++;
  return counts.map((x) => x / src.length);
}

describe('generateRmat', () => {
  it('makes averageDegree·n/2 tuples, paper 001’s average degree 32 by default', () => {
    const g = generateRmat({ scale: 10, seed: 1 });
    expect(g.n).toBe(1024);
    expect(g.src.length).toBe(16 * 1024);
    expect(g.directed).toBe(true);
    const h = generateRmat({ scale: 10, seed: 1, averageDegree: 6 });
    expect(h.src.length).toBe(3 * 1024);
  });

  it.each([
    [0.45, 0.15, 0.15, 0.25],
    [0.25, 0.25, 0.25, 0.25],
    [0.6, 0.1, 0.2, 0.1],
  ])('picks quadrants with probabilities a = %f, b = %f, c = %f, d = %f at every level', (a, b, c, d) => {
    const { src, dst } = generateRmat({ scale: 8, averageDegree: 2048, a, b, c, d, seed: 3 });
    // 262,144 tuples: standard deviation at most 0.001; 5σ bound.
    for (let bit = 0; bit < 8; bit++) {
      const f = quadrantFrequencies(src, dst, bit);
      [a, b, c, d].forEach((p, q) => expect(Math.abs(f[q] - p)).toBeLessThan(0.005));
    }
  });

  it('with noise, still picks quadrants with a, b, c, d on average over levels, but not at each level', () => {
    const { src, dst } = generateRmat({ scale: 8, averageDegree: 2048, seed: 5, noise: 0.1 });
    const perLevel = Array.from({ length: 8 }, (_, bit) => quadrantFrequencies(src, dst, bit)[1]);
    const mean = perLevel.reduce((s, x) => s + x, 0) / 8;
    // b's level-to-level spread is ~ noise/√3, far above the 0.001 sampling noise.
    expect(Math.max(...perLevel) - Math.min(...perLevel)).toBeGreaterThan(0.02);
    // The mean of 8 draws of μ uniform in ±0.1 has standard deviation 0.02; 4σ bound.
    expect(Math.abs(mean - 0.15)).toBeLessThan(0.08);
  });

  it('draws integer weights in min..max and f32 unit weights', () => {
    const g = generateRmat({ scale: 9, seed: 2, weights: { min: 3, max: 7 } });
    expect(g.weight).toBeInstanceOf(Float64Array);
    const seen = new Set(g.weight!);
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
    const f = generateRmat({ scale: 9, seed: 2, weights: 'f32-unit' });
    expect(f.weight).toBeInstanceOf(Float32Array);
    expect(f.weight!.every((w) => w >= 0 && w < 1)).toBe(true);
  });

  it('runs in workers with bit-identical output', async () => {
    const options = { scale: 13, averageDegree: 48, seed: 8, weights: { min: 1, max: 100 }, scramble: true } as const;
    const single = generateRmat(options);
    const parallel = await generateRmatParallel({ ...options, threads: 2 });
    expect(firstDifference(parallel.src, single.src)).toBe(-1);
    expect(firstDifference(parallel.dst, single.dst)).toBe(-1);
    expect(firstDifference(parallel.weight, single.weight)).toBe(-1);
  });

  it('refuses bad options', async () => {
    expect(() => generateRmat({ scale: 4, seed: 1, a: 0.5, b: 0.2, c: 0.2, d: 0.2 })).toThrow('a + b + c + d = 0.5 + 0.2 + 0.2 + 0.2 = 1.0999');
    expect(() => generateRmat({ scale: 4, seed: 1, noise: 0.2 })).toThrow('noise = 0.2 is not a number in [0, 0.15]');
    expect(() => generateRmat({ scale: 1, seed: 1, averageDegree: -2 })).toThrow('averageDegree = -2 is not a number in [0, Infinity]');
    expect(() => generateRmat({ scale: 28, seed: 1, averageDegree: 64 })).toThrow('rmat scale 28: 8589934592 arcs exceed the limit');
    expect(() => generateRmat({ scale: 1, seed: 1, averageDegree: 1.5 })).toThrow('averageDegree = 1.5 gives 1.5 edges at scale 1, not an integer');
    expect(() => generateRmat({ scale: 4, seed: 1, weights: { min: 5, max: 1 } })).toThrow('weights range [5, 1] is not a finite interval');
    await expect(generateRmatParallel({ scale: 4, seed: 1, threads: 0 })).rejects.toThrow('threads = 0 is not an integer in 1..256');
  });
});
