import { apspReference, planApsp } from '@semiforge/algorithms';
import { edgeListFromArrays, generateRandom4n } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import { verifyApsp } from '../src/index.js';

// verifyApsp on CPU results: no GPU needed.

describe('verifyApsp', () => {
  it('compares the whole matrix with the CPU reference for small n and reports the first mismatch', () => {
    const graph = generateRandom4n(20, 3);
    const plan = planApsp({ tile: 16 });
    const dist = apspReference(graph).dist;
    expect(verifyApsp(graph, dist, plan)).toMatchObject({ method: 'reference', rows: 20, entries: 400, mismatches: 0, ok: true });
    const wrong = dist.slice();
    wrong[2 * 20 + 5] += 1;
    expect(verifyApsp(graph, wrong, plan)).toMatchObject({ ok: false, mismatches: 1, first: { source: 2, target: 5, got: dist[45] + 1, expected: dist[45] } });
  });

  it('refuses a distance matrix that is not n × n, naming both sizes', () => {
    const graph = generateRandom4n(20, 3);
    expect(() => verifyApsp(graph, new Float32Array(3), planApsp({ tile: 16 }))).toThrow('verifyApsp: dist has 3 elements but the graph has n = 20 vertices; it needs n × n = 400');
  });

  it('checks 16 rows against Dijkstra above n = 256, unreachable vertices included (i32 infinity)', () => {
    const n = 300;
    // A path 0 → 1 → ... → 298; vertex 299 is unreachable from everyone.
    const src = Array.from({ length: n - 2 }, (_, i) => i);
    const graph = edgeListFromArrays(n, src, src.map((i) => i + 1), src.map((i) => (i % 7) + 1));
    const plan = planApsp({ type: 'i32' });
    const dist = apspReference(graph, { type: 'i32' }).dist;
    expect(dist[299]).toBe(2147483647);
    expect(verifyApsp(graph, dist, plan)).toMatchObject({ method: 'dijkstra', rows: 16, entries: 16 * n, mismatches: 0, ok: true });
  });
});
