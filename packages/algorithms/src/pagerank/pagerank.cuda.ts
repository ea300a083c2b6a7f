import { dispatchGrid, type VectorKernelSpec } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { CudaBuffer, CudaDevice, CudaKernel } from '@semiforge/runtime-cuda';
import { kernelFor } from '../kernels/kernel-source.js';
import { reductionPasses } from '../kernels/vector-reduction.js';
import { CudaSpmvRunner } from '../spmv/spmv.cuda.js';
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
 * {@link PagerankState}'s twin on the CUDA backend: Pᵀ in a {@link CudaSpmvRunner}, the same update and
 * two-pass sums generated for `target: 'cuda'`, the same residual ring; each `runTo` queues its steps on the
 * device's stream between two CUDA events.
 */
export class CudaPagerankState implements PagerankSteps {
  readonly n: number;
  readonly #device: CudaDevice;
  readonly #runner: CudaSpmvRunner;
  readonly #sum: { kernel: CudaKernel; spec: VectorKernelSpec; partials: CudaBuffer };
  readonly #update: { kernel: CudaKernel; grid: [number, number, number] };
  readonly #ranks: [CudaBuffer, CudaBuffer];
  readonly #teleport: CudaBuffer;
  readonly #delta: CudaBuffer;
  readonly #sums: CudaBuffer;
  readonly #own: CudaBuffer[];
  readonly #damping: number;
  readonly #tolerance: number;
  readonly #maxIterations: number;
  #current = 0;
  #steps = 0;

  private constructor(
    device: CudaDevice,
    runner: CudaSpmvRunner,
    kernels: { sum: CudaKernel; update: CudaKernel },
    buffers: CudaBuffer[],
    settings: PagerankSettings,
  ) {
    this.#device = device;
    this.#runner = runner;
    this.n = runner.n;
    const [r0, r1, teleport, delta, sums, partials] = buffers;
    this.#own = buffers;
    const specs = pagerankSpecs('cuda');
    this.#sum = { kernel: kernels.sum, spec: specs.sum, partials };
    this.#update = { kernel: kernels.update, grid: dispatchGrid(specs.update, this.n) };
    this.#ranks = [r0, r1];
    this.#teleport = teleport;
    this.#delta = delta;
    this.#sums = sums;
    this.#damping = settings.damping;
    this.#tolerance = leastF32AtLeast(settings.tolerance);
    this.#maxIterations = settings.maxIterations;
  }

  /** Builds Pᵀ, plans its product for CUDA, compiles (or loads) the kernels and uploads everything. Needs n ≥ 1. */
  static async create(device: CudaDevice, graph: Csr, settings: PagerankSettings, format: SpmvFormat | 'auto'): Promise<CudaPagerankState> {
    const n = graph.n;
    const specs = pagerankSpecs('cuda');
    const runner = await CudaSpmvRunner.create(device, transitionTranspose(graph), { semiring: 'plus-times', type: 'f32', format });
    const buffers: CudaBuffer[] = [];
    try {
      const sum = await device.kernel(kernelFor(specs.sum));
      const update = await device.kernel(kernelFor(specs.update));
      const store = (label: string, data: Float32Array) => buffers.push(device.upload(label, data));
      store('pagerank.ranks.0', new Float32Array(n).fill(1 / n));
      store('pagerank.ranks.1', new Float32Array(n));
      store('pagerank.teleport', Float32Array.from(settings.teleport));
      store('pagerank.delta', new Float32Array(n));
      store('pagerank.sums', new Float32Array(FIRST_RESIDUAL + RESIDUAL_SLOTS));
      buffers.push(device.alloc('pagerank.sum_partials', specs.sum.workgroupSize * 4));
      return new CudaPagerankState(device, runner, { sum, update }, buffers, settings);
    } catch (e) {
      runner.destroy();
      for (const b of buffers) device.free(b);
      throw e;
    }
  }

  get steps(): number {
    return this.#steps;
  }

  get format(): SpmvFormat {
    return this.#runner.plan.format;
  }

  restart(): void {
    this.#current = 0;
    this.#steps = 0;
    this.#device.write(this.#ranks[0], new Float32Array(this.n).fill(1 / this.n));
    const sums = new Float32Array(FIRST_RESIDUAL + RESIDUAL_SLOTS);
    sums[slotOf(0)] = F32_MAX;
    this.#device.write(this.#sums, sums);
  }

  /** Queues target[index] = Σ source[0..n) (two passes of `vec_reduce`). */
  #reduce(source: CudaBuffer, target: CudaBuffer, index: number): void {
    const buffers = { source, partials: this.#sum.partials, target };
    for (const pass of reductionPasses(this.#sum.spec, this.n, index)) {
      this.#device.launch(this.#sum.kernel, { buffers: { src: buffers[pass.src], dst: buffers[pass.dst] }, params: pass.params, grid: pass.grid });
    }
  }

  /** Queues step k + 1, as `PagerankState.encodeStep` records it. */
  #queueStep(): void {
    checkStep(this.#steps, this.#maxIterations);
    const previous = this.#ranks[this.#current];
    const next = this.#ranks[1 - this.#current];
    this.#runner.enqueue({ x: previous, y: next });
    this.#reduce(next, this.#sums, SUM_OF_PRODUCT);
    this.#device.launch(this.#update.kernel, {
      buffers: { teleport: this.#teleport, previous, sums: this.#sums, next, delta: this.#delta },
      params: updateParams(this.n, this.#steps, this.#damping, this.#tolerance),
      grid: this.#update.grid,
    });
    this.#steps += 1;
    this.#reduce(this.#delta, this.#sums, slotOf(this.#steps));
    this.#current = 1 - this.#current;
  }

  async runTo(last: number): Promise<number | undefined> {
    const start = this.#device.record();
    while (this.#steps < last) this.#queueStep();
    return this.#device.elapsedMs(start, this.#device.record());
  }

  async residuals(first: number, last: number): Promise<Float32Array> {
    const all = this.#device.download(this.#sums, Float32Array);
    return ringResiduals(all.subarray(FIRST_RESIDUAL), first, last, this.#steps);
  }

  async ranks(): Promise<Float32Array> {
    return this.#device.download(this.#ranks[this.#current], Float32Array);
  }

  destroy(): void {
    this.#runner.destroy();
    for (const b of this.#own) this.#device.free(b);
    this.#own.length = 0;
  }
}
