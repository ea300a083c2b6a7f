// Small graphs the CPU peers' tests search (parallel-bfs.test.ts, scipy-peer.test.ts), with sources to try.
import { csrFromEdges, edgeListFromArrays, generateGrid, generateKronecker, relabelByDegree, type Csr } from '@semiforge/graph-io';

export interface PeerTestGraph {
  readonly name: string;
  readonly csr: Csr;
  readonly sources: readonly number[];
}

/** A Graph500 Kronecker graph as the suite builds it: symmetrised, self-loops and parallel edges kept, in degree order. */
const kronecker = relabelByDegree(csrFromEdges(generateKronecker({ scale: 10, edgeFactor: 16, seed: 1 }), { symmetrize: true }));

export const PEER_TEST_GRAPHS: readonly PeerTestGraph[] = [
  // Vertex 0 is the hub; the last ids are isolated (degree order puts them there).
  { name: 'Kronecker scale 10', csr: kronecker, sources: [0, 1, 517, kronecker.n - 1] },
  // Three components (a triangle with a tail and a self-loop, a path, an isolated vertex) and a parallel edge.
  { name: 'disconnected', csr: csrFromEdges(edgeListFromArrays(9, [0, 1, 2, 2, 3, 5, 6, 4, 0], [1, 2, 0, 3, 4, 6, 7, 4, 1]), { symmetrize: true }), sources: [0, 4, 5, 8] },
  { name: 'single vertex', csr: csrFromEdges(edgeListFromArrays(1, [], []), { symmetrize: true }), sources: [0] },
  // Long searches (dozens of levels) whose frontiers grow and shrink: the switch goes both ways.
  { name: 'road-like grid 30 × 40', csr: csrFromEdges(generateGrid({ rows: 30, cols: 40, weights: { min: 1, max: 1 }, seed: 2, roadLike: true }).graph), sources: [0, 611] },
];
