import { checkCsrShape, checkNumberType, outDegrees, transposeCsr, type Csr } from '@semiforge/graph-io';
import { checkSquareCsr } from '../spmv/spmv.input.js';

/** A personalization given by its non-zero entries; vertices not listed get 0, a repeated vertex sums. */
export interface SparsePersonalization {
  readonly vertices: ArrayLike<number>;
  readonly weights: ArrayLike<number>;
}

/** Options of `pagerank()` and `pagerankReference()`. */
export interface PagerankParameters {
  /** Probability of following an out-arc rather than teleporting, in (0, 1) (default 0.85). */
  damping?: number;
  /** Stop when the L1 norm of one step's change is below this, > 0 (default 1e-6). */
  tolerance?: number;
  /** At most this many iterations, an integer ≥ 1 (default 100). */
  maxIterations?: number;
  /**
   * Teleport (restart) distribution: personalized PageRank / random walk with restart. Dense (length n) or
   * sparse; non-negative with a positive sum, normalised to sum 1. Default: uniform 1/n. Dangling vertices
   * redistribute their rank by it too.
   */
  personalization?: ArrayLike<number> | SparsePersonalization;
}

export const PAGERANK_DEFAULTS = { damping: 0.85, tolerance: 1e-6, maxIterations: 100, checkEvery: 8, submitEvery: 8, lookahead: true } as const;

/** Parameters after checking, with the teleport vector normalised in f64. */
export interface PagerankSettings {
  readonly damping: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly teleport: Float64Array;
}

/** Checks the parameters against a graph of n vertices, naming the first problem. */
export function pagerankSettings(n: number, options: PagerankParameters): PagerankSettings {
  const { damping = PAGERANK_DEFAULTS.damping, tolerance = PAGERANK_DEFAULTS.tolerance, maxIterations = PAGERANK_DEFAULTS.maxIterations } = options;
  // A string "0.85" compares as a number and would pass: refused by type first.
  checkNumberType('pagerank: damping', damping, 'a number');
  checkNumberType('pagerank: tolerance', tolerance, 'a number');
  // Written as !(inside) so that NaN fails too.
  if (!(damping > 0 && damping < 1)) throw new RangeError(`pagerank: damping = ${damping}; it must lie strictly between 0 and 1`);
  if (!(tolerance > 0 && Number.isFinite(tolerance))) throw new RangeError(`pagerank: tolerance = ${tolerance}; it must be a finite number > 0`);
  checkCount('maxIterations', maxIterations);
  return { damping, tolerance, maxIterations, teleport: teleportVector(n, options.personalization) };
}

/** Refuses anything but an integer ≥ 1, naming the option. */
export function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`pagerank: ${name} = ${value}; it must be an integer ≥ 1`);
}

/** The personalization as a dense f64 vector summing to 1 (uniform when absent). */
function teleportVector(n: number, personalization: PagerankParameters['personalization']): Float64Array {
  if (personalization === undefined) return new Float64Array(n).fill(1 / n);
  const dense = new Float64Array(n);
  if ('vertices' in personalization) {
    const { vertices, weights } = personalization;
    if (vertices.length !== weights.length) {
      throw new RangeError(`pagerank: personalization has ${vertices.length} vertices but ${weights.length} weights`);
    }
    for (let i = 0; i < vertices.length; i++) {
      const v = vertices[i];
      if (!Number.isInteger(v) || v < 0 || v >= n) throw new RangeError(`pagerank: personalization vertex ${v} (entry ${i}) is not a vertex of the ${n}-vertex graph`);
      dense[v] += checkWeight(weights[i], `vertex ${v}`);
    }
  } else {
    if (personalization.length !== n) {
      throw new RangeError(`pagerank: personalization has ${personalization.length} elements but the graph has ${n} vertices; it needs ${n}`);
    }
    for (let i = 0; i < n; i++) dense[i] = checkWeight(personalization[i], `element ${i}`);
  }
  const sum = dense.reduce((a, b) => a + b, 0);
  if (n > 0 && !(sum > 0 && Number.isFinite(sum))) {
    throw new RangeError(`pagerank: personalization sums to ${sum}; it needs a positive finite sum (it is normalised to 1)`);
  }
  return dense.map((w) => w / sum);
}

function checkWeight(w: number, where: string): number {
  if (Number.isNaN(w)) throw new RangeError(`pagerank: personalization ${where} is NaN`);
  if (w < 0) throw new RangeError(`pagerank: personalization ${where} = ${w} is negative; weights must be ≥ 0`);
  return w;
}

/**
 * Pᵀ as the product runs it, with P[u][v] = 1/outdeg(u) for each arc u → v: y = Pᵀ · r = Aᵀ · (r / outdeg),
 * so `transpose` is Aᵀ's pattern (row v lists v's in-arcs; no weights, so the product streams a column index
 * a nonzero and no value) and `outDegree` the scale the update divides each rank by for the next product.
 * Rows of dangling vertices are empty in P (their mass is restored by the update kernel). Weights are
 * ignored: the random surfer picks an out-arc uniformly, parallel arcs and self-loops counted.
 *
 * @example
 * const { transpose, outDegree } = transitionPattern(g); // transpose.weight === null
 */
export function transitionPattern(graph: Csr): { transpose: Csr; outDegree: Uint32Array } {
  checkCsrShape(graph, 'pagerank');
  const pattern = { ...graph, weight: null };
  checkSquareCsr(pattern, 'pagerank');
  return { transpose: transposeCsr(pattern), outDegree: outDegrees(graph) };
}
