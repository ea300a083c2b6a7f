import { dispatchGrid, type ElementArray, type GeneratedKernel } from '@semiforge/codegen';
import type { CudaBuffer, CudaDevice, CudaKernel } from '@semiforge/runtime-cuda';
import { kernelFor } from '../kernels/kernel-source.js';
import { dpxFits, DPX_MAX_PATH } from './apsp.dpx.js';
import { buildApspMatrix, type ApspGraph, type ApspMatrix } from './apsp.input.js';
import { apspResult } from './apsp.output.js';
import { planApsp, planSpecs, type ApspKernelOptions, type ApspPlan } from './apsp.plan.js';
import type { ApspResult, ApspRunOptions, ApspTiming } from './apsp.runner.js';

/** The distance matrix and, with successors, the first-hop matrix, on the device. */
interface MatrixBuffers {
  d: CudaBuffer;
  succ?: CudaBuffer;
}

/** One launch of a pivot step, ready but for the step's `k0`. */
interface Launch {
  kernel: CudaKernel;
  grid: [number, number, number];
  buffers: Record<string, CudaBuffer | undefined>;
}

/**
 * Plans for CUDA and decides DPX: on by itself for i32 min-plus products when {@link dpxFits} holds, refused
 * with the bound when asked for and it does not.
 */
function planCuda(graph: ApspGraph, options: ApspKernelOptions): { plan: ApspPlan; input: ApspMatrix } {
  const base = planApsp({ ...options, target: 'cuda', dpx: false }, graph.n);
  const input = buildApspMatrix(graph, base);
  const eligible = base.semiring === 'min-plus' && base.type === 'i32' && base.blocked !== undefined;
  if (options.dpx === false || (options.dpx === undefined && !eligible)) return { plan: base, input };
  if (!eligible) {
    throw new Error(`apsp: dpx needs the blocked methods with semiring min-plus and type i32, got method ${base.method}, ${base.semiring}, ${base.type}`);
  }
  const { fits, bound } = dpxFits(input);
  if (!fits) {
    if (options.dpx === undefined) return { plan: base, input };
    throw new Error(`apsp: dpx is exact only while paths stay within ±${DPX_MAX_PATH}, but (n − 1) · max |weight| = ${bound} here; use dpx: false`);
  }
  return { plan: planApsp({ ...options, target: 'cuda', dpx: true }, graph.n), input };
}

/**
 * {@link ApspRunner}'s twin on the CUDA backend: the same plan and the same specs generated for `target:
 * 'cuda'`, compiled to cubins (cached on disk), launched on the device's stream; the input uploaded once
 * and copied on the GPU per run; timing by CUDA events around the whole run.
 *
 * @example
 * const { openCudaDevice } = await loadCudaRuntime();
 * const gpu = await openCudaDevice();
 * const runner = await CudaApspRunner.create(gpu, graph, { type: 'i32' });
 * const { gpuTimeMs } = runner.time();
 * const { dist } = runner.run();
 * runner.destroy();
 */
export class CudaApspRunner {
  readonly plan: ApspPlan;
  readonly n: number;
  readonly paddedN: number;
  readonly #device: CudaDevice;
  readonly #input: ApspMatrix;
  readonly #buffers: CudaBuffer[];
  readonly #source: MatrixBuffers;
  readonly #work: MatrixBuffers;
  readonly #launches: Launch[];

  private constructor(
    device: CudaDevice,
    input: ApspMatrix,
    plan: ApspPlan,
    buffers: { owned: CudaBuffer[]; source: MatrixBuffers; work: MatrixBuffers },
    launches: Launch[],
  ) {
    this.#device = device;
    this.#input = input;
    this.plan = plan;
    this.n = input.n;
    this.paddedN = input.N;
    this.#buffers = buffers.owned;
    this.#source = buffers.source;
    this.#work = buffers.work;
    this.#launches = launches;
  }

  /** Plans for CUDA, compiles (or loads from the cache) the kernels, uploads the input, allocates the work buffers. */
  static async create(device: CudaDevice, graph: ApspGraph, options: ApspKernelOptions = {}): Promise<CudaApspRunner> {
    const { plan, input } = planCuda(graph, options);
    const kernels = new Map<string, CudaKernel>();
    for (const spec of planSpecs(plan)) {
      const generated: GeneratedKernel = kernelFor(spec);
      kernels.set(generated.name, await device.kernel(generated));
    }
    const N = input.N;
    const created: CudaBuffer[] = [];
    const alloc = (label: string, bytes: number) => {
      const b = device.alloc(label, bytes);
      created.push(b);
      return b;
    };
    try {
      const d = device.upload('apsp.input', input.data);
      created.push(d);
      const succ = input.succ && device.upload('apsp.input_succ', input.succ);
      if (succ) created.push(succ);
      const work = alloc('apsp.d', input.data.byteLength);
      const workSucc = input.succ && alloc('apsp.succ', input.succ.byteLength);
      const kernel = (spec: Parameters<typeof kernelFor>[0]) => kernels.get(kernelFor(spec).name)!;
      let launches: Launch[];
      if (plan.plain) {
        launches = [{ kernel: kernel(plan.plain), grid: dispatchGrid(plan.plain, N), buffers: { d: work, succ: workSucc } }];
      } else {
        const b = plan.blocked!;
        const panelBytes = plan.tile * N * 4;
        const rowPanel = alloc('apsp.row_panel', panelBytes);
        const colPanel = alloc('apsp.col_panel', panelBytes);
        const rowSucc = workSucc && alloc('apsp.row_succ', panelBytes);
        const colSucc = workSucc && alloc('apsp.col_succ', panelBytes);
        launches = [
          { kernel: kernel(b.pivot), grid: dispatchGrid(b.pivot, N), buffers: { d: work, succ: workSucc } },
          { kernel: kernel(b.panelRow), grid: dispatchGrid(b.panelRow, N), buffers: { d: work, out_panel: rowPanel, succ: workSucc, out_succ: rowSucc } },
          { kernel: kernel(b.panelCol), grid: dispatchGrid(b.panelCol, N), buffers: { d: work, out_panel: colPanel, succ: workSucc, out_succ: colSucc } },
          {
            kernel: kernel(b.update),
            grid: dispatchGrid(b.update, N),
            buffers: { d: work, row_panel: rowPanel, col_panel: colPanel, succ: workSucc, row_succ: rowSucc, col_succ: colSucc },
          },
        ];
      }
      return new CudaApspRunner(device, input, plan, { owned: created, source: { d, succ }, work: { d: work, succ: workSucc } }, launches);
    } catch (e) {
      for (const b of created) device.free(b);
      throw e;
    }
  }

  /** Queues a fresh copy of the input and every pivot step. */
  #enqueue(): void {
    const device = this.#device;
    const N = this.paddedN;
    device.copy(this.#source.d, this.#work.d);
    if (this.#source.succ) device.copy(this.#source.succ, this.#work.succ!);
    const steps = this.plan.plain ? N : N / this.plan.tile;
    const stride = this.plan.plain ? 1 : this.plan.tile;
    for (let step = 0; step < steps; step++) {
      const params = new Uint32Array([N, step * stride]);
      for (const l of this.#launches) device.launch(l.kernel, { buffers: l.buffers, params, grid: l.grid });
    }
  }

  /** Runs APSP without reading back: for timing. `gpuTimeMs` is between CUDA events around the whole run. */
  time(options: ApspRunOptions = {}): ApspTiming {
    const started = performance.now();
    const start = this.#device.record();
    this.#enqueue();
    const end = this.#device.record();
    const gpuTimeMs = this.#device.elapsedMs(start, end);
    const steps = this.plan.plain ? this.paddedN : this.paddedN / this.plan.tile;
    options.onProgress?.(steps, steps);
    return { gpuTimeMs, wallTimeMs: performance.now() - started };
  }

  /** Runs APSP and reads back distances (and successors). Throws `NegativeCycleError` on a negative cycle. */
  run(options: ApspRunOptions = {}): ApspResult {
    const started = performance.now();
    const { gpuTimeMs } = this.time(options);
    return this.#read(started, gpuTimeMs);
  }

  /** Reads back the result of the last `time()`. */
  read(): ApspResult {
    return this.#read(performance.now(), undefined);
  }

  #read(started: number, gpuTimeMs: number | undefined): ApspResult {
    const ctor = this.#input.data.constructor as new (b: ArrayBuffer) => ElementArray;
    const dist = this.#device.download(this.#work.d, ctor);
    const succ = this.#work.succ ? this.#device.download(this.#work.succ, Uint32Array) : undefined;
    return apspResult({ dist, succ }, { n: this.n, N: this.paddedN }, this.plan, { gpuTimeMs, started });
  }

  /** Frees the device buffers. */
  destroy(): void {
    for (const b of this.#buffers) this.#device.free(b);
    this.#buffers.length = 0;
  }
}
