import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { PagerankSettings } from './pagerank.input.js';
import { checkStep, FIRST_RESIDUAL, leastF32AtLeast, RESIDUAL_SLOTS, slotOf, SUM_OF_PRODUCT, updateParams, type PagerankSteps } from './pagerank.steps.js';

/** The vectors a PageRank state starts from, by label, in the order {@link PagerankStepper} takes its buffers. */
export function initialVectors(n: number, settings: PagerankSettings): readonly (readonly [label: string, data: Float32Array])[] {
  return [
    ['pagerank.ranks.0', new Float32Array(n).fill(1 / n)],
    ['pagerank.ranks.1', new Float32Array(n)],
    ['pagerank.teleport', Float32Array.from(settings.teleport)],
    ['pagerank.delta', new Float32Array(n)],
    ['pagerank.sums', new Float32Array(FIRST_RESIDUAL + RESIDUAL_SLOTS)],
  ];
}

/** The buffers `vec_pagerank_update` binds, by binding name. */
export interface UpdateBuffers<B> {
  readonly teleport: B;
  readonly previous: B;
  readonly sums: B;
  readonly next: B;
  readonly delta: B;
}

/**
 * A step of PageRank as every backend records it, over buffers of type `B` into a recording of type `R` (a
 * WebGPU batch, or nothing on CUDA's stream): r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p and its L1 residual ‖r' − r‖₁, or,
 * when step k's residual was below the tolerance, r' = r and residual 0. A backend gives the product, the
 * reduction and the update's launch, and reads and frees its buffers.
 *
 * @example
 * class MyState extends PagerankStepper<Buf, void> { ... } // product, reduce, update, restart, runTo, …
 */
export abstract class PagerankStepper<B, R> implements PagerankSteps {
  readonly n: number;
  readonly maxIterations: number;
  /** The two rank vectors, used in turn. */
  protected readonly rankVectors: readonly [B, B];
  protected readonly teleport: B;
  protected readonly delta: B;
  /** Σ Pᵀr and the ring of residuals (see {@link SUM_OF_PRODUCT}). */
  protected readonly sums: B;
  readonly #damping: number;
  readonly #tolerance: number;
  /** Index in rankVectors of the vector holding the latest ranks. */
  protected current = 0;
  #steps = 0;

  /** `buffers`: the vectors of {@link initialVectors}, in its order. */
  protected constructor(n: number, buffers: readonly B[], settings: PagerankSettings) {
    this.n = n;
    const [r0, r1, teleport, delta, sums] = buffers;
    this.rankVectors = [r0, r1];
    this.teleport = teleport;
    this.delta = delta;
    this.sums = sums;
    this.#damping = settings.damping;
    this.#tolerance = leastF32AtLeast(settings.tolerance);
    this.maxIterations = settings.maxIterations;
  }

  abstract readonly format: SpmvFormat;
  abstract readonly reordered: boolean;
  abstract restart(): void;
  abstract runTo(last: number): Promise<number | undefined>;
  abstract residuals(first: number, last: number): Promise<Float32Array>;
  abstract ranks(): Promise<Float32Array>;
  abstract destroy(): void;

  /** Steps recorded since the last restart. */
  get steps(): number {
    return this.#steps;
  }

  /** Back to step 0 on the host's side (the backend resets the ranks and step 0's residual). */
  protected resetSteps(): void {
    this.current = 0;
    this.#steps = 0;
  }

  /** Records step k + 1 (up to maxIterations) into `recording`. */
  protected recordStep(recording: R): void {
    checkStep(this.#steps, this.maxIterations);
    const previous = this.rankVectors[this.current];
    const next = this.rankVectors[1 - this.current];
    this.product(recording, previous, next);
    this.reduce(recording, next, SUM_OF_PRODUCT);
    this.update(recording, { teleport: this.teleport, previous, sums: this.sums, next, delta: this.delta }, updateParams(this.n, this.#steps, this.#damping, this.#tolerance));
    this.#steps += 1;
    this.reduce(recording, this.delta, slotOf(this.#steps));
    this.current = 1 - this.current;
  }

  /** y = Pᵀx. */
  protected abstract product(recording: R, x: B, y: B): void;
  /** sums[slot] = Σ source[0..n). */
  protected abstract reduce(recording: R, source: B, slot: number): void;
  /** `vec_pagerank_update` over every vertex. */
  protected abstract update(recording: R, buffers: UpdateBuffers<B>, params: Uint32Array): void;
}
