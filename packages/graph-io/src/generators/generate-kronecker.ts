import type { EdgeList } from '../edge-list.js';
import { checkIntegerOption } from './check-option.js';
import { planRecursiveMatrix, generateRecursiveMatrix, type RecursiveMatrixPlan } from './recursive-matrix.js';
import { generateRecursiveMatrixInWorkers } from './recursive-matrix-parallel.js';

/** Options of {@link generateKronecker}; defaults are the Graph500 specification's. */
export interface KroneckerOptions {
  /** log2 of the vertex count, 1..31. */
  readonly scale: number;
  /** Edge tuples per vertex, so m = edgeFactor · 2^scale. Default 16. */
  readonly edgeFactor?: number;
  /** Initiator probabilities; d = 1 − a − b − c. Defaults 0.57, 0.19, 0.19 (d = 0.05). */
  readonly a?: number;
  readonly b?: number;
  readonly c?: number;
  /** Seed; the same seed gives the same tuples whatever the thread count. */
  readonly seed: number;
  /** f32 weights uniform in [0, 1) (Float32Array). Default false. */
  readonly weights?: boolean;
  /** Relabel vertices by a seeded bijection so that degree does not follow the id. Default true. */
  readonly scramble?: boolean;
}

/** Options of {@link generateKroneckerParallel}. */
export interface KroneckerParallelOptions extends KroneckerOptions {
  /** Worker threads, 1..256. Default: the machine's available parallelism. */
  readonly threads?: number;
}

function planKronecker(options: KroneckerOptions): RecursiveMatrixPlan {
  const { scale, edgeFactor = 16, a = 0.57, b = 0.19, c = 0.19, seed, weights = false, scramble = true } = options;
  checkIntegerOption('scale', scale, 1, 31);
  checkIntegerOption('edgeFactor', edgeFactor, 1, 0xffffffff);
  return planRecursiveMatrix({
    scale,
    edges: edgeFactor * 2 ** scale,
    seed,
    a,
    b,
    c,
    d: 1 - a - b - c,
    weights: weights ? 'f32-unit' : 'none',
    scramble,
    noise: 0,
    what: 'kronecker',
  });
}

/**
 * Graph500 Kronecker generator (specification 3.0, reference `kronecker_generator.m`): m = edgeFactor·2^scale
 * edge tuples, each built by `scale` recursive quadrant choices with the reference's probabilities (row bit 1
 * with probability c + d, then the column bit 1 with b/(a + b) or d/(c + d); drawn here as one uniform per
 * level against the cumulative a, a + b, a + b + c, the same distribution with half the random numbers),
 * vertex labels scrambled by a seeded bijection, optional f32 weights uniform in [0, 1).
 *
 * The tuples are returned as generated: each undirected edge once (`directed: true`), self-loops and
 * duplicates kept, as the specification's generator makes them; `csrFromEdges(g, { symmetrize: true })`
 * gives the undirected graph. Unlike the reference, tuples are not shuffled afterwards (they come in
 * random order already). Deterministic given the seed, through independent blocks of 2^16 tuples, so
 * {@link generateKroneckerParallel} returns the same arrays.
 *
 * @example
 * ```ts
 * const g = generateKronecker({ scale: 16, seed: 1 });               // 65,536 vertices, 1,048,576 tuples
 * const w = generateKronecker({ scale: 10, seed: 2, weights: true }); // w.weight is a Float32Array
 * ```
 */
export function generateKronecker(options: KroneckerOptions): EdgeList {
  const plan = planKronecker(options);
  return { n: 2 ** plan.scale, ...generateRecursiveMatrix(plan), directed: true };
}

/**
 * {@link generateKronecker} in worker threads filling `SharedArrayBuffer`-backed arrays; bit-identical
 * output for any thread count.
 *
 * @example
 * ```ts
 * const g = await generateKroneckerParallel({ scale: 22, seed: 1, threads: 2 });
 * ```
 */
export async function generateKroneckerParallel(options: KroneckerParallelOptions): Promise<EdgeList> {
  const plan = planKronecker(options);
  return { n: 2 ** plan.scale, ...(await generateRecursiveMatrixInWorkers(plan, options.threads)), directed: true };
}
