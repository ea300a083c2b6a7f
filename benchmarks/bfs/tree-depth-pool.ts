// The host's depths of many BFS answers at once (issue 5): at scale 26 treeDepths is about a second a search
// on one thread, and the batched measurement needs them for every search's GPU check. Worker threads take the
// searches of a runMany call in turn while the main thread checks the ones already done.
import type { Worker } from 'node:worker_threads';
import { treeDepths } from '@semiforge/algorithms';
// graph-io's worker plumbing (a .ts entry under tsx, the .js beside a bundle), not part of its public API.
import { startWorker, workerEntry } from '../../packages/graph-io/src/worker-start.js';

/** What a worker is sent: a parent array's memory (moved, not copied) and its source. */
export interface DepthJob {
  readonly id: number;
  readonly buffer: ArrayBuffer;
  readonly length: number;
  readonly source: number;
}

/** What comes back: the parent array's memory, and the depths' or the first vertex whose chain is broken. */
export type DepthReply = { readonly id: number; readonly buffer: ArrayBuffer } & ({ readonly depth: ArrayBuffer } | { readonly brokenAt: number });

/** treeDepths' answer together with the parent array it was computed from (the caller's may be detached). */
export type PooledDepths = { readonly parent: Int32Array } & ({ readonly depth: Int32Array } | { readonly brokenAt: number });

const workerUrl = workerEntry(import.meta.url, 'tree-depth-worker');

/**
 * treeDepths over `threads` worker threads (0: on the calling thread, at once). A parent array given to
 * `depths` is moved to a worker and back when it is all of its memory (else a copy goes): use the one in the
 * answer, the caller's is empty from then on.
 *
 * @example
 * const pool = new TreeDepthPool(8);
 * const pending = results.map((r) => pool.depths(r.parent, r.source));
 * for (const p of pending) { const { parent, ...tree } = await p; … }
 * pool.destroy();
 */
export class TreeDepthPool {
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: { job: DepthJob; resolve: (r: PooledDepths) => void; reject: (e: Error) => void }[] = [];
  readonly #running = new Map<number, { worker: Worker; resolve: (r: PooledDepths) => void; reject: (e: Error) => void; length: number }>();
  #next = 0;
  #failed: Error | undefined;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = startWorker(workerUrl, undefined);
      worker.on('message', (reply: DepthReply) => this.#done(worker, reply));
      worker.once('error', (e) => this.#fail(e));
      worker.once('exit', (code) => code !== 0 && this.#fail(new Error(`tree depths worker exited with code ${code}`)));
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  /** The depths of `parent`, a BFS answer from `source`, as treeDepths gives them, with the parent array. */
  depths(parent: Int32Array, source: number): Promise<PooledDepths> {
    if (this.#workers.length === 0) return Promise.resolve({ parent, ...treeDepths(parent, source) });
    if (this.#failed) return Promise.reject(this.#failed);
    // Moving memory that other arrays view too (or shared memory) would take it from under them.
    const whole = parent.buffer instanceof ArrayBuffer && parent.byteOffset === 0 && parent.byteLength === parent.buffer.byteLength;
    const own = whole ? parent : parent.slice();
    return new Promise((resolve, reject) => {
      this.#queue.push({ job: { id: this.#next++, buffer: own.buffer as ArrayBuffer, length: own.length, source }, resolve, reject });
      this.#dispatch();
    });
  }

  destroy(): void {
    for (const w of this.#workers) void w.terminate();
    this.#workers.length = 0;
    this.#fail(new Error('tree depths pool destroyed'));
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop()!;
      const { job, resolve, reject } = this.#queue.shift()!;
      this.#running.set(job.id, { worker, resolve, reject, length: job.length });
      worker.postMessage(job, [job.buffer]);
    }
  }

  #done(worker: Worker, reply: DepthReply): void {
    const run = this.#running.get(reply.id)!;
    this.#running.delete(reply.id);
    this.#idle.push(worker);
    const parent = new Int32Array(reply.buffer, 0, run.length);
    run.resolve('depth' in reply ? { parent, depth: new Int32Array(reply.depth) } : { parent, brokenAt: reply.brokenAt });
    this.#dispatch();
  }

  #fail(e: Error): void {
    this.#failed ??= e;
    for (const r of [...this.#running.values(), ...this.#queue]) r.reject(e);
    this.#running.clear();
    this.#queue.length = 0;
  }
}
