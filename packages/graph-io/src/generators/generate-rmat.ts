import type { EdgeList } from '../edge-list.js';
import { checkIntegerOption, checkNumberOption } from './check-option.js';
import { planRecursiveMatrix, generateRecursiveMatrix, type RecursiveMatrixPlan } from './recursive-matrix.js';
import { generateRecursiveMatrixInWorkers } from './recursive-matrix-parallel.js';
import type { WeightSpec } from './weight-spec.js';

/** Options of {@link generateRmat}. */
export interface RmatOptions {
  /** log2 of the vertex count, 1..31. */
  readonly scale: number;
  /** Average degree of the undirected graph: m = averageDegree · 2^scale / 2 edge tuples. Default 32 (paper 001). */
  readonly averageDegree?: number;
  /** Quadrant probabilities; defaults 0.45, 0.15, 0.15 and d = 1 − a − b − c (0.25), GTgraph's R-MAT defaults. */
  readonly a?: number;
  readonly b?: number;
  readonly c?: number;
  readonly d?: number;
  readonly seed: number;
  /** Default `'none'`. */
  readonly weights?: WeightSpec;
  /**
   * Per-level noise amplitude in [0, min(b, c, (a + d)/2)] (the noisy SKG of Seshadhri, Pinar and Kolda, 2013):
   * level ℓ moves μℓ uniform in [−noise, noise] into b and c and out of a and d, smoothing the
   * degree distribution's oscillations. Default 0.
   */
  readonly noise?: number;
  /** Relabel vertices by a seeded bijection. Default false (GTgraph does not). */
  readonly scramble?: boolean;
}

/** Options of {@link generateRmatParallel}. */
export interface RmatParallelOptions extends RmatOptions {
  /** Worker threads, 1..256. Default: the machine's available parallelism. */
  readonly threads?: number;
}

function planRmat(options: RmatOptions): RecursiveMatrixPlan {
  const { scale, averageDegree = 32, a = 0.45, b = 0.15, c = 0.15, seed, weights = 'none', noise = 0, scramble = false } = options;
  const d = options.d ?? 1 - a - b - c;
  checkIntegerOption('scale', scale, 1, 31);
  const n = 2 ** scale;
  checkNumberOption('averageDegree', averageDegree, 0, Infinity);
  const edges = (averageDegree * n) / 2;
  if (!Number.isInteger(edges)) {
    throw new RangeError(`averageDegree = ${averageDegree} gives ${edges} edges at scale ${scale}, not an integer`);
  }
  return planRecursiveMatrix({ scale, edges, seed, a, b, c, d, weights, scramble, noise, what: 'rmat' });
}

/**
 * R-MAT generator (Chakrabarti, Zhan and Faloutsos, 2004): m = averageDegree·2^scale/2 edge tuples, each
 * built by `scale` recursive quadrant choices with probabilities a, b, c, d, as the undirected test graphs
 * of paper 001 (average degree 32, 2^14..2^24 vertices). Paper 001 does not give its probabilities; the
 * defaults are GTgraph's (0.45, 0.15, 0.15, 0.25).
 *
 * Each undirected edge appears once (`directed: true`, as paper 001's edge list stores it), self-loops and
 * duplicates kept; `csrFromEdges(g, { symmetrize: true })` gives the undirected graph, with averageDegree
 * arcs per vertex before deduplication. Same block scheme as {@link generateKronecker}, so
 * {@link generateRmatParallel} returns the same arrays.
 *
 * @example
 * ```ts
 * const g = generateRmat({ scale: 14, seed: 1, weights: { min: 1, max: 1000 } }); // 2^14 vertices, 2^18 tuples
 * ```
 */
export function generateRmat(options: RmatOptions): EdgeList {
  const plan = planRmat(options);
  return { n: 2 ** plan.scale, ...generateRecursiveMatrix(plan), directed: true };
}

/**
 * {@link generateRmat} in worker threads filling `SharedArrayBuffer`-backed arrays; bit-identical output
 * for any thread count.
 *
 * @example
 * ```ts
 * const g = await generateRmatParallel({ scale: 20, seed: 1, threads: 2 });
 * ```
 */
export async function generateRmatParallel(options: RmatParallelOptions): Promise<EdgeList> {
  const plan = planRmat(options);
  return { n: 2 ** plan.scale, ...(await generateRecursiveMatrixInWorkers(plan, options.threads)), directed: true };
}
