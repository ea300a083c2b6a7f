import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { MapMode, storageBindingCount, type BatchResult, type Device, type DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import { SpmvRunner } from '../spmv/spmv.runner.js';
import type { SpmvFormat, SpmvKernelOptions } from '../spmv/spmv.plan.js';
import { transitionPattern, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';
import { initialVectors, PagerankStepper, type ExtraPieceBuffers, type UpdateBuffers } from './pagerank.state.js';
import { checkGroup, FIRST_RESIDUAL, RING_BYTES, ringResiduals, slotOf, type QueuedSteps, type StepsFinished } from './pagerank.steps.js';

/**
 * PageRank's state on the GPU: Pᵀ's pattern in an {@link SpmvRunner}, two rank vectors used in turn, the
 * out-degrees and the ranks divided by them (the product's x), the teleport vector, the f32 sums' workgroup
 * partials (`vec_reduce`, fixed order) and every step's residual and dangling mass. `encodeStep` records one
 * iteration (the product's dispatches, its fold combine left to the update, and two more: three dispatches a
 * step on the power-law path; no read-back); steps after the first converged one change nothing.
 * `queueTo` sends a group of steps in submits of a few steps, each on the queue before the next is recorded,
 * and ends the group with a copy of the residual ring into a mappable buffer of its own, so that reading its
 * residuals afterwards is one map, not another submit, and later groups may be queued before it is read.
 */
export class PagerankState extends PagerankStepper<GPUBuffer, DispatchBatch> {
  readonly #runner: SpmvRunner;
  readonly #device: Device;
  readonly #sum: GeneratedKernel;
  readonly #update: GeneratedKernel;
  readonly #own: GPUBuffer[];
  /** Mappable copies of the residual ring (RING_BYTES each), one per group queued and not yet read. */
  readonly #readbacks: GPUBuffer[] = [];
  /** Those no group is waiting to be read from. */
  #free: GPUBuffer[] = [];
  /** Restarts so far: a group queued before the latest one has let its copy go. */
  #restarts = 0;

  private constructor(device: Device, runner: SpmvRunner, outDegree: Uint32Array, buffers: GPUBuffer[], settings: PagerankSettings, extraPieces?: ExtraPieceBuffers<GPUBuffer>) {
    super(outDegree, buffers, settings, extraPieces);
    this.#device = device;
    this.#runner = runner;
    const specs = pagerankSpecs();
    this.#sum = kernelFor(specs.sum);
    this.#update = kernelFor(extraPieces ? specs.updateFolded : specs.update);
    this.#own = buffers;
  }

  /** Builds Pᵀ's pattern, plans its product and uploads everything, ranks starting uniform. Needs n ≥ 1. */
  static async create(device: Device, graph: Csr, settings: PagerankSettings, product: Pick<SpmvKernelOptions, 'format' | 'reorder' | 'localFold'>): Promise<PagerankState> {
    const { transpose, outDegree } = transitionPattern(graph);
    const runner = await SpmvRunner.create(device, transpose, { ...product, semiring: 'plus-times', type: 'f32' });
    const buffers: GPUBuffer[] = [];
    try {
      for (const [label, data] of initialVectors(outDegree, settings)) buffers.push(await device.createStorage(label, data));
      // The folded update binds two buffers more (9 storage bindings); a device allowing fewer keeps the combine step.
      const fits = storageBindingCount(kernelFor(pagerankSpecs().updateFolded)) <= device.limits.maxStorageBuffersPerShaderStage;
      const extras = fits ? runner.extraPieces : undefined;
      let extraPieces: ExtraPieceBuffers<GPUBuffer> | undefined;
      if (extras) {
        const rowExtra = await device.createStorage('pagerank.row_extra', extras.rowExtra);
        buffers.push(rowExtra);
        extraPieces = { rowExtra, partial: extras.partial };
      }
      return new PagerankState(device, runner, outDegree, buffers, settings, extraPieces);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) b.destroy();
      throw e;
    }
  }

  /** Starts again from uniform ranks and step 0 (the other buffers are written before they are read by every step). */
  restart(): void {
    const start = this.resetSteps();
    this.#device.upload(this.rankVectors[0], start.ranks);
    this.#device.upload(this.scaled, start.scaled);
    this.#device.upload(this.sums, start.slot, slotOf(0) * 4);
    // Copies queued and not read still come before anything queued from now on; none is being mapped.
    this.#free = [...this.#readbacks];
    this.#restarts += 1;
  }

  /** Records step k + 1 (up to maxIterations) into `batch`; see {@link PagerankStepper}. */
  encodeStep(batch: DispatchBatch): void {
    this.recordStep(batch);
  }

  /**
   * Records steps up to `last` into submits of `submitEvery` steps, enqueuing each before recording the next
   * (the GPU starts on the first while the host records the rest), the last ending with the copy of the
   * residual ring out.
   */
  async queueTo(last: number, submitEvery: number): Promise<QueuedSteps> {
    const startedAt = performance.now();
    checkGroup(this.steps, last);
    const first = this.steps + 1;
    const readback = this.#free.pop() ?? (await this.#newReadback());
    const sent: Promise<BatchResult>[] = [];
    let recordMs = 0;
    while (this.steps < last) {
      const recording = performance.now();
      const end = Math.min(last, this.steps + submitEvery);
      const batch = this.#device.batch({ label: `pagerank ${this.steps + 1}..${end}` });
      while (this.steps < end) this.encodeStep(batch);
      if (end === last) batch.copy(this.sums, readback, RING_BYTES, FIRST_RESIDUAL * 4);
      recordMs += performance.now() - recording;
      sent.push((await batch.enqueue()).done);
    }
    const queuedAt = performance.now();
    const finished: Promise<StepsFinished> = Promise.all(sent).then((results) => {
      const endedAt = performance.now();
      const encodeMs = results.reduce((t, r) => t + r.encodeMs, 0);
      const times = results.map((r) => r.gpuTimeMs);
      return times.every((t) => t !== undefined) ? { endedAt, encodeMs, gpuMs: times.reduce((t, ms) => t + ms, 0) } : { endedAt, encodeMs };
    });
    // Awaited when the loop reads these steps or ends; a failure must not count as unhandled before that.
    finished.catch(() => undefined);
    const restarts = this.#restarts;
    let read = false;
    return {
      first,
      last,
      queueSubmits: sent.length,
      recordMs,
      startedAt,
      queuedAt,
      finished: () => finished,
      residuals: async () => {
        if (read || restarts !== this.#restarts) throw new Error(`pagerank: the residuals of steps ${first}…${last} were already read or let go by a restart`);
        read = true;
        await finished;
        await readback.mapAsync(MapMode.READ);
        try {
          return ringResiduals(new Float32Array(readback.getMappedRange()), first, last, last);
        } finally {
          readback.unmap();
          this.#free.push(readback);
        }
      },
    };
  }

  async #newReadback(): Promise<GPUBuffer> {
    const buffer = await this.#device.createBuffer('pagerank.residuals (readback)', RING_BYTES, 'readback');
    this.#readbacks.push(buffer);
    return buffer;
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
    for (const b of [...this.#own, ...this.#readbacks]) b.destroy();
    this.#own.length = 0;
    this.#readbacks.length = 0;
    this.#free = [];
  }

  protected product(batch: DispatchBatch, x: GPUBuffer, y: GPUBuffer): void {
    this.#runner.encode(batch, { x, y }, { combine: this.extraPieces === undefined });
  }

  protected sumPass(batch: DispatchBatch, src: GPUBuffer, dst: GPUBuffer, pass: ReductionPass): void {
    batch.dispatch(this.#sum, { buffers: { src, dst }, params: pass.params, workgroups: pass.grid });
  }

  protected update(batch: DispatchBatch, buffers: UpdateBuffers<GPUBuffer>, params: Uint32Array, grid: [number, number, number]): void {
    batch.dispatch(this.#update, { buffers, params, workgroups: grid });
  }
}
