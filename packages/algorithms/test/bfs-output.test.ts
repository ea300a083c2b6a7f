import { describe, expect, it } from 'vitest';
import { Xoshiro128ss } from '@semiforge/graph-io';
import { BfsIds } from '../src/bfs/bfs.ids.js';
import { treeDepths } from '../src/bfs/bfs.output.js';

/** The plain definition, the reference: each reached vertex's depth is the length of its walk to the source. */
function walkedDepths(parent: Int32Array, source: number): { depth: Int32Array } | { brokenAt: number } {
  const n = parent.length;
  const depth = new Int32Array(n).fill(-1);
  for (let start = 0; start < n; start++) {
    if (start !== source && parent[start] === -1) continue;
    let steps = 0;
    for (let v = start; v !== source; v = parent[v], steps++) if (parent[v] === -1 || steps > n) return { brokenAt: start };
    depth[start] = steps;
  }
  return { depth };
}

/** A random tree on `n` vertices rooted at `source`, ids shuffled (parents of high and low ids alike); `unreached` vertices left out. */
function randomTree(n: number, source: number, unreached: number, seed: number): Int32Array {
  const rng = Xoshiro128ss.fromSeed(seed);
  const order = Array.from({ length: n }, (_, i) => i).filter((v) => v !== source);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.nextU32() % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const parent = new Int32Array(n).fill(-1);
  parent[source] = source;
  const placed = [source];
  for (const v of order.slice(unreached)) {
    parent[v] = placed[rng.nextU32() % placed.length];
    placed.push(v);
  }
  return parent;
}

describe('treeDepths', () => {
  it.each([
    [1000, 0, 0, 1],
    [1000, 517, 100, 2],
    [5000, 4999, 1, 3],
  ])('gives each vertex its walk to the source on a random tree (n %i, source %i, %i unreached)', (n, source, unreached, seed) => {
    const parent = randomTree(n, source, unreached, seed);
    const r = treeDepths(parent, source);
    expect(r).toEqual(walkedDepths(parent, source));
    expect('depth' in r && r.depth.filter((d) => d === -1).length).toBe(unreached);
  });

  it('follows chains whose parents come later in vertex order (every vertex walks up)', () => {
    const n = 3000;
    // 0 ← 1 ← … would resolve in one pass; n−1 is the source and each vertex's parent is the next one.
    const down = Int32Array.from({ length: n }, (_, v) => (v === n - 1 ? v : v + 1));
    expect(treeDepths(down, n - 1)).toEqual({ depth: Int32Array.from({ length: n }, (_, v) => n - 1 - v) });
    const up = Int32Array.from({ length: n }, (_, v) => Math.max(v - 1, 0));
    expect(treeDepths(up, 0)).toEqual({ depth: Int32Array.from({ length: n }, (_, v) => v) });
  });

  it('reports the first vertex whose chain is a cycle or runs into an unreached vertex', () => {
    // 0 is the source; 4 → 5 → 6 → 4 is a cycle, 2 hangs off it; 7 → 8, and 8 is unreached.
    const parent = Int32Array.of(0, 0, 4, 1, 5, 6, 4, 8, -1);
    expect(treeDepths(parent, 0)).toEqual({ brokenAt: 2 });
    expect(walkedDepths(parent, 0)).toEqual({ brokenAt: 2 });
    const intoUnreached = Int32Array.of(0, 0, 1, 4, -1);
    expect(treeDepths(intoUnreached, 0)).toEqual({ brokenAt: 3 });
    // A cycle through the source's own parent: the source is still level 0, 1 ↔ 2 never reaches it.
    expect(treeDepths(Int32Array.of(1, 2, 1), 0)).toEqual({ brokenAt: 1 });
    const big = randomTree(2000, 0, 0, 4);
    big[1500] = 1700;
    big[1700] = 1500;
    expect(treeDepths(big, 0)).toEqual(walkedDepths(big, 0));
  });
});

describe('BfsIds.storedForCheck', () => {
  it('stores parents plus one and depths unchanged when the graph is searched as given', () => {
    const parent = Int32Array.of(0, 0, 1, -1);
    const depth = Int32Array.of(0, 1, 2, -1);
    const stored = new BfsIds(undefined).storedForCheck(parent, depth);
    expect([...stored.parent]).toEqual([1, 1, 2, 0]);
    expect([...stored.depth]).toEqual([0, 1, 2, 0xffffffff]);
  });

  it('names the first parent that is neither −1 nor a vertex, with ids and without', () => {
    const depth = new Int32Array(4);
    for (const ids of [new BfsIds(undefined), new BfsIds(Uint32Array.of(0, 1, 2, 3))]) {
      expect(() => ids.storedForCheck(Int32Array.of(0, 4, -2, 0), depth)).toThrow('parent[1] = 4 is neither −1 nor a vertex below 4');
      expect(() => ids.storedForCheck(Int32Array.of(0, 0, -2, 9), depth)).toThrow('parent[2] = -2 is neither −1 nor a vertex below 4');
      expect(() => ids.storedForCheck(Int32Array.of(0, 0, 0, 2 ** 31 - 1), depth)).toThrow(`parent[3] = ${2 ** 31 - 1} is neither`);
    }
  });

  it('gives the same words with identity ids as without', () => {
    const parent = randomTree(500, 7, 20, 5);
    const tree = treeDepths(parent, 7);
    if ('brokenAt' in tree) throw new Error('a random tree is a tree');
    const plain = new BfsIds(undefined).storedForCheck(parent, tree.depth);
    const mapped = new BfsIds(Uint32Array.from({ length: 500 }, (_, i) => i)).storedForCheck(parent, tree.depth);
    expect(plain.parent).toEqual(mapped.parent);
    expect(plain.depth).toEqual(mapped.depth);
  });
});
