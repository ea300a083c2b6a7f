import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat, SpmvKernelOptions } from '../spmv/spmv.plan.js';
import { transitionTranspose, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';
import { initialVectors, PagerankStepper, type UpdateBuffers } from './pagerank.state.js';
import { F32_MAX, FIRST_RESIDUAL, RESIDUAL_SLOTS, ringResiduals, slotOf } from './pagerank.steps.js';

/**
 * PageRank's state on the GPU: Pᵀ in an {@link SpmvRunner}, two rank vectors used in turn, the teleport
 * vector, the f32 sums' workgroup partials (`vec_reduce`, fixed order) and every step's residual. `encodeStep`
 * records one iteration (the product's dispatches and three more, no read-back); the host reads residuals only
 * when it chooses to, and steps after the first converged one change nothing.
 */
export class PagerankState extends PagerankStepper<GPUBuffer, DispatchBatch> {
  readonly #runner: SpmvRunner;
  readonly #device: Device;
  readonly #sum: GeneratedKernel;
  readonly #update: GeneratedKernel;

  private constructor(device: Device, runner: SpmvRunner, buffers: GPUBuffer[], settings: PagerankSettings) {
    super(runner.n, buffers, settings);
    this.#device = device;
    this.#runner = runner;
    this.#sum = kernelFor(pagerankSpecs().sum);
    this.#update = kernelFor(pagerankSpecs().update);
  }

  /** Builds Pᵀ, plans its product and uploads everything, ranks starting uniform. Needs n ≥ 1. */
  static async create(device: Device, graph: Csr, settings: PagerankSettings, product: Pick<SpmvKernelOptions, 'format' | 'reorder'>): Promise<PagerankState> {
    const runner = await SpmvRunner.create(device, transitionTranspose(graph), { ...product, semiring: 'plus-times', type: 'f32' });
    const buffers: GPUBuffer[] = [];
    try {
      for (const [label, data] of initialVectors(graph.n, settings)) buffers.push(await device.createStorage(label, data));
      return new PagerankState(device, runner, buffers, settings);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) b.destroy();
      throw e;
    }
  }

  /** Starts again from uniform ranks and step 0 (the other buffers are written before they are read by every step). */
  restart(): void {
    this.resetSteps();
    this.#device.upload(this.rankVectors[0], new Float32Array(this.n).fill(1 / this.n));
    this.#device.upload(this.sums, Float32Array.of(F32_MAX), slotOf(0) * 4);
  }

  /** Records step k + 1 (up to maxIterations) into `batch`; see {@link PagerankStepper}. */
  encodeStep(batch: DispatchBatch): void {
    this.recordStep(batch);
  }

  /** Records steps up to `last` in one batch and submits it. */
  async runTo(last: number): Promise<number | undefined> {
    const batch = this.#device.batch({ label: `pagerank ${this.steps + 1}..${last}` });
    while (this.steps < last) this.encodeStep(batch);
    return (await batch.submit()).gpuTimeMs;
  }

  async residuals(first: number, last: number): Promise<Float32Array> {
    return ringResiduals(await this.#device.read(this.sums, Float32Array, FIRST_RESIDUAL * 4, RESIDUAL_SLOTS), first, last, this.steps);
  }

  get format(): SpmvFormat {
    return this.#runner.plan.format;
  }

  get reordered(): boolean {
    return this.#runner.plan.reorder;
  }

  ranks(): Promise<Float32Array> {
    return this.#device.read(this.rankVectors[this.current], Float32Array, 0, this.n);
  }

  destroy(): void {
    this.#runner.destroy();
    for (const b of [...this.rankVectors, this.teleport, this.sumParts, this.deltaParts, this.sums]) b.destroy();
  }

  protected product(batch: DispatchBatch, x: GPUBuffer, y: GPUBuffer): void {
    this.#runner.encode(batch, { x, y });
  }

  protected sumPass(batch: DispatchBatch, src: GPUBuffer, dst: GPUBuffer, pass: ReductionPass): void {
    batch.dispatch(this.#sum, { buffers: { src, dst }, params: pass.params, workgroups: pass.grid });
  }

  protected update(batch: DispatchBatch, buffers: UpdateBuffers<GPUBuffer>, params: Uint32Array, grid: [number, number, number]): void {
    batch.dispatch(this.#update, { buffers: { ...buffers }, params, workgroups: grid });
  }
}
