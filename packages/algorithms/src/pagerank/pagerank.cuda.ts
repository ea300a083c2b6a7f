import type { Csr } from '@semiforge/graph-io';
import type { CudaBuffer, CudaDevice, CudaKernel, Handle, PinnedMemory, PreparedLaunch } from '@semiforge/runtime-cuda';
import { kernelFor } from '../kernels/kernel-source.js';
import type { ReductionPass } from '../kernels/vector-reduction.js';
import { CudaSpmvRunner } from '../spmv/spmv.cuda.js';
import type { SpmvFormat, SpmvKernelOptions } from '../spmv/spmv.plan.js';
import { transitionPattern, type PagerankSettings } from './pagerank.input.js';
import { pagerankSpecs } from './pagerank.specs.js';
import { initialVectors, PagerankStepper, type ExtraPieceBuffers, type UpdateBuffers } from './pagerank.state.js';
import { checkGroup, FIRST_RESIDUAL, RESIDUAL_SLOTS, RING_BYTES, ringResiduals, slotOf, SLOT_WORDS, type QueuedSteps, type StepsFinished } from './pagerank.steps.js';

/**
 * {@link PagerankState}'s twin on the CUDA backend: Pᵀ's pattern in a {@link CudaSpmvRunner}, the same update and
 * sum pass generated for `target: 'cuda'`, the same residual ring; each `queueTo` queues its steps on the
 * device's stream between two CUDA events, then an asynchronous copy of the ring into pinned memory of its own
 * and a fence, so that the host can read one group while the next runs. Every launch is prepared once
 * (checked, arguments packed) for each of the two parities of the rank vectors, and a step writes only its
 * parameters in place.
 */
export class CudaPagerankState extends PagerankStepper<CudaBuffer, void> {
  readonly #device: CudaDevice;
  readonly #runner: CudaSpmvRunner;
  readonly #sum: CudaKernel;
  readonly #update: CudaKernel;
  readonly #own: CudaBuffer[];
  /** The reductions' and the update's launches by kernel, buffers and grid: the two parities, the residual's sum. */
  readonly #prepared = new Map<string, PreparedLaunch>();
  /** Pinned copies of the residual ring, one per group queued and not yet read, and those free. */
  readonly #pinned: PinnedMemory[] = [];
  #free: PinnedMemory[] = [];

  private constructor(
    device: CudaDevice,
    runner: CudaSpmvRunner,
    kernels: { sum: CudaKernel; update: CudaKernel },
    outDegree: Uint32Array,
    buffers: CudaBuffer[],
    settings: PagerankSettings,
    extraPieces?: ExtraPieceBuffers<CudaBuffer>,
  ) {
    super(outDegree, buffers, settings, extraPieces);
    this.#device = device;
    this.#runner = runner;
    this.#own = buffers;
    this.#sum = kernels.sum;
    this.#update = kernels.update;
  }

  /** Builds Pᵀ's pattern, plans its product for CUDA, compiles (or loads) the kernels and uploads everything. Needs n ≥ 1. */
  static async create(device: CudaDevice, graph: Csr, settings: PagerankSettings, product: Pick<SpmvKernelOptions, 'format' | 'reorder' | 'localFold'>): Promise<CudaPagerankState> {
    const specs = pagerankSpecs('cuda');
    const { transpose, outDegree } = transitionPattern(graph);
    const runner = await CudaSpmvRunner.create(device, transpose, { ...product, semiring: 'plus-times', type: 'f32' });
    const buffers: CudaBuffer[] = [];
    try {
      const sum = await device.kernel(kernelFor(specs.sum));
      const extras = runner.extraPieces;
      const update = await device.kernel(kernelFor(extras ? specs.updateFolded : specs.update));
      for (const [label, data] of initialVectors(outDegree, settings)) buffers.push(device.upload(label, data));
      let extraPieces: ExtraPieceBuffers<CudaBuffer> | undefined;
      if (extras) {
        const rowExtra = device.upload('pagerank.row_extra', extras.rowExtra);
        buffers.push(rowExtra);
        extraPieces = { rowExtra, partial: extras.partial };
      }
      return new CudaPagerankState(device, runner, { sum, update }, outDegree, buffers, settings, extraPieces);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) device.free(b);
      throw e;
    }
  }

  get format(): SpmvFormat {
    return this.#runner.plan.format;
  }

  get reordered(): boolean {
    return this.#runner.plan.reorder;
  }

  restart(): void {
    const start = this.resetSteps();
    this.#device.write(this.rankVectors[0], start.ranks);
    this.#device.write(this.scaled, start.scaled);
    const sums = new Float32Array(FIRST_RESIDUAL + SLOT_WORDS * RESIDUAL_SLOTS);
    sums.set(start.slot, slotOf(0));
    this.#device.write(this.sums, sums);
    // The write waited for the stream: every copy queued before is done.
    this.#free = [...this.#pinned];
  }

  async queueTo(last: number): Promise<QueuedSteps> {
    const startedAt = performance.now();
    checkGroup(this.steps, last);
    const device = this.#device;
    const first = this.steps + 1;
    const host = this.#free.pop() ?? this.#newPinned();
    const start = device.record();
    while (this.steps < last) this.recordStep();
    const end = device.record();
    device.readAsync(host, this.sums, RING_BYTES, device.stream, FIRST_RESIDUAL * 4);
    const copied = device.fence();
    const queuedAt = performance.now();
    let finished: Promise<StepsFinished> | undefined;
    // Once, whoever asks first: the events are destroyed on the way.
    const finish = () =>
      (finished ??= (async () => {
        const gpuMs = device.elapsedMs(start, end);
        awaitCopy(device, copied);
        return { endedAt: performance.now(), gpuMs };
      })());
    let read = false;
    return {
      first,
      last,
      queueSubmits: 1,
      recordMs: queuedAt - startedAt,
      startedAt,
      queuedAt,
      finished: finish,
      residuals: async () => {
        if (read) throw new Error(`pagerank: the residuals of steps ${first}…${last} were already read`);
        read = true;
        await finish();
        const ring = new Float32Array(host.bytes.slice(0, RING_BYTES).buffer);
        this.#free.push(host);
        return ringResiduals(ring, first, last, last);
      },
    };
  }

  #newPinned(): PinnedMemory {
    const host = this.#device.allocHost(RING_BYTES);
    this.#pinned.push(host);
    return host;
  }

  async ranks(): Promise<Float32Array> {
    return this.#device.download(this.rankVectors[this.current], Float32Array);
  }

  destroy(): void {
    this.#runner.destroy();
    for (const b of this.#own) this.#device.free(b);
    for (const p of this.#pinned) this.#device.freeHost(p);
    this.#own.length = 0;
    this.#pinned.length = 0;
    this.#free = [];
    this.#prepared.clear();
  }

  protected product(_: void, x: CudaBuffer, y: CudaBuffer): void {
    this.#runner.enqueue({ x, y }, { combine: this.extraPieces === undefined });
  }

  protected sumPass(_: void, src: CudaBuffer, dst: CudaBuffer, pass: ReductionPass): void {
    this.#launch(this.#sum, { src, dst }, pass.params, pass.grid);
  }

  protected update(_: void, buffers: UpdateBuffers<CudaBuffer>, params: Uint32Array, grid: [number, number, number]): void {
    this.#launch(this.#update, { ...buffers }, params, grid);
  }

  /** Queues a launch, prepared the first time these buffers and grid meet the kernel; later only its parameters are written. */
  #launch(kernel: CudaKernel, buffers: Record<string, CudaBuffer>, params: Uint32Array, grid: [number, number, number]): void {
    const key = `${kernel.name}:${Object.entries(buffers).map(([name, b]) => `${name}=${b.ptr}`).join(',')}:${grid.join('x')}`;
    let launch = this.#prepared.get(key);
    if (launch) launch.params.set(params);
    else this.#prepared.set(key, (launch = this.#device.prepare(kernel, { buffers, params, grid })));
    this.#device.launchPrepared(launch);
  }
}

/** Longest the copy of a group's residuals may take after its last step has finished, before the run gives up. */
const COPY_TIMEOUT_MS = 10_000;

/** Polls the fence after a group's copy of the residual ring (queued right after its last step) and destroys it. */
function awaitCopy(device: CudaDevice, fence: Handle): void {
  const until = performance.now() + COPY_TIMEOUT_MS;
  for (let polls = 1; !device.isDone(fence); polls++) {
    if (polls % 4096 === 0 && performance.now() > until) {
      throw new Error(`pagerank: the copy of the residuals has not finished ${COPY_TIMEOUT_MS / 1e3} s after the steps; the device may be hung (check nvidia-smi)`);
    }
  }
  device.destroyEvent(fence);
}
