import { checkCsrShape, outDegrees, type Csr } from '@semiforge/graph-io';
import { checkSquareCsr } from '../spmv/spmv.input.js';
import { pagerankSettings, type PagerankParameters } from './pagerank.input.js';

/** What the CPU reference returns: f64 ranks summing to 1. */
export interface PagerankReferenceResult {
  readonly ranks: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
  /** L1 norm of the last step's change. */
  readonly residual: number;
}

/**
 * PageRank by f64 power iteration on the CPU, pushing rank along out-arcs (u → v gets r[u]/outdeg(u)), the
 * reference `pagerank()` is checked against. Same conventions: start uniform, dangling vertices' rank and
 * the teleport both spread by the personalization p, r' = d·Pᵀr + (d·dangling + 1 − d)·p, stop when
 * ‖r' − r‖₁ < tolerance or after maxIterations.
 *
 * @example
 * const { ranks } = pagerankReference(csr, { damping: 0.85, tolerance: 1e-12, maxIterations: 1000 });
 */
export function pagerankReference(graph: Csr, options: PagerankParameters = {}): PagerankReferenceResult {
  checkCsrShape(graph, 'pagerank');
  const { n, indptr, indices } = graph;
  checkSquareCsr({ ...graph, weight: null }, 'pagerank');
  const { damping, tolerance, maxIterations, teleport } = pagerankSettings(n, options);
  if (n === 0) return { ranks: new Float64Array(0), iterations: 0, converged: true, residual: 0 };
  const out = outDegrees(graph);
  let ranks = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  let residual = Infinity;
  let iterations = 0;
  while (iterations < maxIterations && !(residual < tolerance)) {
    next.fill(0);
    let dangling = 0;
    for (let u = 0; u < n; u++) {
      if (out[u] === 0) dangling += ranks[u];
      const share = ranks[u] / out[u];
      for (let p = indptr[u]; p < indptr[u + 1]; p++) next[indices[p]] += share;
    }
    const base = damping * dangling + 1 - damping;
    residual = 0;
    for (let v = 0; v < n; v++) {
      next[v] = damping * next[v] + base * teleport[v];
      residual += Math.abs(next[v] - ranks[v]);
    }
    [ranks, next] = [next, ranks];
    iterations += 1;
  }
  return { ranks, iterations, converged: residual < tolerance, residual };
}
