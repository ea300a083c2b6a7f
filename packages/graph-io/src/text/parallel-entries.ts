import type { Worker } from 'node:worker_threads';
import { nodeBuiltin } from '../node-builtin.js';
import { inShared } from '../shared-memory.js';
import type { EntriesJob } from './entries-worker.js';
import { expectedCountFits, fastEntries, untrimmedEntries, type FastEntries, type FastEntriesRequest } from './fast-entries.js';
import { lineChunks } from './line-chunks.js';

/** Options of {@link parallelFastEntries}. */
export interface ParallelEntriesOptions {
  /** Threads to parse with, the calling one included (so `threads − 1` workers). */
  readonly threads: number;
}

// Under vitest or tsx this module is the .ts source and the worker must be too. Node 20 does not run
// `--import tsx` loader hooks in workers, so the worker starts as a small script that imports the entry
// through tsx's own API; from dist/ the entry is plain .js.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './entries-worker.ts' : './entries-worker.js', import.meta.url);

/** Room for chunks whose lines run shorter than the body's average. */
const CAPACITY_SLACK = 1.1;
const MIN_CHUNK_CAPACITY = 1024;

/** Started workers waiting for a chunk; kept between calls (starting one costs tens of ms, more under tsx). */
const idle: Worker[] = [];

/**
 * {@link fastEntries} on `threads` chunks of the body at once: `[start, end)` is cut at line starts, the
 * calling thread parses the first chunk and worker threads the others, and the columns are concatenated in
 * file order. `null` if any chunk is (or the total differs from `expectedCount`): the caller then reruns
 * its strict reader, whose line numbers stay right. The bytes should lie in a `SharedArrayBuffer` (see
 * {@link readFileShared}); others are copied into one first.
 *
 * Idle workers stay for the next call without keeping the process alive; {@link stopEntriesWorkers} ends them.
 *
 * @example
 * ```ts
 * const bytes = await readFileShared('web.txt');
 * const e = await parallelFastEntries(
 *   { bytes, start: 0, end: bytes.length, value: 'none', idBase: 0, maxId: 0xfffffffe, commentBytes: [0x23, 0x25] },
 *   { threads: 2 },
 * );
 * ```
 */
export async function parallelFastEntries(req: FastEntriesRequest, options: ParallelEntriesOptions): Promise<FastEntries | null> {
  const { threads } = options;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`threads = ${threads} is not a positive integer`);
  const { expectedCount, ...rest } = req;
  if (threads === 1) return fastEntries(req);
  if (!expectedCountFits(req)) return null;
  const bytes = inShared(req.bytes);
  const bounds = lineChunks(bytes, req.start, req.end, threads);
  // With a known total, each chunk's share of it (plus slack) sizes its columns; they grow if it was short.
  const share = (k: number): number => (bounds[k + 1] - bounds[k]) / Math.max(1, req.end - req.start);
  const job = (k: number): EntriesJob => ({
    req: { ...rest, bytes, start: bounds[k], end: bounds[k + 1] },
    capacity: expectedCount === undefined ? undefined : Math.ceil(expectedCount * share(k) * CAPACITY_SLACK) + MIN_CHUNK_CAPACITY,
  });
  const pending = bounds.slice(2).map((_, k) => inWorker(job(k + 1)));
  let first: FastEntries | null;
  try {
    const { req: head, capacity } = job(0);
    first = untrimmedEntries(head, capacity);
  } finally {
    // Wait for the workers even when the first chunk failed, so that each goes back idle.
    await Promise.allSettled(pending);
  }
  const parts = [first, ...(await Promise.all(pending))];
  if (parts.some((p) => p === null)) return null;
  const result = concatEntries(parts as FastEntries[], req.value !== 'none');
  return expectedCount === undefined || result.count === expectedCount ? result : null;
}

/** Ends the idle workers kept by {@link parallelFastEntries}. */
export async function stopEntriesWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate()));
}

function inWorker(job: EntriesJob): Promise<FastEntries | null> {
  const worker = idle.pop() ?? startWorker();
  worker.ref();
  return new Promise((resolve, reject) => {
    const settle = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (result: FastEntries | null): void => {
      settle();
      worker.unref();
      idle.push(worker);
      resolve(result);
    };
    const onError = (error: Error): void => {
      settle();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(job);
  });
}

function startWorker(): Worker {
  const { Worker } = nodeBuiltin('node:worker_threads', 'parallelFastEntries');
  const worker = fromSource ? new Worker(tsxBootstrap(), { eval: true }) : new Worker(workerUrl);
  worker.unref();
  return worker;
}

function tsxBootstrap(): string {
  const api = nodeBuiltin('node:module', 'parallelFastEntries').createRequire(import.meta.url).resolve('tsx/esm/api');
  const { pathToFileURL } = nodeBuiltin('node:url', 'parallelFastEntries');
  return `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(import.meta.url)}));`;
}

function concatEntries(parts: readonly FastEntries[], valued: boolean): FastEntries {
  const count = parts.reduce((s, p) => s + p.count, 0);
  const src = new Uint32Array(count);
  const dst = new Uint32Array(count);
  const value = valued ? new Float64Array(count) : null;
  let at = 0;
  let largestId = -1;
  for (const p of parts) {
    src.set(p.src.subarray(0, p.count), at);
    dst.set(p.dst.subarray(0, p.count), at);
    if (value !== null) value.set(p.value!.subarray(0, p.count), at);
    at += p.count;
    largestId = Math.max(largestId, p.largestId);
  }
  return { src, dst, value, count, largestId };
}
