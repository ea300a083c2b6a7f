// The BFS suite's multi-threaded CPU peer (issue 5: "a CPU BFS in the same run on the GPU machine's cores"):
// direction-optimising BFS in worker threads over shared memory (parallel-bfs-worker.ts), Beamer's scheme
// with paper 003's α/β switch, the way GAP's bfs.cc runs it with OpenMP.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Csr } from '@semiforge/graph-io';
// From its file, not the package: the worker loads this module too, and needs none of the GPU runners.
import { BFS_DEFAULTS, type BfsDirection } from '../../packages/algorithms/src/bfs/bfs.plan.js';
// graph-io's worker plumbing (a .ts entry under tsx, the .js beside a bundle; views of ≥ 4 GiB buffers cross as buffer + extent).
import { inShared } from '../../packages/graph-io/src/shared-memory.js';
import { startWorker, workerEntry } from '../../packages/graph-io/src/worker-start.js';

/** Slots of the control words the workers share: the barrier's, and one work cursor per level parity. */
export const CONTROL = { arrived: 0, generation: 1, cursor: 2, words: 4 } as const;

/** What each worker starts with: the graph and the search state in shared memory, its id, the switch constants. */
export interface ParallelBfsJob {
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly parent: Int32Array;
  /** The top-down frontier, as a queue of vertex ids. */
  readonly queue: Uint32Array;
  /** The bottom-up frontier and the next one, a bit per vertex. */
  readonly bitmaps: readonly [Uint32Array, Uint32Array];
  readonly control: Int32Array;
  /** Per level parity and worker: vertices found and the sum of their degrees. */
  readonly stats: Float64Array;
  readonly threads: number;
  readonly id: number;
  readonly alpha: number;
  readonly beta: number;
}

/** One level of a search: its direction, the frontier it started from and the vertices it found. */
export interface ParallelBfsLevel {
  readonly direction: BfsDirection;
  readonly frontier: number;
  readonly found: number;
}

export interface ParallelBfsOptions {
  /** Worker threads; default all cores but one (the main thread waits, the others search). */
  readonly threads?: number;
  /** Top-down → bottom-up when α·m_f > m_u. Default: the GPU runner's (BFS_DEFAULTS). */
  readonly alpha?: number;
  /** Bottom-up → top-down when the frontier shrinks and β·m_f < m_u. Default: the GPU runner's. */
  readonly beta?: number;
}

/** A search's answer: parents (−1 unreached, the source its own), its levels, and its wall time in ms. */
export interface ParallelBfsResult {
  readonly parent: Int32Array;
  readonly levels: readonly ParallelBfsLevel[];
  readonly ms: number;
}

const workerUrl = workerEntry(import.meta.url, 'parallel-bfs-worker');

/**
 * Direction-optimising BFS on `threads` worker threads that keep the graph (copied once into shared memory)
 * between searches. One search at a time; its time runs from the message that starts it to the last worker's
 * reply, parent reset included.
 *
 * @example
 * const bfs = new ParallelBfs(csr, { threads: 15 });
 * const { parent, ms } = await bfs.search(0);
 * await bfs.destroy();
 */
export class ParallelBfs {
  readonly threads: number;
  readonly alpha: number;
  readonly beta: number;
  readonly #workers: Worker[] = [];
  readonly #parent: Int32Array;
  #failed: Error | undefined;
  #pending: { replies: ParallelBfsLevel[][]; resolve: () => void; reject: (e: Error) => void } | undefined;

  constructor(csr: Csr, options: ParallelBfsOptions = {}) {
    if (csr.directed) throw new Error('ParallelBfs: the graph is directed; the bottom-up step needs a symmetric one (csrFromEdges(..., { symmetrize: true }))');
    this.threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    if (!Number.isInteger(this.threads) || this.threads < 1 || this.threads > 256) throw new RangeError(`ParallelBfs: threads ${this.threads} is not an integer in 1..256`);
    const { alpha = BFS_DEFAULTS.alpha, beta = BFS_DEFAULTS.beta } = options;
    this.alpha = alpha;
    this.beta = beta;
    for (const [name, v] of Object.entries({ alpha, beta })) if (!(v > 0 && Number.isFinite(v))) throw new RangeError(`ParallelBfs: ${name} ${v} is not a positive number`);
    const words = Math.ceil(csr.n / 32);
    this.#parent = new Int32Array(new SharedArrayBuffer(4 * csr.n));
    const state = {
      indptr: inShared(csr.indptr),
      indices: inShared(csr.indices),
      parent: this.#parent,
      queue: new Uint32Array(new SharedArrayBuffer(4 * csr.n)),
      bitmaps: [new Uint32Array(new SharedArrayBuffer(4 * words)), new Uint32Array(new SharedArrayBuffer(4 * words))] as const,
      control: new Int32Array(new SharedArrayBuffer(4 * CONTROL.words)),
      stats: new Float64Array(new SharedArrayBuffer(8 * 4 * this.threads)),
      threads: this.threads,
      alpha,
      beta,
    };
    for (let id = 0; id < this.threads; id++) {
      const job: ParallelBfsJob = { ...state, id };
      const worker = startWorker(workerUrl, job);
      worker.on('message', (levels: ParallelBfsLevel[]) => this.#reply(levels));
      worker.once('error', (e) => this.#fail(e));
      worker.once('exit', (code) => code !== 0 && this.#fail(new Error(`parallel BFS worker ${id} exited with code ${code}`)));
      this.#workers.push(worker);
    }
  }

  /** Searches from `source`; the parent array returned is a copy (the shared one is the next search's). */
  async search(source: number): Promise<ParallelBfsResult> {
    const n = this.#parent.length;
    if (!Number.isInteger(source) || source < 0 || source >= n) throw new RangeError(`ParallelBfs: source ${source} is not a vertex (0..${n - 1})`);
    if (this.#failed) throw this.#failed;
    if (this.#pending) throw new Error('ParallelBfs: one search at a time (await the previous one)');
    const started = performance.now();
    const done = new Promise<ParallelBfsLevel[][]>((resolve, reject) => {
      const replies: ParallelBfsLevel[][] = [];
      this.#pending = { replies, resolve: () => resolve(replies), reject };
    });
    for (const w of this.#workers) w.postMessage(source);
    const replies = await done;
    const ms = performance.now() - started;
    // Worker 0 records the levels; the others reply with none.
    return { parent: this.#parent.slice(), levels: replies.find((r) => r.length > 0) ?? [], ms };
  }

  async destroy(): Promise<void> {
    this.#fail(new Error('ParallelBfs: destroyed'));
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }

  #reply(levels: ParallelBfsLevel[]): void {
    const pending = this.#pending;
    if (!pending) return;
    pending.replies.push(levels);
    if (pending.replies.length < this.threads) return;
    this.#pending = undefined;
    pending.resolve();
  }

  /** A worker that failed leaves the others waiting at a barrier: all of them stop. */
  #fail(e: Error): void {
    // Terminated workers exit with code 1 and report here again: stop them once.
    if (this.#failed) return;
    this.#failed = e;
    for (const w of this.#workers) void w.terminate();
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(e);
  }
}
