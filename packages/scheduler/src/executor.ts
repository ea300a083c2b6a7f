import type { BackendDevice, Task } from './backend.js';
import type { WebGpuDevice } from './webgpu-backend.js';

/**
 * The device half of a portable task: what runs where the GPU is — in this process, or in a worker process
 * that owns one GPU ({@link openProcessBackend}). Its input and output cross a process boundary, so they are
 * structured-cloneable data (typed arrays, numbers, strings, plain objects and arrays of them), never
 * functions or GPU objects. Its state stays on the device's side.
 *
 * @example
 * ```ts
 * const double: Executor<{ x: Float32Array }, GPUBuffer, Float32Array> = {
 *   download: (device, { x }) => device.upload('x', x),
 *   kernel: (device, x) => device.run((b) => b.dispatch(doubleKernel, { buffers: { x }, workgroups: [4] })).then(() => undefined),
 *   readback: (device, x) => device.readback(x, Float32Array),
 *   release: (_device, x) => x.destroy(),
 * };
 * registerExecutor('double', double);
 * ```
 */
export interface Executor<I = unknown, S = unknown, O = unknown, D = WebGpuDevice> {
  /** `stream`: the scheduler's stream j of the task (a CUDA device runs the phase on its stream j; WebGPU ignores it). */
  download(device: D, input: I, stream: number): Promise<S> | S;
  kernel(device: D, state: S, stream: number): Promise<void> | void;
  readback(device: D, state: S, stream: number): Promise<O> | O;
  release?(device: D, state: S): void;
}

/** Executors by device kind ('webgpu', 'cuda': each backend registers its own under the same task kinds), then by task kind. */
const registries = new Map<string, Map<string, Executor<unknown, unknown, unknown, never>>>();

/**
 * Makes an executor known under `kind` for devices of `backend` (default 'webgpu'), in this process. A worker
 * process learns it the same way: it runs the same entry script (or worker module), whose imports register
 * the same executors. Another backend (CUDA) implements the same task kinds with its own executors.
 */
export function registerExecutor<I, S, O, D = WebGpuDevice>(kind: string, executor: Executor<I, S, O, D>, backend = 'webgpu'): void {
  let registry = registries.get(backend);
  if (registry === undefined) registries.set(backend, (registry = new Map()));
  const known = registry.get(kind);
  if (known !== undefined && known !== executor) throw new Error(`registerExecutor: '${kind}' is already registered for ${backend} to another executor; pick another name.`);
  registry.set(kind, executor as Executor<unknown, unknown, unknown, never>);
}

/** The executor registered as `kind` for `backend`; throws naming the known kinds when there is none. */
export function executorFor<D = WebGpuDevice>(kind: string, backend = 'webgpu'): Executor<unknown, unknown, unknown, D> {
  const registry = registries.get(backend);
  const executor = registry?.get(kind);
  if (executor === undefined) {
    const known = [...(registry?.keys() ?? [])].join(', ') || 'none';
    throw new Error(`No executor '${kind}' for ${backend} in this process (known: ${known}); the worker must import the module that registers it.`);
  }
  return executor as Executor<unknown, unknown, unknown, D>;
}

/**
 * An executor made from a {@link Task} over a {@link WebGpuDevice} (or, registered for 'cuda', a
 * {@link CudaStreamDevice}): `make(input)` builds the task where the
 * device is, so any in-process task becomes portable once its input is data.
 *
 * @example
 * ```ts
 * registerExecutor('batch-apsp', taskExecutor(({ item, options }) => apspTask(item, options)));
 * ```
 */
export function taskExecutor<I, S, O, D extends BackendDevice = WebGpuDevice>(make: (input: I) => Task<D, S, O>): Executor<I, { task: Task<D, S, O>; state: S }, O, D> {
  return {
    download: async (device, input, stream) => {
      const task = make(input);
      return { task, state: await task.download(device, stream) };
    },
    kernel: (device, s, stream) => s.task.kernel(device, s.state, stream),
    readback: (device, s, stream) => s.task.readback(device, s.state, stream),
    release: (device, s) => s.task.release?.(device, s.state),
  };
}

/** Where a portable task's device half runs: runs its phases by executor kind, and keeps device-resident data. */
export interface ExecutorDevice extends BackendDevice {
  /**
   * Runs the executor's download with `input` on the scheduler's stream `stream` (default 0); resolves with a
   * handle to its state on the device's side. The task's later phases get the same stream.
   */
  open(kind: string, input: unknown, stream?: number): Promise<number>;
  compute(handle: number, stream?: number): Promise<void>;
  collect(handle: number, stream?: number): Promise<unknown>;
  close(handle: number): void;
}

/**
 * A scheduler task whose phases run a registered executor on whichever device the scheduler picks — a
 * {@link WebGpuDevice} of this process or a worker process's GPU. `input` may be a function of that device,
 * called at the download: a task then sends only what the device does not already hold.
 *
 * @example
 * ```ts
 * const r = await scheduler.submit(portableTask<Float32Array>('double', { x })).result;
 * ```
 */
export function portableTask<O>(kind: string, input: unknown): Task<ExecutorDevice, number, O> {
  return {
    download: (device, stream) => device.open(kind, typeof input === 'function' ? (input as (device: ExecutorDevice) => unknown)(device) : input, stream),
    kernel: (device, handle, stream) => device.compute(handle, stream),
    readback: async (device, handle, stream) => (await device.collect(handle, stream)) as O,
    release: (device, handle) => device.close(handle),
  };
}

/**
 * Executor states of one device, by handle: the bookkeeping behind {@link ExecutorDevice} for a device that
 * runs executors itself (a {@link WebGpuDevice}, each worker's device, and a CUDA device with `backend` 'cuda').
 */
export class ExecutorStates<D = WebGpuDevice> {
  readonly #states = new Map<number, { executor: Executor<unknown, unknown, unknown, D>; state: unknown }>();
  readonly #backend: string;
  #next = 0;

  constructor(backend = 'webgpu') {
    this.#backend = backend;
  }

  async open(device: D, kind: string, input: unknown, stream = 0): Promise<number> {
    const executor = executorFor<D>(kind, this.#backend);
    const state = await executor.download(device, input, stream);
    const handle = this.#next++;
    this.#states.set(handle, { executor, state });
    return handle;
  }

  async compute(device: D, handle: number, stream = 0): Promise<void> {
    const { executor, state } = this.#get(handle);
    await executor.kernel(device, state, stream);
  }

  async collect(device: D, handle: number, stream = 0): Promise<unknown> {
    const { executor, state } = this.#get(handle);
    return executor.readback(device, state, stream);
  }

  close(device: D, handle: number): void {
    const entry = this.#states.get(handle);
    if (entry === undefined) return;
    this.#states.delete(handle);
    entry.executor.release?.(device, entry.state);
  }

  #get(handle: number) {
    const entry = this.#states.get(handle);
    if (entry === undefined) throw new Error(`executor state ${handle} is not open on this device (closed, or opened on another device)`);
    return entry;
  }
}
