import { reductionPasses, type ReductionPass } from '../kernels/vector-reduction.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { PagerankSettings } from './pagerank.input.js';
import { PAGERANK_WORKGROUP, pagerankSpecs } from './pagerank.specs.js';
import { checkStep, FIRST_RESIDUAL, leastF32AtLeast, RESIDUAL_SLOTS, slotOf, updateParams, type PagerankSteps, type QueuedSteps } from './pagerank.steps.js';

/**
 * Step 0: uniform ranks, and the first product's x = ranks / outdeg (0 where a vertex dangles), rounded as
 * the update's f32 division rounds it.
 */
export function startVectors(outDegree: Uint32Array): { readonly ranks: Float32Array; readonly scaled: Float32Array } {
  const r = Math.fround(1 / outDegree.length);
  return { ranks: new Float32Array(outDegree.length).fill(r), scaled: Float32Array.from(outDegree, (d) => (d > 0 ? r / d : 0)) };
}

/**
 * The vectors a PageRank state starts from, by label, in the order {@link PagerankStepper} takes its buffers,
 * for the graph of these out-degrees.
 */
export function initialVectors(outDegree: Uint32Array, settings: PagerankSettings): readonly (readonly [label: string, data: Float32Array | Uint32Array])[] {
  const start = startVectors(outDegree);
  return [
    ['pagerank.ranks.0', start.ranks],
    ['pagerank.ranks.1', new Float32Array(outDegree.length)],
    ['pagerank.teleport', Float32Array.from(settings.teleport)],
    ['pagerank.sum_partials', new Float32Array(PAGERANK_WORKGROUP)],
    ['pagerank.delta_partials', new Float32Array(PAGERANK_WORKGROUP)],
    ['pagerank.sums', new Float32Array(FIRST_RESIDUAL + RESIDUAL_SLOTS)],
    ['pagerank.out_degree', outDegree],
    ['pagerank.scaled', start.scaled],
  ];
}

/** The buffers `vec_pagerank_update` binds, by binding name. */
export interface UpdateBuffers<B> {
  readonly teleport: B;
  readonly previous: B;
  readonly sums: B;
  readonly sumParts: B;
  readonly next: B;
  readonly deltaParts: B;
  readonly outDegree: B;
  readonly scaled: B;
}

/**
 * A step of PageRank as every backend records it, over buffers of type `B` into a recording of type `R` (a
 * WebGPU batch, or nothing on CUDA's stream): r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p and its L1 residual ‖r' − r‖₁, or,
 * when step k's residual was below the tolerance, r' = r and residual 0. Pᵀr is the product of Aᵀ's pattern
 * with `scaled` = r / outdeg, which the update writes beside r' (see `transitionPattern`). Three launches
 * besides the product: Σ Pᵀr's workgroup partials, the update (which totals them, and leaves the partials of
 * |r' − r|), and their total into the residual ring — the sums' other halves fused into the update, so no
 * n-long change vector.
 * A backend gives the product, the sum passes and the update's launch, and reads and frees its buffers.
 *
 * @example
 * class MyState extends PagerankStepper<Buf, void> { ... } // product, reduce, update, restart, queueTo, …
 */
export abstract class PagerankStepper<B, R> implements PagerankSteps {
  readonly n: number;
  readonly maxIterations: number;
  /** The two rank vectors, used in turn. */
  protected readonly rankVectors: readonly [B, B];
  protected readonly teleport: B;
  /** Workgroup partials of Σ Pᵀr and of the step's |r' − r|. */
  protected readonly sumParts: B;
  protected readonly deltaParts: B;
  /** The ring of residuals (see {@link FIRST_RESIDUAL}). */
  protected readonly sums: B;
  /** Out-degrees (u32), and the latest ranks divided by them: the product's x. */
  protected readonly outDegree: B;
  protected readonly scaled: B;
  /** The out-degrees on the host, for each restart's {@link startVectors}. */
  readonly #outDegreeHost: Uint32Array;
  readonly #damping: number;
  readonly #tolerance: number;
  /** Index in rankVectors of the vector holding the latest ranks. */
  protected current = 0;
  #steps = 0;

  /** `buffers`: the vectors of {@link initialVectors} for these out-degrees, in its order. */
  protected constructor(outDegrees: Uint32Array, buffers: readonly B[], settings: PagerankSettings) {
    this.n = outDegrees.length;
    this.#outDegreeHost = outDegrees;
    const [r0, r1, teleport, sumParts, deltaParts, sums, outDegree, scaled] = buffers;
    this.outDegree = outDegree;
    this.scaled = scaled;
    this.rankVectors = [r0, r1];
    this.teleport = teleport;
    this.sumParts = sumParts;
    this.deltaParts = deltaParts;
    this.sums = sums;
    this.#damping = settings.damping;
    this.#tolerance = leastF32AtLeast(settings.tolerance);
    this.maxIterations = settings.maxIterations;
  }

  abstract readonly format: SpmvFormat;
  abstract readonly reordered: boolean;
  abstract restart(): void;
  abstract queueTo(last: number, submitEvery: number): Promise<QueuedSteps>;
  abstract ranks(): Promise<Float32Array>;
  abstract destroy(): void;

  /** Steps recorded since the last restart. */
  get steps(): number {
    return this.#steps;
  }

  /**
   * Back to step 0 on the host's side; returns the vectors the backend writes into `rankVectors[0]` and `scaled`
   * (it resets step 0's residual too).
   */
  protected resetSteps(): ReturnType<typeof startVectors> {
    this.current = 0;
    this.#steps = 0;
    return startVectors(this.#outDegreeHost);
  }

  /** Records step k + 1 (up to maxIterations) into `recording`. */
  protected recordStep(recording: R): void {
    checkStep(this.#steps, this.maxIterations);
    const previous = this.rankVectors[this.current];
    const next = this.rankVectors[1 - this.current];
    // The first pass's grid is the update's: it totals one Σ Pᵀr partial per workgroup and leaves one |Δ| partial.
    const [partials, total] = reductionPasses(pagerankSpecs().sum, this.n, slotOf(this.#steps + 1));
    this.product(recording, this.scaled, next);
    this.sumPass(recording, next, this.sumParts, partials);
    const buffers = {
      teleport: this.teleport,
      previous,
      sums: this.sums,
      sumParts: this.sumParts,
      next,
      deltaParts: this.deltaParts,
      outDegree: this.outDegree,
      scaled: this.scaled,
    };
    this.update(recording, buffers, updateParams(this.n, this.#steps, this.#damping, this.#tolerance), partials.grid);
    this.#steps += 1;
    this.sumPass(recording, this.deltaParts, this.sums, total);
    this.current = 1 - this.current;
  }

  /** y = Aᵀx on Aᵀ's pattern (x: the ranks divided by the out-degrees, so y = Pᵀr). */
  protected abstract product(recording: R, x: B, y: B): void;
  /** One pass of `vec_reduce` from `src` into `dst` (see `reductionPasses`). */
  protected abstract sumPass(recording: R, src: B, dst: B, pass: ReductionPass): void;
  /** `vec_pagerank_update` over every vertex, on the grid of the sums' first pass. */
  protected abstract update(recording: R, buffers: UpdateBuffers<B>, params: Uint32Array, grid: [number, number, number]): void;
}
