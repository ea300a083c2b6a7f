import { csrFromEdges, generateErdosRenyi, generateGrid, generateRmat, type Csr } from '@semiforge/graph-io';
import { csrFromRows } from './spmv-cases.js';

/** A pattern CSR from out-neighbour lists. */
export const graphOf = (rows: number[][]): Csr => ({ ...csrFromRows(rows.map((r) => r.map((v) => [v, 1] as [number, number]))), weight: null });

/** The graph with every `every`-th vertex's out-arcs removed, so those vertices dangle. */
export function withDangling(csr: Csr, every: number): Csr {
  const rows = Array.from({ length: csr.n }, (_, u) => (u % every === 0 ? [] : Array.from(csr.indices.subarray(csr.indptr[u], csr.indptr[u + 1]))));
  return graphOf(rows);
}

const er = csrFromEdges(generateErdosRenyi({ n: 300, m: 1500, seed: 3 }));

/** Random graphs of graph-io's generators, with and without dangling vertices. */
export const GRAPH_CASES: { name: string; csr: Csr }[] = [
  { name: 'Erdős–Rényi n = 300, m = 1500', csr: er },
  { name: 'Erdős–Rényi with every 5th vertex dangling', csr: withDangling(er, 5) },
  { name: 'R-MAT scale 9 (power law, many dangling)', csr: csrFromEdges(generateRmat({ scale: 9, averageDegree: 8, seed: 5 })) },
  { name: 'grid 15 × 20 (undirected, regular rows)', csr: csrFromEdges(generateGrid({ rows: 15, cols: 20, seed: 2, weights: { min: 1, max: 1 } }).graph) },
];

/** Wikipedia's three-page example: A → B, A → C, B → C, C → A. */
export const THREE_PAGES = graphOf([[1, 2], [2], [0]]);

/** Its ranks for d = 0.85, solved by hand: A = 0.05 + 0.85·C, B = 0.05 + 0.425·A, C = 0.05 + 0.85·(A/2 + B). */
export function threePagesRanks(): number[] {
  const a = 0.128625 / 0.3316875;
  return [a, 0.05 + 0.425 * a, 0.0925 + 0.78625 * a];
}

/** 0 → 1 with 1 dangling, d = 0.85: r0 = 0.075 + 0.425·r1 and r0 + r1 = 1, so r0 = 0.5/1.425. */
export const TWO_DANGLING = graphOf([[1], []]);
export const TWO_DANGLING_RANKS = [0.5 / 1.425, 1 - 0.5 / 1.425];
