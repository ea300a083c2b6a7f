import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, generateGrid, generateRmat, type Csr } from '@semiforge/graph-io';

/** Small graphs for the SSSP tests (lavapipe-sized), each with what makes it a case. */
export interface SsspCase {
  readonly name: string;
  readonly graph: Csr;
  readonly source: number;
}

const undirected = (g: Parameters<typeof csrFromEdges>[0]) => csrFromEdges(g, { symmetrize: true, sortRows: true });

/** Two components and isolated vertices: 0..39 a random graph, 40..69 another, 70..79 alone. */
function disconnected(): Csr {
  const a = generateErdosRenyi({ n: 40, m: 120, seed: 5, weights: { min: 1, max: 9 } });
  const b = generateErdosRenyi({ n: 30, m: 90, seed: 6, weights: { min: 1, max: 9 } });
  const src = [...a.src, ...Array.from(b.src, (v) => v + 40)];
  const dst = [...a.dst, ...Array.from(b.dst, (v) => v + 40)];
  return csrFromEdges(edgeListFromArrays(80, src, dst, [...a.weight!, ...b.weight!]), { sortRows: true });
}

/** Parallel arcs of different weights, self-loops and zero weights among them. */
function multigraph(): Csr {
  const src = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7];
  const dst = [1, 1, 0, 2, 1, 3, 3, 4, 4, 5, 6, 5, 7, 7, 0];
  const w = [5, 2, 0, 0, 3, 4, 1, 0, 0, 7, 2, 0, 3, 3, 1];
  return undirected(edgeListFromArrays(8, src, dst, w));
}

export const SSSP_CASES: readonly SsspCase[] = [
  { name: 'random directed', graph: csrFromEdges(generateErdosRenyi({ n: 300, m: 1500, seed: 1, weights: { min: 1, max: 100 } }), { sortRows: true }), source: 0 },
  { name: 'R-MAT undirected, unit-interval weights', graph: undirected(generateRmat({ scale: 8, averageDegree: 8, seed: 2, weights: 'f32-unit' })), source: 3 },
  { name: 'road-like grid', graph: undirected(generateGrid({ rows: 14, cols: 14, weights: { min: 1, max: 50 }, seed: 3, roadLike: true }).graph), source: 17 },
  { name: 'disconnected', graph: disconnected(), source: 45 },
  { name: 'zero weights', graph: csrFromEdges(generateErdosRenyi({ n: 120, m: 500, seed: 4, weights: { min: 0, max: 2 } }), { sortRows: true }), source: 0 },
  { name: 'parallel edges and self-loops', graph: multigraph(), source: 0 },
];

/** A directed graph with negative arcs and no negative cycle: a layered DAG plus positive back arcs. */
export function negativeDag(): Csr {
  const src: number[] = [];
  const dst: number[] = [];
  const w: number[] = [];
  for (let v = 0; v < 60; v++) {
    for (const d of [1, 2, 5]) {
      if (v + d >= 60) continue;
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
  return csrFromEdges(edgeListFromArrays(60, src, dst, w), { sortRows: true });
}

/** A directed graph with the negative cycle 10 → 11 → 12 → 10 (weight −1) reachable from 0. */
export function negativeCycle(): Csr {
  const src = [0, 1, 2, 10, 11, 12, 12, 3];
  const dst = [1, 2, 10, 11, 12, 10, 3, 4];
  const w = [1, 1, 1, 2, -4, 1, 1, 1];
  return csrFromEdges(edgeListFromArrays(13, src, dst, w), { sortRows: true });
}
