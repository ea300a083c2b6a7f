import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, generateGrid, generateRmat, type Csr } from '@semiforge/graph-io';
import { disconnectedGraph } from './sssp-graphs.js';

export { negativeCycle, negativeDag } from './sssp-graphs.js';

/** Small graphs for the SSSP tests (lavapipe-sized), each with what makes it a case. */
export interface SsspCase {
  readonly name: string;
  readonly graph: Csr;
  readonly source: number;
}

const undirected = (g: Parameters<typeof csrFromEdges>[0]) => csrFromEdges(g, { symmetrize: true, sortRows: true });

/** Two components and isolated vertices: 0..39 a random graph, 40..69 another, 70..79 alone. */
const disconnected = () => disconnectedGraph({ a: 40, b: 30, isolated: 10, arcsPerVertex: 3, maxWeight: 9 });

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
