import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { MapMode, type Device, type DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat, SpmvKernelOptions } from '../spmv/spmv.plan.js';
import { transitionPattern, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';
import { initialVectors, PagerankStepper, type UpdateBuffers } from './pagerank.state.js';
import { F32_MAX, FIRST_RESIDUAL, RESIDUAL_SLOTS, ringResiduals, slotOf } from './pagerank.steps.js';

/**
 * PageRank's state on the GPU: Pᵀ's pattern in an {@link SpmvRunner}, two rank vectors used in turn, the
 * out-degrees and the ranks divided by them (the product's x), the teleport vector, the f32 sums' workgroup
 * partials (`vec_reduce`, fixed order) and every step's residual. `encodeStep` records one iteration (the
 * product's dispatches and three more, no read-back); steps after the first converged one change nothing.
 * Each `runTo` ends its submit with a copy of the residual ring into a mappable buffer, so that reading the
 * residuals afterwards is one map, not another submit.
 */
export class PagerankState extends PagerankStepper<GPUBuffer, DispatchBatch> {
  readonly #runner: SpmvRunner;
  readonly #device: Device;
  readonly #sum: GeneratedKernel;
  readonly #update: GeneratedKernel;
  /** The residual ring as the last `runTo` left it (RESIDUAL_SLOTS f32). */
  readonly #residualReadback: GPUBuffer;
  readonly #own: GPUBuffer[];

  private constructor(device: Device, runner: SpmvRunner, outDegree: Uint32Array, buffers: GPUBuffer[], residualReadback: GPUBuffer, settings: PagerankSettings) {
    super(outDegree, buffers, settings);
    this.#device = device;
    this.#runner = runner;
    this.#sum = kernelFor(pagerankSpecs().sum);
    this.#update = kernelFor(pagerankSpecs().update);
    this.#residualReadback = residualReadback;
    this.#own = [...buffers, residualReadback];
  }

  /** Builds Pᵀ's pattern, plans its product and uploads everything, ranks starting uniform. Needs n ≥ 1. */
  static async create(device: Device, graph: Csr, settings: PagerankSettings, product: Pick<SpmvKernelOptions, 'format' | 'reorder'>): Promise<PagerankState> {
    const { transpose, outDegree } = transitionPattern(graph);
    const runner = await SpmvRunner.create(device, transpose, { ...product, semiring: 'plus-times', type: 'f32' });
    const buffers: GPUBuffer[] = [];
    let residualReadback: GPUBuffer | undefined;
    try {
      for (const [label, data] of initialVectors(outDegree, settings)) buffers.push(await device.createStorage(label, data));
      residualReadback = await device.createBuffer('pagerank.residuals (readback)', RESIDUAL_SLOTS * 4, 'readback');
      return new PagerankState(device, runner, outDegree, buffers, residualReadback, settings);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) b.destroy();
      residualReadback?.destroy();
      throw e;
    }
  }

  /** Starts again from uniform ranks and step 0 (the other buffers are written before they are read by every step). */
  restart(): void {
    const start = this.resetSteps();
    this.#device.upload(this.rankVectors[0], start.ranks);
    this.#device.upload(this.scaled, start.scaled);
    this.#device.upload(this.sums, Float32Array.of(F32_MAX), slotOf(0) * 4);
  }

  /** Records step k + 1 (up to maxIterations) into `batch`; see {@link PagerankStepper}. */
  encodeStep(batch: DispatchBatch): void {
    this.recordStep(batch);
  }

  /** Records steps up to `last` in one batch, then the copy of the residual ring out, and submits it. */
  async runTo(last: number): Promise<number | undefined> {
    const batch = this.#device.batch({ label: `pagerank ${this.steps + 1}..${last}` });
    while (this.steps < last) this.encodeStep(batch);
    batch.copy(this.sums, this.#residualReadback, RESIDUAL_SLOTS * 4, FIRST_RESIDUAL * 4);
    return (await batch.submit()).gpuTimeMs;
  }

  /** Maps the ring the last `runTo` copied out: no submit of its own. */
  async residuals(first: number, last: number): Promise<Float32Array> {
    await this.#residualReadback.mapAsync(MapMode.READ);
    try {
      return ringResiduals(new Float32Array(this.#residualReadback.getMappedRange()), first, last, this.steps);
    } finally {
      this.#residualReadback.unmap();
    }
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
    for (const b of this.#own) b.destroy();
    this.#own.length = 0;
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
