import { dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { VectorReduction } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { transitionTranspose, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';

/**
 * The `sums` buffer: Σ Pᵀr at 0, then the residual of step k at 1 + k mod {@link RESIDUAL_SLOTS}. Step 0 (the
 * uniform start) holds the largest f32, so that step 1 runs; a step whose predecessor's residual is below the
 * tolerance keeps the ranks (see `vec_pagerank_update`), so the host may read the residuals late.
 */
const SUM_OF_PRODUCT = 0;
const FIRST_RESIDUAL = 1;
/** Residuals kept: the host reads them at least every RESIDUAL_SLOTS − 1 steps. */
export const RESIDUAL_SLOTS = 1024;
const F32_MAX = 3.4028234663852886e38;
const slotOf = (step: number) => FIRST_RESIDUAL + (step % RESIDUAL_SLOTS);

/**
 * PageRank's state on the GPU: Pᵀ in an {@link SpmvRunner}, two rank vectors used in turn, the teleport
 * vector, per-element changes and the f32 sums (a two-pass `vec_reduce`, fixed order) with every step's
 * residual. `encodeStep` records one iteration (six dispatches, no read-back); the host reads residuals only
 * when it chooses to, and steps after the first converged one change nothing.
 */
export class PagerankState {
  readonly n: number;
  readonly #runner: SpmvRunner;
  readonly #device: Device;
  readonly #sum: VectorReduction;
  readonly #update: GeneratedKernel;
  readonly #ranks: [GPUBuffer, GPUBuffer];
  readonly #teleport: GPUBuffer;
  readonly #delta: GPUBuffer;
  readonly #sums: GPUBuffer;
  readonly #damping: number;
  readonly #tolerance: number;
  readonly maxIterations: number;
  /** Index in #ranks of the vector holding the latest ranks. */
  #current = 0;
  /** Steps recorded since the last restart. */
  #steps = 0;

  private constructor(device: Device, runner: SpmvRunner, sum: VectorReduction, buffers: GPUBuffer[], settings: PagerankSettings) {
    this.#device = device;
    this.#runner = runner;
    this.n = runner.n;
    this.#sum = sum;
    this.#update = kernelFor(pagerankSpecs().update);
    const [r0, r1, teleport, delta, sums] = buffers;
    this.#ranks = [r0, r1];
    this.#teleport = teleport;
    this.#delta = delta;
    this.#sums = sums;
    this.#damping = settings.damping;
    this.#tolerance = leastF32AtLeast(settings.tolerance);
    this.maxIterations = settings.maxIterations;
  }

  /** Builds Pᵀ, plans its product and uploads everything, ranks starting uniform. Needs n ≥ 1. */
  static async create(device: Device, graph: Csr, settings: PagerankSettings, format: SpmvFormat | 'auto'): Promise<PagerankState> {
    const n = graph.n;
    const runner = await SpmvRunner.create(device, transitionTranspose(graph), { semiring: 'plus-times', type: 'f32', format });
    const buffers: GPUBuffer[] = [];
    let sum: VectorReduction | undefined;
    try {
      sum = await VectorReduction.create(device, pagerankSpecs().sum);
      const store = async (label: string, data: Float32Array) => buffers.push(await device.createStorage(label, data));
      await store('pagerank.ranks.0', new Float32Array(n).fill(1 / n));
      await store('pagerank.ranks.1', new Float32Array(n));
      await store('pagerank.teleport', Float32Array.from(settings.teleport));
      await store('pagerank.delta', new Float32Array(n));
      await store('pagerank.sums', new Float32Array(FIRST_RESIDUAL + RESIDUAL_SLOTS));
      return new PagerankState(device, runner, sum, buffers, settings);
    } catch (e) {
      runner.destroy();
      sum?.destroy();
      for (const b of buffers) b.destroy();
      throw e;
    }
  }

  /** Starts again from uniform ranks and step 0 (the other buffers are written before they are read by every step). */
  restart(): void {
    this.#current = 0;
    this.#steps = 0;
    this.#device.upload(this.#ranks[0], new Float32Array(this.n).fill(1 / this.n));
    this.#device.upload(this.#sums, Float32Array.of(F32_MAX), slotOf(0) * 4);
  }

  /** Steps recorded since the last restart. */
  get steps(): number {
    return this.#steps;
  }

  /**
   * Records step k + 1 (up to maxIterations): r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p and its L1 residual ‖r' − r‖₁, or,
   * when step k's residual was below the tolerance, r' = r and residual 0.
   */
  encodeStep(batch: DispatchBatch): void {
    if (this.#steps >= this.maxIterations) throw new RangeError(`pagerank: step ${this.#steps + 1} is past maxIterations = ${this.maxIterations}`);
    const previous = this.#ranks[this.#current];
    const next = this.#ranks[1 - this.#current];
    this.#runner.encode(batch, { x: previous, y: next });
    this.#sum.encode(batch, next, this.n, this.#sums, SUM_OF_PRODUCT);
    // Params { n, offset: step k's residual, damping, tolerance }: the last two as f32 bits.
    const params = new Uint32Array([this.n, slotOf(this.#steps), 0, 0]);
    new Float32Array(params.buffer).set([this.#damping, this.#tolerance], 2);
    batch.dispatch(this.#update, {
      buffers: { teleport: this.#teleport, previous, sums: this.#sums, next, delta: this.#delta },
      params,
      workgroups: dispatchGrid(this.#update.spec, this.n),
    });
    this.#steps += 1;
    this.#sum.encode(batch, this.#delta, this.n, this.#sums, slotOf(this.#steps));
    this.#current = 1 - this.#current;
  }

  /**
   * The residuals of steps first … last (1-based, at most {@link RESIDUAL_SLOTS} − 1 of them before the last
   * recorded), once the GPU has run the steps submitted before this call.
   */
  async residuals(first: number, last: number): Promise<Float32Array> {
    if (last > this.#steps || first < 1 || this.#steps - first >= RESIDUAL_SLOTS - 1) {
      throw new RangeError(`pagerank: residuals of steps ${first}…${last} are not kept after step ${this.#steps} (the last ${RESIDUAL_SLOTS - 1} are)`);
    }
    const ring = await this.#device.read(this.#sums, Float32Array, FIRST_RESIDUAL * 4, RESIDUAL_SLOTS);
    return Float32Array.from({ length: last - first + 1 }, (_, i) => ring[(first + i) % RESIDUAL_SLOTS]);
  }

  /** The format of the product with Pᵀ (the automatic choice when asked for 'auto'). */
  get format(): SpmvFormat {
    return this.#runner.plan.format;
  }

  /** The latest ranks. */
  ranks(): Promise<Float32Array> {
    return this.#device.read(this.#ranks[this.#current], Float32Array, 0, this.n);
  }

  destroy(): void {
    this.#runner.destroy();
    this.#sum.destroy();
    for (const b of [...this.#ranks, this.#teleport, this.#delta, this.#sums]) b.destroy();
  }
}

/**
 * The least f32 ≥ t (at most the largest f32): an f32 residual r is below t exactly when it is below this, so
 * the GPU's test (in f32) and the host's (in f64) agree on the step that converged.
 */
function leastF32AtLeast(t: number): number {
  const f = Math.fround(t);
  if (f >= t) return Math.min(f, F32_MAX);
  const next = Float32Array.of(f);
  new Uint32Array(next.buffer)[0] += 1; // f ≥ 0 here: the next larger f32
  return next[0];
}
