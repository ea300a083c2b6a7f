import { dispatchGrid, type ElementArray } from '@semiforge/codegen';
import { paddedSize } from '@semiforge/graph-io';
import { LimitError, type Device, type DispatchBatch, type TypedArrayConstructor } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { buildApspMatrix, checkApspGraph, unpaddedPlain, type ApspGraph, type ApspMatrix } from './apsp.input.js';
import { apspResult } from './apsp.output.js';
import { RunnerLife } from '../kernels/runner-life.js';
import { planApsp, type ApspKernelOptions, type ApspPlan } from './apsp.plan.js';

export interface ApspRunOptions {
  /** Called after each submitted group of pivot steps with (done, total) pivot steps. */
  onProgress?: (done: number, total: number) => void;
  /** Pivot steps per submit (default: about 16 submits in all, for progress). */
  stepsPerSubmit?: number;
}

export interface ApspTiming {
  /** GPU time of all batches (timestamp queries), when the device has them. */
  readonly gpuTimeMs?: number;
  /** Host wall time from the first submit to the end of the work (and read-back, for `run`). */
  readonly wallTimeMs: number;
}

export interface ApspResult extends ApspTiming {
  readonly n: number;
  /** Row-major n×n distances (or widest-path capacities, reachability, ...); f32 shows no path as ±Infinity. */
  readonly dist: ElementArray;
  /** Row-major n×n first hops, when asked for (`successors: true`); 0xffffffff where there is no path. */
  readonly successors?: Uint32Array;
  readonly plan: ApspPlan;
  /** Padded order the kernels ran on. */
  readonly paddedN: number;
  /** A best path from u to v as its vertices, or null if none; needs `successors: true`. */
  path(u: number, v: number): number[] | null;
}

/** Refuses, before any host memory is spent, a matrix the device cannot bind, naming both sizes. */
function checkMatrixFits(device: Device, n: number, plan: ApspPlan): void {
  const N = unpaddedPlain(plan) ? n : paddedSize(Math.max(n, 1), plan.tile);
  const bytes = N * N * 4;
  const allowed = device.limits.maxStorageBufferBindingSize;
  if (bytes > allowed) {
    const side = Math.floor(Math.sqrt(allowed / 4));
    const largest = unpaddedPlain(plan) ? side : Math.floor(side / plan.tile) * plan.tile;
    throw new LimitError({
      limit: 'maxStorageBufferBindingSize',
      requested: bytes,
      allowed,
      subject: `the APSP distance matrix of n = ${n} (${N}×${N} padded, 4-byte elements)`,
      wayOut: `the largest n this device holds ${unpaddedPlain(plan) ? '' : `with tile ${plan.tile} `}is ${largest}; use a device with larger bindings, or split the graph.`,
    });
  }
}

type Recorder = (batch: DispatchBatch, step: number) => void;

/** The distance matrix and, with successors, the first-hop matrix, on the GPU. */
interface MatrixBuffers {
  d: GPUBuffer;
  succ?: GPUBuffer;
}

/**
 * One graph's APSP made ready on a device: the encoded input uploaded once, work buffers allocated, kernels
 * chosen. Each run copies the input on the GPU and replays every pivot step, so repeated runs (benchmarks,
 * several timings) cost no host work between them. `apsp()` is create → run → destroy.
 *
 * @example
 * const runner = await ApspRunner.create(device, graph, { tile: 128 });
 * const { gpuTimeMs } = await runner.time();   // no read-back
 * const { dist } = await runner.run();
 * runner.destroy();
 */
export class ApspRunner {
  readonly plan: ApspPlan;
  readonly n: number;
  readonly paddedN: number;
  readonly #device: Device;
  readonly #input: ApspMatrix;
  readonly #buffers: GPUBuffer[] = [];
  readonly #source: MatrixBuffers;
  readonly #work: MatrixBuffers;
  readonly #life = new RunnerLife('ApspRunner');
  #record!: Recorder;

  private constructor(device: Device, input: ApspMatrix, plan: ApspPlan, source: MatrixBuffers, work: MatrixBuffers) {
    this.#device = device;
    this.#input = input;
    this.plan = plan;
    this.n = input.n;
    this.paddedN = input.N;
    this.#source = source;
    this.#work = work;
  }

  /** Plans the kernels for the graph, checks the device can hold it, encodes and uploads it. */
  static async create(device: Device, graph: ApspGraph, options: ApspKernelOptions = {}): Promise<ApspRunner> {
    checkApspGraph(graph);
    // CUDA source handed to the WGSL compiler fails with a page of unrelated syntax errors.
    if (options.target !== undefined && options.target !== 'wgsl') {
      throw new Error(`apsp: target '${options.target}' was asked of a WebGPU device, which runs 'wgsl'; leave target out, or use backend 'cuda'`);
    }
    const plan = planApsp(options, graph.n, device.limits.maxComputeInvocationsPerWorkgroup);
    checkMatrixFits(device, graph.n, plan);
    const input = buildApspMatrix(graph, plan);
    const bytes = input.data.byteLength;
    const created: GPUBuffer[] = [];
    const make = async (label: string, size: number) => {
      const b = await device.createBuffer(label, size, 'storage');
      created.push(b);
      return b;
    };
    try {
      const source = { d: await device.createStorage('apsp.input', input.data), succ: input.succ && (await device.createStorage('apsp.input_succ', input.succ)) };
      created.push(source.d, ...(source.succ ? [source.succ] : []));
      const work = { d: await make('apsp.d', bytes), succ: input.succ && (await make('apsp.succ', input.succ.byteLength)) };
      const runner = new ApspRunner(device, input, plan, source, work);
      runner.#buffers.push(...created);
      runner.#record = await runner.#recorder(make);
      return runner;
    } catch (e) {
      for (const b of created) b.destroy();
      throw e;
    }
  }

  async #recorder(make: (label: string, size: number) => Promise<GPUBuffer>): Promise<Recorder> {
    const { plan } = this;
    const N = this.paddedN;
    const { d, succ } = this.#work;
    if (plan.plain) {
      const kernel = kernelFor(plan.plain);
      const grid = dispatchGrid(plan.plain, N);
      const buffers = { d, succ };
      return (batch, k) => batch.dispatch(kernel, { buffers, params: new Uint32Array([N, k, 0, 0]), workgroups: grid });
    }
    const specs = plan.blocked!;
    const order = [specs.pivot, specs.panelRow, specs.panelCol, specs.update];
    const kernels = order.map(kernelFor);
    const grids = order.map((s) => dispatchGrid(s, N));
    const panelBytes = plan.tile * N * 4;
    const rowPanel = await make('apsp.row_panel', panelBytes);
    const colPanel = await make('apsp.col_panel', panelBytes);
    const rowSucc = succ && (await make('apsp.row_succ', panelBytes));
    const colSucc = succ && (await make('apsp.col_succ', panelBytes));
    // Undefined entries (no successors) are ignored by the runtime.
    const buffers = [
      { d, succ },
      { d, out_panel: rowPanel, succ, out_succ: rowSucc },
      { d, out_panel: colPanel, succ, out_succ: colSucc },
      { d, row_panel: rowPanel, col_panel: colPanel, succ, row_succ: rowSucc, col_succ: colSucc },
    ];
    return (batch, step) => {
      const params = new Uint32Array([N, step * plan.tile, 0, 0]);
      for (let i = 0; i < 4; i++) batch.dispatch(kernels[i], { buffers: buffers[i], params, workgroups: grids[i] });
    };
  }

  /** Runs every pivot step on a fresh copy of the input; resolves when the GPU is done. */
  async #execute(options: ApspRunOptions): Promise<ApspTiming> {
    const started = performance.now();
    const N = this.paddedN;
    const steps = this.plan.plain ? N : N / this.plan.tile;
    const perSubmit = options.stepsPerSubmit ?? Math.max(1, Math.ceil(steps / 16));
    // 0 or less never advanced the loop (a hang); NaN ran no pivot step and returned the input as distances.
    if (!(Number.isInteger(perSubmit) && perSubmit >= 1)) throw new RangeError(`apsp: stepsPerSubmit = ${perSubmit}; it must be an integer ≥ 1`);
    let gpuTimeMs: number | undefined = 0;
    for (let first = 0; first < steps; first += perSubmit) {
      const batch = this.#device.batch({ label: `apsp steps ${first}..` });
      if (first === 0) {
        batch.copy(this.#source.d, this.#work.d);
        if (this.#source.succ) batch.copy(this.#source.succ, this.#work.succ!);
      }
      const last = Math.min(steps, first + perSubmit);
      for (let step = first; step < last; step++) this.#record(batch, step);
      const { gpuTimeMs: t } = await batch.submit();
      gpuTimeMs = t === undefined || gpuTimeMs === undefined ? undefined : gpuTimeMs + t;
      options.onProgress?.(last, steps);
    }
    return { gpuTimeMs, wallTimeMs: performance.now() - started };
  }

  /** Runs APSP without reading the result back: for timing. */
  async time(options: ApspRunOptions = {}): Promise<ApspTiming> {
    this.#life.check('time');
    return this.#execute(options);
  }

  /** Runs APSP and reads back distances (and successors). Throws `NegativeCycleError` on a negative cycle. */
  async run(options: ApspRunOptions = {}): Promise<ApspResult> {
    this.#life.check('run');
    const started = performance.now();
    const { gpuTimeMs } = await this.#execute(options);
    return this.#read(started, gpuTimeMs);
  }

  /**
   * Reads back the result of the last `time()` without running again, for callers that run and read in
   * separate phases (the scheduler's download → kernel → readback tasks). Its `wallTimeMs` is the read's.
   */
  async read(): Promise<ApspResult> {
    this.#life.check('read');
    return this.#read(performance.now(), undefined);
  }

  async #read(started: number, gpuTimeMs: number | undefined): Promise<ApspResult> {
    const dist = await this.#device.read(this.#work.d, this.#input.data.constructor as TypedArrayConstructor<ElementArray>);
    const succ = this.#work.succ ? await this.#device.read(this.#work.succ, Uint32Array) : undefined;
    return apspResult({ dist, succ }, { n: this.n, N: this.paddedN }, this.plan, { gpuTimeMs, started });
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    if (!this.#life.end()) return;
    for (const b of this.#buffers) b.destroy();
    this.#buffers.length = 0;
  }
}
