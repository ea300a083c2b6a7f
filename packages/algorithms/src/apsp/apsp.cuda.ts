import { dispatchGrid, type ElementArray, type GeneratedKernel } from '@semiforge/codegen';
import type { CudaBuffer, CudaDevice, CudaKernel, Handle } from '@semiforge/runtime-cuda';
import { kernelFor } from '../kernels/kernel-source.js';
import { dpxFits, DPX_MAX_PATH } from './apsp.dpx.js';
import { buildApspMatrix, checkApspGraph, type ApspGraph, type ApspMatrix } from './apsp.input.js';
import { apspResult } from './apsp.output.js';
import { blockedRounds, prepareRounds, queueRounds, type PreparedRounds, type RoundOp } from './apsp.cuda-rounds.js';
import { lookaheadByDefault, planApsp, planSpecs, type ApspKernelOptions, type ApspLookahead, type ApspPlan } from './apsp.plan.js';
import type { ApspResult, ApspRunOptions, ApspTiming } from './apsp.runner.js';
import { RunnerLife } from '../kernels/runner-life.js';

/** The distance matrix and, with successors, the first-hop matrix, on the device. */
interface MatrixBuffers {
  d: CudaBuffer;
  succ?: CudaBuffer;
}

/** One launch of plain FW's pivot step, ready but for the step's `k0`. */
interface Launch {
  kernel: CudaKernel;
  grid: [number, number, number];
  buffers: Record<string, CudaBuffer | undefined>;
}

/** How the blocked methods run: their launches, the rounds, and the side stream of a lookahead. */
interface Blocked {
  run: PreparedRounds;
  ops: RoundOp[];
  lookahead: ApspLookahead;
  side?: Handle;
}

/**
 * Where a {@link CudaApspRunner} queues its work and gets its memory, for callers that run many on streams of
 * their own (the scheduler). Default: the device's stream, its allocator, and synchronous uploads.
 */
export interface CudaApspPlacement {
  /** The stream every copy and launch is queued on. */
  readonly stream?: Handle;
  readonly alloc?: (label: string, byteLength: number) => CudaBuffer;
  readonly free?: (buffer: CudaBuffer) => void;
  /**
   * Fills a new buffer with the input (the `slot`-th upload of this runner). It may only queue the copy on
   * `stream`: the caller then waits for the stream before running.
   */
  readonly write?: (buffer: CudaBuffer, data: ArrayBufferView, slot: number) => void;
}

/** A typed-array class the result can be read into. */
export interface CudaReadType {
  new (buffer: ArrayBuffer, byteOffset?: number, length?: number): ElementArray;
  readonly BYTES_PER_ELEMENT: number;
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
  readonly #life = new RunnerLife('CudaApspRunner');
  readonly #launches: Launch[];
  #blocked: Blocked | undefined;
  readonly #stream: Handle;
  readonly #free: (buffer: CudaBuffer) => void;

  private constructor(
    device: CudaDevice,
    input: ApspMatrix,
    plan: ApspPlan,
    buffers: { owned: CudaBuffer[]; source: MatrixBuffers; work: MatrixBuffers },
    launches: Launch[],
    blocked: Blocked | undefined,
    placement: CudaApspPlacement,
  ) {
    this.#blocked = blocked;
    this.#device = device;
    this.#stream = placement.stream ?? device.stream;
    this.#free = placement.free ?? ((b) => device.free(b));
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
  static async create(device: CudaDevice, graph: ApspGraph, options: ApspKernelOptions = {}, placement: CudaApspPlacement = {}): Promise<CudaApspRunner> {
    checkApspGraph(graph);
    const { plan, input } = planCuda(graph, options);
    const kernels = new Map<string, CudaKernel>();
    for (const spec of planSpecs(plan)) {
      const generated: GeneratedKernel = kernelFor(spec);
      kernels.set(generated.name, await device.kernel(generated));
    }
    const N = input.N;
    const created: CudaBuffer[] = [];
    const alloc = (label: string, bytes: number) => {
      const b = placement.alloc ? placement.alloc(label, bytes) : device.alloc(label, bytes);
      created.push(b);
      return b;
    };
    let uploads = 0;
    const upload = (label: string, data: ArrayBufferView) => {
      const b = alloc(label, data.byteLength);
      if (placement.write) placement.write(b, data, uploads++);
      else device.write(b, data);
      return b;
    };
    try {
      const d = upload('apsp.input', input.data);
      const succ = input.succ && upload('apsp.input_succ', input.succ);
      const work = alloc('apsp.d', input.data.byteLength);
      const workSucc = input.succ && alloc('apsp.succ', input.succ.byteLength);
      const kernel = (spec: Parameters<typeof kernelFor>[0]) => kernels.get(kernelFor(spec).name)!;
      let launches: Launch[] = [];
      let blocked: Blocked | undefined;
      if (plan.plain) {
        launches = [{ kernel: kernel(plan.plain), grid: dispatchGrid(plan.plain, N), buffers: { d: work, succ: workSucc } }];
      } else {
        const b = plan.blocked!;
        const rounds = plan.rounds!;
        const tiles = N / plan.tile;
        const lookahead = options.lookahead ?? lookaheadByDefault(plan, N);
        const panelBytes = plan.tile * N * 4;
        const panelSet = (parity: number) => ({
          row: alloc(`apsp.row_panel${parity}`, panelBytes),
          col: alloc(`apsp.col_panel${parity}`, panelBytes),
          rowSucc: workSucc && alloc(`apsp.row_succ${parity}`, panelBytes),
          colSucc: workSucc && alloc(`apsp.col_succ${parity}`, panelBytes),
        });
        const first = panelSet(0);
        const buffers = { d: work, succ: workSucc };
        const launch = (spec: Parameters<typeof kernelFor>[0]) => ({ kernel: kernel(spec), grid: dispatchGrid(spec, N), buffers });
        blocked = {
          run: prepareRounds(device, {
            pivot: launch(b.pivot),
            panels: launch(rounds.panels),
            update: launch(rounds.update),
            panelSets: [first, lookahead ? panelSet(1) : first],
            n: N,
            tile: plan.tile,
          }),
          ops: blockedRounds(tiles, lookahead),
          lookahead,
          side: lookahead ? device.createPriorityStream() : undefined,
        };
      }
      return new CudaApspRunner(device, input, plan, { owned: created, source: { d, succ }, work: { d: work, succ: workSucc } }, launches, blocked, placement);
    } catch (e) {
      for (const b of created) (placement.free ?? ((x: CudaBuffer) => device.free(x)))(b);
      throw e;
    }
  }

  /** Queues a fresh copy of the input and every pivot step on the runner's stream, without waiting. */
  enqueue(): void {
    this.#life.check('enqueue');
    const device = this.#device;
    const stream = this.#stream;
    const N = this.paddedN;
    device.copy(this.#source.d, this.#work.d, undefined, stream);
    if (this.#source.succ) device.copy(this.#source.succ, this.#work.succ!, undefined, stream);
    if (this.#blocked) {
      queueRounds(device, this.#blocked.ops, this.#blocked.run, [stream, this.#blocked.side]);
      return;
    }
    for (let step = 0; step < N; step++) {
      const params = new Uint32Array([N, step]);
      for (const l of this.#launches) device.launch(l.kernel, { buffers: l.buffers, params, grid: l.grid }, stream);
    }
  }

  /** Runs APSP without reading back: for timing. `gpuTimeMs` is between CUDA events around the whole run. */
  time(options: ApspRunOptions = {}): ApspTiming {
    this.#life.check('time');
    const started = performance.now();
    const start = this.#device.record(this.#stream);
    this.enqueue();
    const end = this.#device.record(this.#stream);
    const gpuTimeMs = this.#device.elapsedMs(start, end);
    const steps = this.plan.plain ? this.paddedN : this.paddedN / this.plan.tile;
    options.onProgress?.(steps, steps);
    return { gpuTimeMs, wallTimeMs: performance.now() - started };
  }

  /** Runs APSP and reads back distances (and successors). Throws `NegativeCycleError` on a negative cycle. */
  run(options: ApspRunOptions = {}): ApspResult {
    this.#life.check('run');
    const started = performance.now();
    const { gpuTimeMs } = this.time(options);
    return this.#read(started, gpuTimeMs);
  }

  /** Reads back the result of the last `time()`. */
  read(): ApspResult {
    this.#life.check('read');
    return this.#read(performance.now(), undefined);
  }

  /** Reads back the result of the last run through `read` (e.g. an async copy on a scheduler's stream). */
  async readWith(read: (buffer: CudaBuffer, type: CudaReadType) => Promise<ArrayBufferView>): Promise<ApspResult> {
    this.#life.check('readWith');
    const started = performance.now();
    const dist = (await read(this.#work.d, this.#input.data.constructor as CudaReadType)) as ElementArray;
    const succ = this.#work.succ ? ((await read(this.#work.succ, Uint32Array)) as Uint32Array) : undefined;
    return apspResult({ dist, succ }, { n: this.n, N: this.paddedN }, this.plan, { gpuTimeMs: undefined, started });
  }

  #read(started: number, gpuTimeMs: number | undefined): ApspResult {
    const ctor = this.#input.data.constructor as new (b: ArrayBuffer) => ElementArray;
    const dist = this.#device.download(this.#work.d, ctor);
    const succ = this.#work.succ ? this.#device.download(this.#work.succ, Uint32Array) : undefined;
    return apspResult({ dist, succ }, { n: this.n, N: this.paddedN }, this.plan, { gpuTimeMs, started });
  }

  /** How the blocked rounds overlap the next pivot with the update ({@link ApspKernelOptions.lookahead}; false for plain FW). */
  get lookahead(): ApspLookahead {
    return this.#blocked?.lookahead ?? false;
  }

  /** Frees the device buffers. */
  destroy(): void {
    if (!this.#life.end()) return;
    for (const b of this.#buffers) this.#free(b);
    this.#buffers.length = 0;
    if (this.#blocked?.side) this.#device.destroyStream(this.#blocked.side);
    this.#blocked = undefined;
  }
}
