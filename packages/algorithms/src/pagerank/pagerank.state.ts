import { dispatchGrid } from '@semiforge/codegen';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { PagerankSettings } from './pagerank.input.js';
import { PAGERANK_WORKGROUP, pagerankSpecs } from './pagerank.specs.js';
import { checkStep, F32_MAX, FIRST_RESIDUAL, leastF32AtLeast, RESIDUAL_SLOTS, SLOT_WORDS, slotOf, totalsPass, updateParams, type PagerankSteps, type QueuedSteps } from './pagerank.steps.js';

/** Step 0 as every backend writes it before a run. */
export interface StartVectors {
  readonly ranks: Float32Array;
  /** The first product's x. */
  readonly scaled: Float32Array;
  /** Step 0's slot of the `sums` ring: the largest f32 for its residual (so that step 1 runs), and its dangling mass. */
  readonly slot: Float32Array;
}

/**
 * Step 0: uniform ranks, the first product's x = ranks / outdeg (0 where a vertex dangles), rounded as the
 * update's f32 division rounds it, and their dangling mass (Σ of the ranks over the vertices with no out-arcs).
 */
export function startVectors(outDegree: Uint32Array): StartVectors {
  const r = Math.fround(1 / outDegree.length);
  let dangling = 0;
  for (const d of outDegree) if (d === 0) dangling += r;
  return { ranks: new Float32Array(outDegree.length).fill(r), scaled: Float32Array.from(outDegree, (d) => (d > 0 ? r / d : 0)), slot: Float32Array.of(F32_MAX, dangling) };
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
    // |Δ| partials, then dangling-mass partials; those past the update's grid stay 0 (see `totalsPass`).
    ['pagerank.delta_partials', new Float32Array(2 * PAGERANK_WORKGROUP)],
    ['pagerank.sums', new Float32Array(FIRST_RESIDUAL + SLOT_WORDS * RESIDUAL_SLOTS)],
    ['pagerank.out_degree', outDegree],
    ['pagerank.scaled', start.scaled],
  ];
}

/** Where a fold product leaves its folded rows' extra pieces (`SpmvRunner.extraPieces`), on the device. */
export interface ExtraPieceBuffers<B> {
  /** n + 1 offsets: row i's extra pieces are partial[rowExtra[i] … rowExtra[i + 1]). */
  readonly rowExtra: B;
  readonly partial: B;
}

/**
 * The buffers `vec_pagerank_update` binds, by binding name (and `vec_pagerank_update_folded`, with the extra
 * pieces'). A type, not an interface, so that it is a record of buffers as a WebGPU dispatch takes them.
 */
export type UpdateBuffers<B> = Partial<ExtraPieceBuffers<B>> & {
  readonly teleport: B;
  readonly previous: B;
  readonly sums: B;
  readonly next: B;
  readonly deltaParts: B;
  readonly outDegree: B;
  readonly scaled: B;
};

/**
 * A step of PageRank as every backend records it, over buffers of type `B` into a recording of type `R` (a
 * WebGPU batch, or nothing on CUDA's stream): r' = d·Pᵀr + ((1 − d) + d·D)·p, with D r's dangling mass (Σ r over
 * the vertices with no out-arcs; for Σ r = 1 it is 1 − Σ Pᵀr, since Σ_i (Pᵀr)_i = Σ_j outdeg_j·r_j / outdeg_j
 * over the others, so this is r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p), and its L1 residual ‖r' − r‖₁, or, when step k's
 * residual was below the tolerance, r' = r and residual 0. Pᵀr is the product of Aᵀ's pattern with `scaled` =
 * r / outdeg, which the update writes beside r' (see `transitionPattern`). Two launches besides the product: the
 * update (which leaves the partials of |r' − r| and of r''s dangling mass) and one pass totalling both into the
 * step's slot of the ring, so no sum over Pᵀr and no n-long change vector. A fold product runs without its
 * combine step: the update adds each folded row's extra pieces itself (`vec_pagerank_update_folded`).
 * A backend gives the product, the sum pass and the update's launch, and reads and frees its buffers.
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
  /** The update's workgroup partials: of the step's |r' − r|, then of r''s dangling mass. */
  protected readonly deltaParts: B;
  /** A fold product's extra pieces, which the update adds (the product then runs without its combine step). */
  protected readonly extraPieces: ExtraPieceBuffers<B> | undefined;
  /** The ring of residuals (see {@link FIRST_RESIDUAL}). */
  protected readonly sums: B;
  /** Out-degrees (u32), and the latest ranks divided by them: the product's x. */
  protected readonly outDegree: B;
  protected readonly scaled: B;
  /** The out-degrees on the host, for each restart's {@link startVectors}. */
  readonly #outDegreeHost: Uint32Array;
  readonly #damping: number;
  readonly #tolerance: number;
  /** The update's grid (vec_reduce's first pass over n): at most PAGERANK_WORKGROUP workgroups. */
  readonly #grid: [number, number, number];
  /** The update's buffers for each value of `current` (the ranks it reads from rankVectors[current]), made once. */
  readonly #updateBuffers: readonly [UpdateBuffers<B>, UpdateBuffers<B>];
  /** The update's and the totals pass's params, rewritten for each step: every backend copies them as it records it. */
  readonly #updateParams = new Uint32Array(4);
  readonly #totalsParams = new Uint32Array(2);
  /** Index in rankVectors of the vector holding the latest ranks. */
  protected current = 0;
  #steps = 0;

  /** `buffers`: the vectors of {@link initialVectors} for these out-degrees, in its order. */
  protected constructor(outDegrees: Uint32Array, buffers: readonly B[], settings: PagerankSettings, extraPieces?: ExtraPieceBuffers<B>) {
    this.n = outDegrees.length;
    this.#outDegreeHost = outDegrees;
    this.extraPieces = extraPieces;
    this.#grid = dispatchGrid(pagerankSpecs().update, this.n);
    const [r0, r1, teleport, deltaParts, sums, outDegree, scaled] = buffers;
    this.outDegree = outDegree;
    this.scaled = scaled;
    this.rankVectors = [r0, r1];
    this.teleport = teleport;
    this.deltaParts = deltaParts;
    this.sums = sums;
    const updateBuffers = (previous: B, next: B): UpdateBuffers<B> => ({ teleport, previous, sums, next, deltaParts, outDegree, scaled, ...extraPieces });
    this.#updateBuffers = [updateBuffers(r0, r1), updateBuffers(r1, r0)];
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
   * Back to step 0 on the host's side; returns the vectors the backend writes into `rankVectors[0]`, `scaled`
   * and step 0's slot of `sums`.
   */
  protected resetSteps(): StartVectors {
    this.current = 0;
    this.#steps = 0;
    return startVectors(this.#outDegreeHost);
  }

  /** Records step k + 1 (up to maxIterations) into `recording`. */
  protected recordStep(recording: R): void {
    checkStep(this.#steps, this.maxIterations);
    this.product(recording, this.scaled, this.rankVectors[1 - this.current]);
    const params = updateParams(this.n, this.#steps, this.#damping, this.#tolerance, this.#updateParams);
    this.update(recording, this.#updateBuffers[this.current], params, this.#grid);
    this.sumPass(recording, this.deltaParts, this.sums, totalsPass(this.#steps, this.#totalsParams));
    this.#steps += 1;
    this.current = 1 - this.current;
  }

  /**
   * y = Aᵀx on Aᵀ's pattern (x: the ranks divided by the out-degrees, so y = Pᵀr); with {@link extraPieces},
   * without the fold's combine step (the update adds the extra pieces).
   */
  protected abstract product(recording: R, x: B, y: B): void;
  /** One pass of `vec_reduce` from `src` into `dst` (see `totalsPass`). */
  protected abstract sumPass(recording: R, src: B, dst: B, pass: ReductionPass): void;
  /** `vec_pagerank_update` over every vertex (`_folded` with {@link extraPieces}), on the grid of `vec_reduce`'s first pass. */
  protected abstract update(recording: R, buffers: UpdateBuffers<B>, params: Uint32Array, grid: [number, number, number]): void;
}
