import { describe, expect, it } from 'vitest';
import { generateRandom4n, generateSprand, GraphLimitError, MAX_ARCS, type EdgeList } from '../../src/index.js';
import { arcs } from '../helpers/edge-arrays.js';

/** Vertices reachable from 0 along arcs (or against them when `reverse`). */
function reachableFrom0(g: EdgeList, reverse: boolean): number {
  const seen = new Uint8Array(g.n);
  const from = reverse ? g.dst : g.src;
  const to = reverse ? g.src : g.dst;
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const u = stack.pop() as number;
    for (let k = 0; k < from.length; k++) {
      if (from[k] === u && seen[to[k]] === 0) {
        seen[to[k]] = 1;
        count++;
        stack.push(to[k]);
      }
    }
  }
  return count;
}

describe('generateSprand', () => {
  it('makes Random4-n: 4n arcs, a Hamiltonian cycle first, integer weights in [0, n]', () => {
    const n = 64;
    const g = generateRandom4n(n, 971);
    expect([g.n, g.src.length, g.directed]).toEqual([n, 4 * n, true]);
    const list = arcs(g);
    expect(list[0].slice(0, 2)).toEqual([0, 1]);
    expect(list[1].slice(0, 2)).toEqual([n - 1, 0]);
    for (let i = 1; i < n - 1; i++) expect(list[i + 1].slice(0, 2)).toEqual([i, i + 1]);
    for (const [u, v] of list.slice(n)) expect(u).not.toBe(v);
    for (const [, , w] of list) expect(Number.isInteger(w) && (w as number) >= 0 && (w as number) <= n).toBe(true);
    expect(reachableFrom0(g, false)).toBe(n);
    expect(reachableFrom0(g, true)).toBe(n);
  });

  it('is deterministic given the seed and pins its first arcs', () => {
    const a = generateSprand({ n: 5, seed: 42 });
    const b = generateSprand({ n: 5, seed: 42 });
    expect(arcs(a)).toEqual(arcs(b));
    expect(arcs(a).map((arc) => arc.join(' '))).toEqual(
      ['0 1 0', '4 0 1', '1 2 2', '2 3 0', '3 4 0'].concat(
        ['0 1 4', '4 2 3', '3 1 3', '0 3 5', '3 1 0', '0 4 5', '0 4 0', '3 1 4', '2 3 0', '2 0 5'],
        ['2 1 1', '2 0 0', '2 4 5', '3 4 2', '4 3 0'],
      ),
    );
    expect(arcs(generateSprand({ n: 5, seed: 43 }))).not.toEqual(arcs(a));
  });

  it('uses every weight of a small range, and both ends of it', () => {
    const g = generateSprand({ n: 200, seed: 3, minWeight: -2, maxWeight: 2 });
    expect(new Set(g.weight).size).toBe(5);
    expect([Math.min(...(g.weight ?? [])), Math.max(...(g.weight ?? []))]).toEqual([-2, 2]);
  });

  it('draws float weights in [min, max) and takes m', () => {
    const g = generateSprand({ n: 100, seed: 1, m: 800, minWeight: 1, maxWeight: 2, floatWeights: true });
    expect(g.src.length).toBe(800);
    const w = Array.from(g.weight ?? []);
    expect(w.every((x) => x >= 1 && x < 2)).toBe(true);
    expect(w.some((x) => !Number.isInteger(x))).toBe(true);
  });

  it('refuses bad options', () => {
    expect(() => generateSprand({ n: 1, seed: 1 })).toThrow(RangeError);
    expect(() => generateSprand({ n: 10, seed: 1, m: 9 })).toThrow('m = 9 must be an integer ≥ n = 10 (the cycle alone takes n arcs)');
    expect(() => generateSprand({ n: 10, seed: 1, minWeight: 3, maxWeight: 2 })).toThrow(RangeError);
    expect(() => generateSprand({ n: 10, seed: 1, minWeight: 0.5 })).toThrow(/integer weights need integer bounds/);
    expect(() => generateSprand({ n: 10, seed: 0.5 })).toThrow(RangeError);
  });

  it('refuses a double range wider than the largest double (its draws would all be infinite)', () => {
    expect(() => generateSprand({ n: 5, seed: 1, minWeight: -1e308, maxWeight: 1e308, floatWeights: true })).toThrow(
      'weight range [-1e+308, 1e+308] is wider than the largest double (max − min overflows)',
    );
  });

  it('refuses more arcs than the limit before allocating, naming n and m', () => {
    // Random4-n of 2^31 vertices: 4n = 2^33 arcs.
    expect(() => generateSprand({ n: 2 ** 31, seed: 1 })).toThrow(
      new GraphLimitError('sprand n = 2147483648, m = 8589934592', 2 ** 33, MAX_ARCS, 'arcs', 'u32 offsets'),
    );
    expect(() => generateSprand({ n: 10, seed: 1, m: 2 ** 32 })).toThrow('sprand n = 10, m = 4294967296: 4294967296 arcs exceed the limit of 4294967295 (u32 offsets)');
  });
});
