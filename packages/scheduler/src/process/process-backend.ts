import { fork, type ChildProcess } from 'node:child_process';
import type { Backend } from '../backend.js';
import type { ExecutorDevice } from '../executor.js';
import { decodeShared, removeShared, SharedPayloads } from './shared-payload.js';
import { WORKER_ENV, type HostMessage, type WorkerConfig, type WorkerMessage, type WorkerReady } from './protocol.js';

/** A GPU owned by a worker process: the scheduler's device, running executors there. */
export class ProcessDevice implements ExecutorDevice {
  readonly index: number;
  readonly label: string;
  readonly bus: number;
  readonly lost: Promise<Error>;
  /** What the worker reported: its pid, adapter and selection environment. */
  readonly ready: WorkerReady;
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #payloads: SharedPayloads;
  #next = 0;
  #lostError: Error | undefined;
  #markLost!: (error: Error) => void;

  constructor(child: ChildProcess, index: number, bus: number, ready: WorkerReady) {
    this.#child = child;
    this.index = index;
    this.bus = bus;
    this.ready = ready;
    this.label = `${ready.adapter} (worker ${index}, pid ${ready.pid})`;
    this.lost = new Promise((resolve) => (this.#markLost = resolve));
    this.#payloads = new SharedPayloads(`host${index}`);
    child.on('message', (message: WorkerMessage) => {
      if (message.op === 'lost') this.#lose(new Error(`device of worker ${index} lost: ${message.message}`));
      if (message.op !== 'reply') return;
      const waiting = this.#pending.get(message.id);
      if (waiting === undefined) return;
      this.#pending.delete(message.id);
      if (message.ok) {
        try {
          waiting.resolve(decodeShared(message.value));
        } catch (error) {
          waiting.reject(error as Error);
        }
      }
      else waiting.reject(Object.assign(new Error(message.message), { name: message.name }));
    });
    child.on('exit', (code, signal) => this.#lose(new Error(`worker ${index} (pid ${ready.pid}) exited (${signal ?? `code ${code}`})`)));
  }

  get isLost(): boolean {
    return this.#lostError !== undefined;
  }

  open(kind: string, input: unknown): Promise<number> {
    if (this.#lostError !== undefined) return Promise.reject(this.#lostError);
    return this.#call({ op: 'open', id: 0, kind, input: this.#payloads.encode(input) }) as Promise<number>;
  }

  async compute(handle: number): Promise<void> {
    await this.#call({ op: 'compute', id: 0, handle });
  }

  collect(handle: number): Promise<unknown> {
    return this.#call({ op: 'collect', id: 0, handle });
  }

  close(handle: number): void {
    if (!this.isLost) this.#child.send({ op: 'close', handle } satisfies HostMessage);
  }

  /** Asks the worker to free its device and exit. */
  destroy(): void {
    if (this.isLost) return;
    this.#child.send({ op: 'destroy' } satisfies HostMessage);
    this.#lose(new Error(`worker ${this.index} destroyed`));
  }

  /** Ends the worker at once, as a crash would (for tests of device loss). */
  kill(): void {
    this.#child.kill('SIGKILL');
  }

  #call(message: HostMessage & { id: number }): Promise<unknown> {
    if (this.#lostError !== undefined) return Promise.reject(this.#lostError);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.send({ ...message, id }, (error) => {
        if (error == null) return;
        this.#pending.delete(id);
        reject(error);
      });
    });
  }

  #lose(error: Error): void {
    if (this.#lostError !== undefined) return;
    this.#lostError = error;
    // Files in flight either way: nobody will read them now.
    removeShared(this.#payloads.prefix);
    removeShared(`semiforge-${this.ready.pid}-`);
    this.#markLost(error);
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

/** Options of {@link openProcessBackend}. */
export interface ProcessBackendOptions {
  /** Worker processes, one GPU each (default 1). */
  gpus?: number;
  /**
   * Script each worker runs; it must call `serveWorkerIfAsked()` first and import the modules that register
   * the executors the tasks use. Default: this process's own entry script (`process.argv[1]`), so a benchmark or
   * a CLI serves as its own worker.
   */
  module?: string;
  /** Node flags of the workers (default: this process's, e.g. a TypeScript loader). */
  execArgv?: readonly string[];
  /**
   * Extra environment of each worker, e.g. `[{ DRI_PRIME: 'pci-0000_18_00_0' }, { DRI_PRIME: 'pci-0000_2a_00_0' }]`
   * to give each its own GPU through Mesa's device-select layer (see the package README).
   */
  env?: readonly Readonly<Record<string, string>>[];
  /** Adapter filter of each worker (as `openDevice`'s `adapter`). */
  adapters?: readonly string[];
  /** Bus id of each worker's GPU (default: one each; GPUs of one host have a PCIe link each). */
  buses?: readonly number[];
  /** Per worker, bytes to allocate and hold so that `nvidia-smi` tells the workers apart (probe only). */
  markerBytes?: readonly number[];
  /** Milliseconds to wait for a worker to open its device (default 120000). */
  startTimeoutMs?: number;
}

/** Worker processes, one GPU each, as one {@link Backend}. */
export interface ProcessBackend extends Backend<ProcessDevice> {
  readonly name: 'process';
}

function startWorker(index: number, options: ProcessBackendOptions): Promise<{ child: ChildProcess; ready: WorkerReady }> {
  const module = options.module ?? process.argv[1];
  if (module === undefined) throw new Error('openProcessBackend: no worker module; pass `module` (a script that calls serveWorkerIfAsked()).');
  const config: WorkerConfig = {
    index,
    ...(options.adapters?.[index] === undefined ? {} : { adapter: options.adapters[index] }),
    ...(options.markerBytes?.[index] === undefined ? {} : { markerBytes: options.markerBytes[index] }),
  };
  // The default worker is this process's own entry: give it the same arguments.
  const child = fork(module, options.module === undefined ? process.argv.slice(2) : [], {
    execArgv: [...(options.execArgv ?? process.execArgv)],
    env: { ...process.env, ...options.env?.[index], [WORKER_ENV]: JSON.stringify(config) },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`scheduler worker ${index} (${module}) did not start: ${why}`));
    };
    const timer = setTimeout(() => fail(`no device after ${timeoutMs} ms`), timeoutMs);
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`}) before opening a device; does the script call serveWorkerIfAsked() first?`));
    child.on('message', function first(message: WorkerMessage) {
      if (message.op === 'failed') fail(message.message);
      if (message.op !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.off('message', first);
      resolve({ child, ready: message });
    });
  });
}

/**
 * One worker process per GPU, each opening one WebGPU device: the way to several identical GPUs of one host
 * from Dawn, which in one process always returns the first of them (see the package README). Tasks must be
 * portable ({@link portableTask}): their inputs and outputs cross the process boundary — typed arrays of 1 MiB
 * or more as files in /dev/shm, the rest cloned over IPC — a host copy each way on top of the device transfer.
 *
 * @example
 * ```ts
 * const backend = await openProcessBackend({ gpus: 2, env: [{ DRI_PRIME: 'pci-0000_18_00_0' }, { DRI_PRIME: 'pci-0000_2a_00_0' }] });
 * const scheduler = new Scheduler(backend);
 * ```
 */
export async function openProcessBackend(options: ProcessBackendOptions = {}): Promise<ProcessBackend> {
  const gpus = options.gpus ?? 1;
  if (!Number.isInteger(gpus) || gpus < 1) throw new RangeError(`openProcessBackend: gpus = ${gpus}; start at least one worker.`);
  for (const [name, list] of [['env', options.env], ['adapters', options.adapters], ['buses', options.buses]] as const) {
    if (list !== undefined && list.length !== gpus) throw new RangeError(`openProcessBackend: ${list.length} entries in ${name} for ${gpus} workers; give one per worker.`);
  }
  const started = await Promise.allSettled(Array.from({ length: gpus }, (_, i) => startWorker(i, options)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed !== undefined) {
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill();
    throw (failed as PromiseRejectedResult).reason;
  }
  const devices = started.map((s, i) => {
    const { child, ready } = (s as PromiseFulfilledResult<{ child: ChildProcess; ready: WorkerReady }>).value;
    return new ProcessDevice(child, i, options.buses?.[i] ?? i, ready);
  });
  return {
    name: 'process',
    devices,
    now: () => performance.now(),
    destroy: () => {
      for (const d of devices) d.destroy();
    },
  };
}
