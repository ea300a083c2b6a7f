import type { Csr } from '@semiforge/graph-io';
import { pagerankReference } from './pagerank.reference.js';
import { PAGERANK_DEFAULTS, type PagerankParameters } from './pagerank.input.js';

/** f32 unit roundoff. */
const U = 2 ** -24;

export interface PagerankVerification {
  readonly ok: boolean;
  /** ‖ranks − r*‖₁ against the f64 fixed point. */
  readonly error: number;
  readonly bound: number;
}

/**
 * How far, in L1, f32 ranks may lie from the exact fixed point r*. Power iteration contracts by d in L1,
 * so ‖r_k − r*‖₁ ≤ d/(1 − d)·‖r_k − r_{k−1}‖₁ (the residual). One f32 step adds at most e = γ·‖r‖₁ with
 * γ = (longest in-row + ⌈log2 n⌉ + 4)·u: the row's sum, the reductions' trees, the update's three
 * operations; e also blurs the measured residual. Rounding errors shrink by d per step, so they settle at
 * e/(1 − d). Bound: d/(1 − d)·(residual + e) + e/(1 − d), doubled for the rounding of the bound's own terms.
 *
 * @example
 * pagerankErrorBound({ n: 1000, maxInDegree: 40, damping: 0.85, residual: 1e-6 }); // ≈ 1.3e-5
 */
export function pagerankErrorBound(p: { n: number; maxInDegree: number; damping: number; residual: number }): number {
  const e = (p.maxInDegree + Math.ceil(Math.log2(Math.max(2, p.n))) + 4) * U;
  return 2 * ((p.damping / (1 - p.damping)) * (p.residual + e) + e / (1 - p.damping));
}

/** The f64 reference run to a tolerance of 1e-13, so that it stands for the fixed point r*. */
export function pagerankFixedPoint(graph: Csr, options: PagerankParameters = {}): Float64Array {
  return pagerankReference(graph, { ...options, tolerance: 1e-13, maxIterations: 10_000 }).ranks;
}

/**
 * Compares f32 ranks with the fixed point r* ({@link pagerankFixedPoint}), within {@link pagerankErrorBound}
 * of the run's own last residual. Pass `exact` to check several runs on one graph against one reference.
 *
 * @example
 * const r = await pagerank(device, g, { personalization });
 * verifyPagerank(g, r.ranks, r.residual, { personalization }).ok;
 */
export function verifyPagerank(
  graph: Csr,
  ranks: ArrayLike<number>,
  residual: number,
  options: PagerankParameters = {},
  exact: ArrayLike<number> = pagerankFixedPoint(graph, options),
): PagerankVerification {
  // Ranks of another length gave { ok: false, error: NaN }, which reads as wrong ranks rather than a wrong call.
  if (ranks.length !== graph.n) throw new RangeError(`verifyPagerank: ranks has ${ranks.length} elements but the graph has ${graph.n} vertices; it needs ${graph.n}`);
  if (exact.length !== graph.n) throw new RangeError(`verifyPagerank: exact has ${exact.length} elements but the graph has ${graph.n} vertices; it needs ${graph.n}`);
  let error = 0;
  for (let v = 0; v < graph.n; v++) error += Math.abs(ranks[v] - exact[v]);
  let maxInDegree = 0;
  const inDegree = new Uint32Array(graph.n);
  for (const v of graph.indices) maxInDegree = Math.max(maxInDegree, ++inDegree[v]);
  const bound = pagerankErrorBound({ n: graph.n, maxInDegree, damping: options.damping ?? PAGERANK_DEFAULTS.damping, residual });
  return { ok: error <= bound, error, bound };
}
