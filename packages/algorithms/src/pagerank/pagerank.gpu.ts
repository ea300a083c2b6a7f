import { dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { VectorReduction } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { transitionTranspose, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';
import {
  checkStep,
  F32_MAX,
  FIRST_RESIDUAL,
  leastF32AtLeast,
  RESIDUAL_SLOTS,
  ringResiduals,
  slotOf,
  SUM_OF_PRODUCT,
  updateParams,
  type PagerankSteps,
} from './pagerank.steps.js';

/**
 * PageRank's state on the GPU: Pᵀ in an {@link SpmvRunner}, two rank vectors used in turn, the teleport
 * vector, per-element changes and the f32 sums (a two-pass `vec_reduce`, fixed order) with every step's
 * residual. `encodeStep` records one iteration (six dispatches, no read-back); the host reads residuals only
 * when it chooses to, and steps after the first converged one change nothing.
 */
export class PagerankState implements PagerankSteps {
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
    checkStep(this.#steps, this.maxIterations);
    const previous = this.#ranks[this.#current];
    const next = this.#ranks[1 - this.#current];
    this.#runner.encode(batch, { x: previous, y: next });
    this.#sum.encode(batch, next, this.n, this.#sums, SUM_OF_PRODUCT);
    batch.dispatch(this.#update, {
      buffers: { teleport: this.#teleport, previous, sums: this.#sums, next, delta: this.#delta },
      params: updateParams(this.n, this.#steps, this.#damping, this.#tolerance),
      workgroups: dispatchGrid(this.#update.spec, this.n),
    });
    this.#steps += 1;
    this.#sum.encode(batch, this.#delta, this.n, this.#sums, slotOf(this.#steps));
    this.#current = 1 - this.#current;
  }

  /** Records steps up to `last` in one batch and submits it. */
  async runTo(last: number): Promise<number | undefined> {
    const batch = this.#device.batch({ label: `pagerank ${this.#steps + 1}..${last}` });
    while (this.#steps < last) this.encodeStep(batch);
    return (await batch.submit()).gpuTimeMs;
  }

  async residuals(first: number, last: number): Promise<Float32Array> {
    return ringResiduals(await this.#device.read(this.#sums, Float32Array, FIRST_RESIDUAL * 4, RESIDUAL_SLOTS), first, last, this.#steps);
  }

  get format(): SpmvFormat {
    return this.#runner.plan.format;
  }

  ranks(): Promise<Float32Array> {
    return this.#device.read(this.#ranks[this.#current], Float32Array, 0, this.n);
  }

  destroy(): void {
    this.#runner.destroy();
    this.#sum.destroy();
    for (const b of [...this.#ranks, this.#teleport, this.#delta, this.#sums]) b.destroy();
  }
}

