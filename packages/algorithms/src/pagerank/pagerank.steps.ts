import { dispatchGrid } from '@semiforge/codegen';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { PAGERANK_WORKGROUP, pagerankSpecs } from './pagerank.specs.js';

/**
 * The `sums` buffer: a ring of pairs, step k's at {@link slotOf}(k): its residual, then its dangling mass (Σ of
 * its ranks over the vertices with no out-arcs, which step k + 1's update spreads by the teleport). Step 0 (the
 * uniform start) holds the largest f32, so that step 1 runs, and the start's dangling mass; a step whose
 * predecessor's residual is below the tolerance keeps the ranks (see `vec_pagerank_update`), so the host may
 * read the residuals late.
 */
export const FIRST_RESIDUAL = 0;
/** Residuals kept: the host reads them at least every RESIDUAL_SLOTS − 1 steps. */
export const RESIDUAL_SLOTS = 1024;
/** f32 words of a step's slot: its residual and its dangling mass. */
export const SLOT_WORDS = 2;
/** Bytes of the ring, as a group copies it out. */
export const RING_BYTES = RESIDUAL_SLOTS * SLOT_WORDS * 4;
export const F32_MAX = 3.4028234663852886e38;
export const slotOf = (step: number): number => FIRST_RESIDUAL + SLOT_WORDS * (step % RESIDUAL_SLOTS);

/**
 * PageRank's state on a GPU, whichever the backend: Pᵀ's product, two rank vectors used in turn, the teleport
 * vector and the residuals. `queueTo` queues steps without waiting for them, each group with a copy of the
 * residuals of its own; the host reads them only when it chooses to, and steps after the first converged one
 * change nothing, so it may queue more steps before it has read the last ones.
 */
export interface PagerankSteps {
  readonly n: number;
  /** Steps queued since the last restart. */
  readonly steps: number;
  /** The format of the product with Pᵀ (the automatic choice when asked for 'auto'). */
  readonly format: SpmvFormat;
  /** Whether the product renumbered Pᵀ's columns by degree (it then gathers the ranks into that order each step). */
  readonly reordered: boolean;
  /** Starts again from uniform ranks and step 0; steps queued and not read are let go. */
  restart(): void;
  /**
   * Queues steps up to `last` (≤ maxIterations, at most RESIDUAL_SLOTS − 1 of them), then a copy of the
   * residuals out, and resolves once all are on the GPU's queue. WebGPU sends them in submits of
   * `submitEvery` steps, each submitted before the next is recorded; CUDA launches each as it is recorded.
   */
  queueTo(last: number, submitEvery: number): Promise<QueuedSteps>;
  /** The latest ranks (after every step queued). */
  ranks(): Promise<Float32Array>;
  destroy(): void;
}

/** Steps one `queueTo` put on the GPU's queue, as the host saw them. */
export interface QueuedSteps {
  /** The steps, 1-based: first … last. */
  readonly first: number;
  readonly last: number;
  /** Queue submits they went in (CUDA: 1, the launches go to its stream as they are recorded). */
  readonly queueSubmits: number;
  /** Host milliseconds of recording the steps (CUDA: launching them), outside the submits' encoding. */
  readonly recordMs: number;
  /** `performance.now()` when `queueTo` was called, and when its last submit was on the queue. */
  readonly startedAt: number;
  readonly queuedAt: number;
  /** Resolves when the GPU has run the steps (and copied their residuals out). */
  finished(): Promise<StepsFinished>;
  /** The steps' residuals, once finished; read once, which frees their copy for later steps. */
  residuals(): Promise<Float32Array>;
}

/** When and how a group of queued steps finished. */
export interface StepsFinished {
  /** `performance.now()` when the host learnt that the GPU had finished them. */
  readonly endedAt: number;
  /** Their GPU time, where the device measures it (WebGPU: the sum of their submits' timestamps). */
  readonly gpuMs?: number;
  /** Host milliseconds of encoding and submitting their submits (WebGPU's `BatchResult.encodeMs`, summed). */
  readonly encodeMs?: number;
}

/**
 * Params of `vec_pagerank_update` for step k + 1: { n, offset of step k's residual, damping, tolerance }, the last
 * two as f32 bits; written into `into` when given (a loop reuses one array: both backends copy a step's params as
 * they record it).
 */
export function updateParams(n: number, step: number, damping: number, tolerance: number, into = new Uint32Array(4)): Uint32Array {
  into[0] = n;
  into[1] = slotOf(step);
  into[2] = f32Bits(damping);
  into[3] = f32Bits(tolerance);
  return into;
}

/** The bits of x rounded to f32, as a u32 parameter word carries an f32 (one scratch word, no array a call). */
const f32Bits = (() => {
  const word = new Float32Array(1);
  const bits = new Uint32Array(word.buffer);
  return (x: number): number => {
    word[0] = x;
    return bits[0] as number;
  };
})();

/** Refuses a step past maxIterations, naming both. */
export function checkStep(steps: number, maxIterations: number): void {
  if (steps >= maxIterations) throw new RangeError(`pagerank: step ${steps + 1} is past maxIterations = ${maxIterations}`);
}

/** Refuses a group of steps to queue that is empty or longer than the residuals kept, naming the numbers. */
export function checkGroup(steps: number, last: number): void {
  if (last <= steps) throw new RangeError(`pagerank: steps up to ${last} asked for after step ${steps}: nothing to queue`);
  if (last - steps > RESIDUAL_SLOTS - 1) {
    throw new RangeError(`pagerank: ${last - steps} steps queued together, but only the residuals of the last ${RESIDUAL_SLOTS - 1} are kept`);
  }
}

/**
 * The `vec_reduce` pass after step k + 1's update: two workgroups over its 2·PAGERANK_WORKGROUP partials
 * (`deltaParts`: |Δ| partials, then dangling-mass partials, each zero past the update's grid), the first totalling
 * the residual into slotOf(k + 1), the second the dangling mass beside it. The same tree and order over the |Δ|
 * partials as a second pass over the update's grid alone (the zeros add nothing). Its params are written into
 * `params` when given, as {@link updateParams} does.
 */
export function totalsPass(step: number, params = new Uint32Array(2)): ReductionPass {
  params[0] = TOTALS_N;
  params[1] = slotOf(step + 1);
  return { src: 'partials', dst: 'target', params, grid: TOTALS_GRID };
}

/** The totals pass's elements and grid (two workgroups), the same every step: computed once. */
const TOTALS_N = 2 * PAGERANK_WORKGROUP;
const TOTALS_GRID = dispatchGrid(pagerankSpecs().sum, TOTALS_N);

/**
 * Steps first … last's residuals out of the ring of slots (copied from FIRST_RESIDUAL on), refusing
 * steps no longer (or not yet) kept after `steps` recorded ones.
 */
export function ringResiduals(ring: Float32Array, first: number, last: number, steps: number): Float32Array {
  if (last > steps || first < 1 || steps - first >= RESIDUAL_SLOTS - 1) {
    throw new RangeError(`pagerank: residuals of steps ${first}…${last} are not kept after step ${steps} (the last ${RESIDUAL_SLOTS - 1} are)`);
  }
  return Float32Array.from({ length: last - first + 1 }, (_, i) => ring[slotOf(first + i) - FIRST_RESIDUAL]);
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
