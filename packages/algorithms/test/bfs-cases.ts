import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, generateGrid, generateKronecker, type Csr } from '@semiforge/graph-io';

const undirected = (n: number, src: number[], dst: number[]): Csr => csrFromEdges(edgeListFromArrays(n, src, dst), { symmetrize: true, sortRows: true });

/** Graphs the BFS tests search, each small enough for lavapipe, with the sources to try. */
export interface BfsCase {
  readonly name: string;
  readonly csr: Csr;
  readonly sources: readonly number[];
}

/** Three components (a triangle with a tail, a path, an isolated vertex) and a self-loop and a parallel edge. */
export const DISCONNECTED = undirected(9, [0, 1, 2, 2, 3, 5, 6, 4, 0], [1, 2, 0, 3, 4, 6, 7, 4, 1]);

export const BFS_CASES: readonly BfsCase[] = [
  { name: 'single vertex', csr: undirected(1, [], []), sources: [0] },
  { name: 'disconnected, self-loop, parallel edge', csr: DISCONNECTED, sources: [0, 4, 5, 8] },
  { name: 'Erdős–Rényi n = 300, m = 900', csr: csrFromEdges(generateErdosRenyi({ n: 300, m: 900, seed: 3, directed: false }), { sortRows: true }), sources: [0, 150, 299] },
  {
    name: 'Kronecker scale 9',
    csr: csrFromEdges(generateKronecker({ scale: 9, edgeFactor: 8, seed: 5 }), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' }),
    sources: [1, 77, 300],
  },
  { name: 'road-like grid 20 × 25', csr: csrFromEdges(generateGrid({ rows: 20, cols: 25, weights: { min: 1, max: 1 }, seed: 2, roadLike: true }).graph, { sortRows: true }), sources: [0, 499] },
];
