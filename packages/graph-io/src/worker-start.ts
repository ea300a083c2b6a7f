import type { Worker } from 'node:worker_threads';
import { nodeBuiltin } from './node-builtin.js';

/**
 * Starts the worker whose entry is `entry` (a module URL ending in .js from dist, .ts under vitest or tsx)
 * with `workerData`. Node 20 cannot start a .ts worker even with `--import tsx` in its execArgv (the entry
 * resolves before the hook), so a .ts entry is started through a small eval'd module that registers tsx
 * first, then imports it, with the `source` export condition as its caller's tests and tsx runs have (so that a
 * worker's `@semiforge/*` imports resolve to their sources too, built or not). Bundles (scripts/device-bundle.sh)
 * put the .js entries beside the bundle.
 *
 * @example
 * ```ts
 * const worker = startWorker(new URL('./my-worker.js', import.meta.url), { first: 0, end: 10 });
 * await workerDone(worker, 'my worker for 0..9');
 * ```
 */
export function startWorker(entry: URL, data: unknown): Worker {
  const options = { workerData: toWorker(data) };
  const { Worker } = nodeBuiltin('node:worker_threads', 'worker threads');
  if (!entry.href.endsWith('.ts')) return new Worker(entry, options);
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(source, { eval: true, ...options, execArgv: [...process.execArgv, '--conditions=source'] });
}

/**
 * What {@link startWorker} was given, in a worker entry: typed arrays over shared memory view the same memory
 * as the caller's.
 *
 * @example
 * ```ts
 * const job = workerInput<MyJob>();
 * ```
 */
export function workerInput<T>(): T {
  return fromWorker(nodeBuiltin('node:worker_threads', 'worker threads').workerData) as T;
}

/** A typed array over a SharedArrayBuffer as it crosses to a worker: the buffer and where the view lies in it. */
interface SharedView {
  readonly semiforgeSharedView: SharedViewType;
  readonly buffer: SharedArrayBuffer;
  readonly byteOffset: number;
  readonly length: number;
}

type ViewConstructor = { new (buffer: SharedArrayBuffer, byteOffset: number, length: number): ArrayBufferView; readonly BYTES_PER_ELEMENT: number };
const SHARED_VIEW_TYPES = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array,
} satisfies Record<string, ViewConstructor>;
type SharedViewType = keyof typeof SHARED_VIEW_TYPES;

// Node 20 clones a typed array whose SharedArrayBuffer is 4 GiB or larger with its length taken modulo 2^32
// bytes (a 4-GiB Uint32Array arrives empty, and the worker's writes go nowhere: a scale-26 Kronecker graph came
// out as 2^30 self-loops on vertex 0). The buffer itself crosses intact, so views travel as buffer + extent.
function toWorker(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && value.buffer instanceof SharedArrayBuffer) {
    const type = value.constructor.name;
    // A DataView (or a subclass) crosses as Node clones it; only typed arrays of the table are rebuilt.
    if (!Object.hasOwn(SHARED_VIEW_TYPES, type)) return value;
    const t = type as SharedViewType;
    const view: SharedView = { semiforgeSharedView: t, buffer: value.buffer, byteOffset: value.byteOffset, length: value.byteLength / SHARED_VIEW_TYPES[t].BYTES_PER_ELEMENT };
    return view;
  }
  if (Array.isArray(value)) return value.map(toWorker);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWorker(v)]));
  }
  return value;
}

function fromWorker(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWorker);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if ('semiforgeSharedView' in value && (value as SharedView).buffer instanceof SharedArrayBuffer) {
      const view = value as SharedView;
      return new (SHARED_VIEW_TYPES[view.semiforgeSharedView] as ViewConstructor)(view.buffer, view.byteOffset, view.length);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWorker(v)]));
  }
  return value;
}

/** Resolves when `worker` exits with code 0; rejects with its error, or naming `what` and the exit code. */
export function workerDone(worker: Worker, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} exited with code ${code}`));
    });
  });
}

/** The entry `name` (without extension) beside `moduleUrl`, as .ts when that module runs from source, else .js. */
export function workerEntry(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);
}

/**
 * Starts one worker of `entry` per job and resolves when all exit with code 0; on the first failure the others
 * are terminated and the failure is thrown (each job's `what` names it in an exit-code error).
 *
 * @example
 * ```ts
 * await runWorkers(workerEntry(import.meta.url, 'sort-rows-worker'), ranges.map(([first, end]) => ({ data: { first, end }, what: `rows ${first}..${end - 1}` })));
 * ```
 */
export async function runWorkers(entry: URL, jobs: readonly { readonly data: unknown; readonly what: string }[]): Promise<void> {
  const started = jobs.map((job) => ({ worker: startWorker(entry, job.data), what: job.what }));
  try {
    await Promise.all(started.map(({ worker, what }) => workerDone(worker, what)));
  } catch (error) {
    await Promise.all(started.map(({ worker }) => worker.terminate()));
    throw error;
  }
}
