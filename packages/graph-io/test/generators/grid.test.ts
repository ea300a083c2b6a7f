import { describe, expect, it } from 'vitest';
import { generateGrid, type EdgeList } from '../../src/index.js';

/** Number of vertices reached from vertex 0 by BFS over the arcs. */
function reachedFrom0(g: EdgeList): number {
  const { n, src, dst } = g;
  const indptr = new Uint32Array(n + 1);
  for (const u of src) indptr[u + 1]++;
  for (let v = 0; v < n; v++) indptr[v + 1] += indptr[v];
  const fill = indptr.slice(0, n);
  const adj = new Uint32Array(src.length);
  for (let k = 0; k < src.length; k++) adj[fill[src[k]]++] = dst[k];
  const seen = new Uint8Array(n);
  const queue = new Uint32Array(n);
  let head = 0;
  let tail = 0;
  seen[0] = 1;
  queue[tail++] = 0;
  while (head < tail) {
    const u = queue[head++];
    for (let k = indptr[u]; k < indptr[u + 1]; k++) {
      if (!seen[adj[k]]) {
        seen[adj[k]] = 1;
        queue[tail++] = adj[k];
      }
    }
  }
  return tail;
}

function mirrored(g: EdgeList): boolean {
  const w = new Map<string, number>();
  for (let k = 0; k < g.src.length; k++) w.set(`${g.src[k]},${g.dst[k]}`, g.weight![k]);
  for (let k = 0; k < g.src.length; k++) if (w.get(`${g.dst[k]},${g.src[k]}`) !== g.weight![k]) return false;
  return true;
}

describe('generateGrid', () => {
  it('makes a 4-neighbour grid with mirrored integer weights and coordinates', () => {
    const { graph, x, y } = generateGrid({ rows: 7, cols: 9, weights: { min: 1, max: 5 }, seed: 1 });
    expect(graph.n).toBe(63);
    expect(graph.directed).toBe(false);
    expect(graph.src.length).toBe(2 * (7 * 8 + 6 * 9));
    for (let k = 0; k < graph.src.length; k++) {
      const [u, v] = [graph.src[k], graph.dst[k]];
      expect(Math.abs(x[u] - x[v]) + Math.abs(y[u] - y[v])).toBe(1);
      expect(graph.weight![k]).toBeGreaterThanOrEqual(1);
      expect(graph.weight![k]).toBeLessThanOrEqual(5);
      expect(Number.isInteger(graph.weight![k])).toBe(true);
    }
    expect([x[10], y[10]]).toEqual([1, 1]);
    expect(mirrored(graph)).toBe(true);
    expect(reachedFrom0(graph)).toBe(63);
  });

  it.each([1, 2, 3, 4, 5])('road-like (seed %i) stays connected, drops edges and adds shortcuts', (seed) => {
    const rows = 40;
    const cols = 30;
    const { graph, x, y } = generateGrid({ rows, cols, weights: { min: 1, max: 10 }, seed, roadLike: true });
    const gridEdges = rows * (cols - 1) + (rows - 1) * cols;
    const shortcuts = Math.floor((rows * cols) / 64);
    expect(reachedFrom0(graph)).toBe(rows * cols);
    expect(mirrored(graph)).toBe(true);
    let long = 0;
    for (let k = 0; k < graph.src.length; k += 2) {
      const [u, v] = [graph.src[k], graph.dst[k]];
      const length = Math.abs(x[u] - x[v]) + Math.abs(y[u] - y[v]);
      // Straight runs only: shortcuts keep a row or a column.
      expect(x[u] === x[v] || y[u] === y[v]).toBe(true);
      if (length > 1) {
        long++;
        expect(length).toBeLessThanOrEqual(Math.ceil(Math.sqrt(30)));
        expect(graph.weight![k]).toBeGreaterThanOrEqual(length);
        expect(graph.weight![k]).toBeLessThanOrEqual(10 * length);
        expect(graph.weight![k] % length).toBe(0);
      }
    }
    expect(long).toBe(shortcuts);
    // Spanning tree n − 1 edges, plus half of the other grid edges (± 5σ).
    const kept = graph.src.length / 2 - shortcuts;
    const others = gridEdges - (rows * cols - 1);
    expect(Math.abs(kept - (rows * cols - 1) - others / 2)).toBeLessThan(5 * Math.sqrt(others / 4));
  });

  it('is deterministic given the seed', () => {
    const options = { rows: 20, cols: 20, weights: { min: 1, max: 100 }, seed: 4, roadLike: true };
    expect(generateGrid(options)).toEqual(generateGrid(options));
    expect(generateGrid({ ...options, seed: 5 }).graph.src).not.toEqual(generateGrid(options).graph.src);
  });

  it('handles thin grids without looping forever', () => {
    expect(generateGrid({ rows: 1, cols: 2, weights: { min: 1, max: 1 }, seed: 1, roadLike: true }).graph.src.length).toBe(2);
    expect(generateGrid({ rows: 1, cols: 1, weights: { min: 1, max: 1 }, seed: 1 }).graph.src.length).toBe(0);
  });

  it('refuses bad options', () => {
    expect(() => generateGrid({ rows: 0, cols: 3, weights: { min: 1, max: 2 }, seed: 1 })).toThrow('rows = 0 is not an integer in 1..');
    expect(() => generateGrid({ rows: 3, cols: 3, weights: { min: 1.5, max: 2 }, seed: 1 })).toThrow('weights range [1.5, 2]: integer weights need integer bounds');
    expect(() => generateGrid({ rows: 3, cols: 3, weights: { min: 1, max: 2 }, seed: 1, removeFraction: 2 })).toThrow('removeFraction = 2 is not a number in [0, 1]');
    expect(() => generateGrid({ rows: 70000, cols: 70000, weights: { min: 1, max: 2 }, seed: 1 })).toThrow('grid 70000 × 70000: 4900000000 vertices exceed the limit');
  });
});
