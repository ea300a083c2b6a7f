import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { PAGERANK_WORKGROUP, SUM_KERNEL, UPDATE_KERNEL } from './pagerank.kernels.js';
import { transitionTranspose, type PagerankSettings } from './pagerank.input.js';

/** Slots of the `sums` buffer: Σ Pᵀr, then the residual, in one of two slots so that one submit can run while the host reads the other's. */
const SUM_OF_PRODUCT = 0;
const RESIDUAL = 1;

/** Which of the two residual slots a step writes. */
export type ResidualSlot = 0 | 1;

/**
 * PageRank's state on the GPU: Pᵀ in an {@link SpmvRunner}, two rank vectors used in turn, the teleport
 * vector, per-element changes and the reduction scratch. `encodeStep` records one iteration (six
 * dispatches, no read-back); the host reads the residual only when it chooses to.
 */
export class PagerankState {
  readonly n: number;
  readonly #runner: SpmvRunner;
  readonly #device: Device;
  readonly #ranks: [GPUBuffer, GPUBuffer];
  readonly #teleport: GPUBuffer;
  readonly #delta: GPUBuffer;
  readonly #partials: GPUBuffer;
  readonly #sums: GPUBuffer;
  readonly #damping: number;
  /** Index in #ranks of the vector holding the latest ranks. */
  #current = 0;

  private constructor(device: Device, runner: SpmvRunner, buffers: GPUBuffer[], damping: number) {
    this.#device = device;
    this.#runner = runner;
    this.n = runner.n;
    const [r0, r1, teleport, delta, partials, sums] = buffers;
    this.#ranks = [r0, r1];
    this.#teleport = teleport;
    this.#delta = delta;
    this.#partials = partials;
    this.#sums = sums;
    this.#damping = damping;
  }

  /** Builds Pᵀ, plans its product and uploads everything, ranks starting uniform. Needs n ≥ 1. */
  static async create(device: Device, graph: Csr, settings: PagerankSettings, format: SpmvFormat | 'auto'): Promise<PagerankState> {
    const n = graph.n;
    const runner = await SpmvRunner.create(device, transitionTranspose(graph), { semiring: 'plus-times', type: 'f32', format });
    const buffers: GPUBuffer[] = [];
    try {
      const store = async (label: string, data: Float32Array) => buffers.push(await device.createStorage(label, data));
      await store('pagerank.ranks.0', new Float32Array(n).fill(1 / n));
      await store('pagerank.ranks.1', new Float32Array(n));
      await store('pagerank.teleport', Float32Array.from(settings.teleport));
      await store('pagerank.delta', new Float32Array(n));
      await store('pagerank.partials', new Float32Array(PAGERANK_WORKGROUP));
      await store('pagerank.sums', new Float32Array(4));
      return new PagerankState(device, runner, buffers, settings.damping);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) b.destroy();
      throw e;
    }
  }

  /** Records r' = d·Pᵀr + (1 − d·Σ Pᵀr)·p and the L1 residual ‖r' − r‖₁ into residual slot `slot`. */
  encodeStep(batch: DispatchBatch, slot: ResidualSlot): void {
    const previous = this.#ranks[this.#current];
    const next = this.#ranks[1 - this.#current];
    this.#runner.encode(batch, { x: previous, y: next });
    this.#encodeSum(batch, next, SUM_OF_PRODUCT);
    const params = new Uint32Array([this.n, 0]);
    new Float32Array(params.buffer)[1] = this.#damping;
    batch.dispatch(UPDATE_KERNEL, {
      buffers: { teleport: this.#teleport, previous, sums: this.#sums, next, delta: this.#delta },
      params,
      // The update may use every workgroup the device allows; only the sums are held to PAGERANK_WORKGROUP partials.
      workgroups: [Math.min(this.#device.limits.maxComputeWorkgroupsPerDimension, Math.ceil(this.n / PAGERANK_WORKGROUP))],
    });
    this.#encodeSum(batch, this.#delta, RESIDUAL + slot);
    this.#current = 1 - this.#current;
  }

  /** The residual in `slot`, once the GPU has run the steps submitted before this call that write it. */
  async residual(slot: ResidualSlot): Promise<number> {
    return (await this.#device.read(this.#sums, Float32Array, (RESIDUAL + slot) * 4, 1))[0];
  }

  /** The latest ranks. */
  ranks(): Promise<Float32Array> {
    return this.#device.read(this.#ranks[this.#current], Float32Array, 0, this.n);
  }

  destroy(): void {
    this.#runner.destroy();
    for (const b of [...this.#ranks, this.#teleport, this.#delta, this.#partials, this.#sums]) b.destroy();
  }

  /** sums[slot] = Σ source: at most PAGERANK_WORKGROUP partials (the kernel strides), then one workgroup over them. */
  #encodeSum(batch: DispatchBatch, source: GPUBuffer, slot: number): void {
    const groups = Math.min(PAGERANK_WORKGROUP, Math.ceil(this.n / PAGERANK_WORKGROUP));
    batch.dispatch(SUM_KERNEL, { buffers: { src: source, dst: this.#partials }, params: new Uint32Array([this.n, 0]), workgroups: [groups] });
    batch.dispatch(SUM_KERNEL, { buffers: { src: this.#partials, dst: this.#sums }, params: new Uint32Array([groups, slot]), workgroups: [1] });
  }
}
