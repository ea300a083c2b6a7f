import type { SpmvFormat } from '../spmv/spmv.plan.js';

/**
 * The `sums` buffer: the residual of step k at FIRST_RESIDUAL + k mod {@link RESIDUAL_SLOTS}. Step 0 (the
 * uniform start) holds the largest f32, so that step 1 runs; a step whose predecessor's residual is below the
 * tolerance keeps the ranks (see `vec_pagerank_update`), so the host may read the residuals late. (Σ Pᵀr, which
 * the update needs, stays in workgroup partials that the update totals itself.)
 */
export const FIRST_RESIDUAL = 0;
/** Residuals kept: the host reads them at least every RESIDUAL_SLOTS − 1 steps. */
export const RESIDUAL_SLOTS = 1024;
export const F32_MAX = 3.4028234663852886e38;
export const slotOf = (step: number): number => FIRST_RESIDUAL + (step % RESIDUAL_SLOTS);

/**
 * PageRank's state on a GPU, whichever the backend: Pᵀ's product, two rank vectors used in turn, the teleport
 * vector and the residuals. `runTo` runs steps without reading anything back; the host reads residuals only
 * when it chooses to, and steps after the first converged one change nothing.
 */
export interface PagerankSteps {
  readonly n: number;
  /** Steps run (or queued) since the last restart. */
  readonly steps: number;
  /** The format of the product with Pᵀ (the automatic choice when asked for 'auto'). */
  readonly format: SpmvFormat;
  /** Whether the product renumbered Pᵀ's columns by degree (it then gathers the ranks into that order each step). */
  readonly reordered: boolean;
  /** Starts again from uniform ranks and step 0. */
  restart(): void;
  /** Runs steps up to `last` (≤ maxIterations) in one submit; the GPU time of those steps where the device measures it. */
  runTo(last: number): Promise<number | undefined>;
  /** The residuals of steps first … last (1-based), as the last `runTo` left them (once its steps are done). */
  residuals(first: number, last: number): Promise<Float32Array>;
  /** The latest ranks. */
  ranks(): Promise<Float32Array>;
  destroy(): void;
}

/** Params of `vec_pagerank_update` for step k + 1: { n, offset of step k's residual, damping, tolerance }, the last two as f32 bits. */
export function updateParams(n: number, step: number, damping: number, tolerance: number): Uint32Array {
  const params = new Uint32Array([n, slotOf(step), 0, 0]);
  new Float32Array(params.buffer).set([damping, tolerance], 2);
  return params;
}

/** Refuses a step past maxIterations, naming both. */
export function checkStep(steps: number, maxIterations: number): void {
  if (steps >= maxIterations) throw new RangeError(`pagerank: step ${steps + 1} is past maxIterations = ${maxIterations}`);
}

/**
 * Steps first … last's residuals out of the ring of residual slots (read from FIRST_RESIDUAL on), refusing
 * steps no longer (or not yet) kept after `steps` recorded ones.
 */
export function ringResiduals(ring: Float32Array, first: number, last: number, steps: number): Float32Array {
  if (last > steps || first < 1 || steps - first >= RESIDUAL_SLOTS - 1) {
    throw new RangeError(`pagerank: residuals of steps ${first}…${last} are not kept after step ${steps} (the last ${RESIDUAL_SLOTS - 1} are)`);
  }
  return Float32Array.from({ length: last - first + 1 }, (_, i) => ring[(first + i) % RESIDUAL_SLOTS]);
}

/**
 * The least f32 ≥ t (at most the largest f32): an f32 residual r is below t exactly when it is below this, so
 * the GPU's test (in f32) and the host's (in f64) agree on the step that converged.
 */
export function leastF32AtLeast(t: number): number {
  const f = Math.fround(t);
  if (f >= t) return Math.min(f, F32_MAX);
  const next = Float32Array.of(f);
  new Uint32Array(next.buffer)[0] += 1; // f ≥ 0 here: the next larger f32
  return next[0];
}
