import { describe, expect, it } from 'vitest';
import { generateErdosRenyi } from '../../src/index.js';

function pairKeys(src: Uint32Array, dst: Uint32Array, n: number): Set<number> {
  const keys = new Set<number>();
  for (let k = 0; k < src.length; k++) keys.add(src[k] * n + dst[k]);
  return keys;
}

describe('generateErdosRenyi', () => {
  it.each([
    [true, 50], [true, 2000], [true, 2450], [false, 40], [false, 1000], [false, 1225],
  ])('directed = %s, m = %i on 50 vertices: exactly m distinct pairs, no self-loops', (directed, m) => {
    const n = 50;
    const g = generateErdosRenyi({ n, m, seed: 7, directed });
    expect(g.directed).toBe(directed);
    expect(g.src.length).toBe(directed ? m : 2 * m);
    for (let k = 0; k < g.src.length; k++) expect(g.src[k]).not.toBe(g.dst[k]);
    const keys = pairKeys(g.src, g.dst, n);
    expect(keys.size).toBe(g.src.length);
    // Undirected: every arc's mirror is listed.
    if (!directed) for (let k = 0; k < g.src.length; k++) expect(keys.has(g.dst[k] * n + g.src[k])).toBe(true);
  });

  it('is deterministic given the seed', () => {
    const a = generateErdosRenyi({ n: 1000, m: 5000, seed: 3, weights: 'f32-unit' });
    const b = generateErdosRenyi({ n: 1000, m: 5000, seed: 3, weights: 'f32-unit' });
    expect(b).toEqual(a);
    expect(generateErdosRenyi({ n: 1000, m: 5000, seed: 4 }).src).not.toEqual(a.src);
  });

  it('spreads arcs uniformly: out-degrees are binomial', () => {
    const n = 1000;
    const m = 20_000;
    const g = generateErdosRenyi({ n, m, seed: 11 });
    const deg = new Float64Array(n);
    for (const u of g.src) deg[u]++;
    const mean = m / n;
    const variance = deg.reduce((s, d) => s + (d - mean) ** 2, 0) / n;
    // Binomial(n − 1, 20/999)-like: variance ≈ 19.6; the sample variance over 1000 vertices is within ±20 %.
    expect(variance).toBeGreaterThan(0.8 * 19.6);
    expect(variance).toBeLessThan(1.2 * 19.6);
    // Every vertex appears as tail and as head about equally often.
    const inDeg = new Float64Array(n);
    for (const v of g.dst) inDeg[v]++;
    expect(Math.max(...deg)).toBeLessThan(50);
    expect(Math.max(...inDeg)).toBeLessThan(50);
  });

  it('gives undirected edges and their mirrors the same weight', () => {
    const g = generateErdosRenyi({ n: 30, m: 100, seed: 2, directed: false, weights: { min: 1, max: 9 } });
    for (let k = 0; k < g.src.length; k += 2) {
      expect([g.src[k + 1], g.dst[k + 1], g.weight![k + 1]]).toEqual([g.dst[k], g.src[k], g.weight![k]]);
      expect(Number.isInteger(g.weight![k]) && g.weight![k] >= 1 && g.weight![k] <= 9).toBe(true);
    }
  });

  it('refuses m above the number of possible pairs, naming both', () => {
    expect(() => generateErdosRenyi({ n: 10, m: 91, seed: 1 })).toThrow('m = 91 exceeds the 90 possible arcs without self-loops on n = 10 vertices');
    expect(() => generateErdosRenyi({ n: 10, m: 46, seed: 1, directed: false })).toThrow('m = 46 exceeds the 45 possible edges');
    expect(() => generateErdosRenyi({ n: 1, m: 0, seed: 1 })).toThrow('n = 1 is not an integer in 2..');
  });
});
