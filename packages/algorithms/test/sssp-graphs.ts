// Graph builders shared by the SSSP tests (sssp-cases.ts) and the CUDA suite's self-test
// (benchmarks/cuda/sssp-selftest.ts, which imports this file by path): no side effects, graph-io only.
import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, type Csr } from '@semiforge/graph-io';

/**
 * Two random components (`a` and `b` vertices, `arcsPerVertex` arcs a vertex) followed by
 * `isolated` vertices alone, weights drawn from 1..`maxWeight`.
 *
 * @example
 * disconnectedGraph({ a: 40, b: 30, isolated: 10, arcsPerVertex: 3, maxWeight: 9 }); // 0..39, 40..69, 70..79 alone
 */
export function disconnectedGraph(shape: { a: number; b: number; isolated: number; arcsPerVertex: number; maxWeight: number }): Csr {
  const { a: na, b: nb, isolated, arcsPerVertex, maxWeight } = shape;
  const a = generateErdosRenyi({ n: na, m: arcsPerVertex * na, seed: 5, weights: { min: 1, max: maxWeight } });
  const b = generateErdosRenyi({ n: nb, m: arcsPerVertex * nb, seed: 6, weights: { min: 1, max: maxWeight } });
  const src = [...a.src, ...Array.from(b.src, (v) => v + na)];
  const dst = [...a.dst, ...Array.from(b.dst, (v) => v + na)];
  return csrFromEdges(edgeListFromArrays(na + nb + isolated, src, dst, [...a.weight!, ...b.weight!]), { sortRows: true });
}

/**
 * A directed graph of `n` vertices with negative arcs and no negative cycle: a layered DAG (arcs v → v + 1, 2, 5
 * weighing −5..5) plus positive back arcs v → v − 4.
 *
 * @example
 * ssspReference(negativeDag(), 0); // Bellman-Ford's answer; Dijkstra refuses it
 */
export function negativeDag(n = 60): Csr {
  const src: number[] = [];
  const dst: number[] = [];
  const w: number[] = [];
  for (let v = 0; v < n; v++) {
    for (const d of [1, 2, 5]) {
      if (v + d >= n) continue;
      src.push(v);
      dst.push(v + d);
      w.push(((v * 7 + d * 3) % 11) - 5);
    }
    if (v >= 4) {
      src.push(v);
      dst.push(v - 4);
      w.push(40);
    }
  }
  return csrFromEdges(edgeListFromArrays(n, src, dst, w), { sortRows: true });
}

/**
 * A directed graph with the negative cycle 10 → 11 → 12 → 10 (weight −1) reachable from 0.
 *
 * @example
 * expect(() => ssspReference(negativeCycle(), 0)).toThrow(NegativeCycleError);
 */
export function negativeCycle(): Csr {
  const src = [0, 1, 2, 10, 11, 12, 12, 3];
  const dst = [1, 2, 10, 11, 12, 10, 3, 4];
  const w = [1, 1, 1, 2, -4, 1, 1, 1];
  return csrFromEdges(edgeListFromArrays(13, src, dst, w), { sortRows: true });
}
