import type { Csr } from '@semiforge/graph-io';
import type { SsspWeights } from './sssp.input.js';
import type { SsspGraphStats } from './sssp.plan.js';

/**
 * What the SSSP plan reads of a graph: its size, its weights' least and mean, and how skewed its degrees are
 * (E[d²] / E[d]² over the out-degrees: 1 + (stddev / mean)² of graph-io's `degreeStats`, here from one pass over
 * the row offsets, without that function's scan of every arc for self-loops on each query runner's setup).
 *
 * @example
 * const stats = ssspGraphStats(csr, ssspWeights(csr, 'u32'));
 * planSssp({}, stats, csr.directed).hubDegree; // 64 on a Graph500 Kronecker graph, 0 on paper 001's R-MAT
 */
export function ssspGraphStats(graph: Csr, weights: SsspWeights): SsspGraphStats {
  const { n, indptr } = graph;
  let squares = 0;
  for (let v = 0; v < n; v++) {
    const d = indptr[v + 1] - indptr[v];
    squares += d * d;
  }
  const arcs = graph.indices.length;
  const degreeSkew = arcs > 0 ? (squares * n) / (arcs * arcs) : 1;
  return { n, arcs, minWeight: weights.min, meanWeight: weights.mean, degreeSkew, maxWeight: weights.max };
}
