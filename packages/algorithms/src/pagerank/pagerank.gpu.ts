import { dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { VectorReduction } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { transitionTranspose, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';

/** Slots of the `sums` buffer: Σ Pᵀr, then the residual, in one of two slots so that one submit can run while the host reads the other's. */
const SUM_OF_PRODUCT = 0;
const RESIDUAL = 1;

/** Which of the two residual slots a step writes. */
export type ResidualSlot = 0 | 1;

/**
 * PageRank's state on the GPU: Pᵀ in an {@link SpmvRunner}, two rank vectors used in turn, the teleport
 * vector, per-element changes and the f32 sum (a two-pass `vec_reduce`, fixed order). `encodeStep`
 * records one iteration (six dispatches, no read-back); the host reads the residual only when it chooses to.
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
  /** Index in #ranks of the vector holding the latest ranks. */
  #current = 0;

  private constructor(device: Device, runner: SpmvRunner, sum: VectorReduction, buffers: GPUBuffer[], damping: number) {
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
    this.#damping = damping;
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
      await store('pagerank.sums', new Float32Array(4));
      return new PagerankState(device, runner, sum, buffers, settings.damping);
    } catch (e) {
      runner.destroy();
      sum?.destroy();
      for (const b of buffers) b.destroy();
      throw e;
    }
  }

  /** Starts again from uniform ranks (the other buffers are written before they are read by every step). */
  restart(): void {
    this.#current = 0;
    this.#device.upload(this.#ranks[0], new Float32Array(this.n).fill(1 / this.n));
  }

  /** Records r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p and the L1 residual ‖r' − r‖₁ into residual slot `slot`. */
  encodeStep(batch: DispatchBatch, slot: ResidualSlot): void {
    const previous = this.#ranks[this.#current];
    const next = this.#ranks[1 - this.#current];
    this.#runner.encode(batch, { x: previous, y: next });
    this.#sum.encode(batch, next, this.n, this.#sums, SUM_OF_PRODUCT);
    // Params { n, offset, damping }: the damping as f32 bits.
    const params = new Uint32Array([this.n, 0, 0]);
    new Float32Array(params.buffer)[2] = this.#damping;
    batch.dispatch(this.#update, {
      buffers: { teleport: this.#teleport, previous, sums: this.#sums, next, delta: this.#delta },
      params,
      workgroups: dispatchGrid(this.#update.spec, this.n),
    });
    this.#sum.encode(batch, this.#delta, this.n, this.#sums, RESIDUAL + slot);
    this.#current = 1 - this.#current;
  }

  /** The residual in `slot`, once the GPU has run the steps submitted before this call that write it. */
  async residual(slot: ResidualSlot): Promise<number> {
    return (await this.#device.read(this.#sums, Float32Array, (RESIDUAL + slot) * 4, 1))[0];
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
