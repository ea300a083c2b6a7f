import type { Worker } from 'node:worker_threads';
import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { checkIntegerOption } from '../generators/check-option.js';
import { MAX_THREADS } from '../generators/recursive-matrix-parallel.js';
import { hasNodeBuiltins, nodeBuiltin } from '../node-builtin.js';
import { startWorker, workerDone, workerEntry } from '../worker-start.js';
import { planRelabel, relabelByDegree, type RelabelOptions, type RelabelPlan } from './relabel-by-degree.js';

/** What one worker is posted: the graph and the plan in shared memory, the output arrays, its rows. */
export interface RelabelJob {
  readonly csr: Pick<Csr, 'indptr' | 'indices' | 'weight'>;
  readonly plan: Pick<RelabelPlan, 'oldOf' | 'newOf' | 'outPtr'>;
  readonly outIdx: Uint32Array;
  readonly outW: WeightArray | null;
  readonly first: number;
  readonly end: number;
}

/** Options of {@link relabelByDegreeParallel}. */
export interface RelabelParallelOptions extends RelabelOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node, e.g. in a browser). 1 relabels on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are relabelled on the calling thread; default 4M (below that the workers' start-up costs more than they save). */
  readonly minParallelArcs?: number;
}

/** Below this many arcs the workers' start-up costs more than they save: the call relabels on this thread. */
const MIN_PARALLEL_ARCS = 1 << 22;

const workerUrl = workerEntry(import.meta.url, 'relabel-by-degree-worker');

/**
 * {@link relabelByDegree} in `threads` worker threads (default: the machine's parallelism), with the same
 * result: the order and row starts are computed here (O(n)), then each worker copies and sorts a range of
 * the new rows holding about the same number of arcs. The arrays the workers read and write are in shared
 * memory (the input copied there unless it already is); the result is copied back to plain arrays.
 * Graphs under `minParallelArcs` arcs are relabelled on the calling thread.
 *
 * @example
 * ```ts
 * const g = await relabelByDegreeParallel(csrFromEdges(tuples, { symmetrize: true }), { threads: 16 });
 * ```
 */
export async function relabelByDegreeParallel(csr: Csr, options: RelabelParallelOptions = {}): Promise<Csr> {
  // Outside Node there are no worker threads to start: the same result on the calling thread.
  const threads = options.threads ?? (hasNodeBuiltins() ? nodeBuiltin('node:os', 'relabelByDegreeParallel').availableParallelism() : 1);
  checkIntegerOption('threads', threads, 1, MAX_THREADS);
  if (threads === 1 || csr.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return relabelByDegree(csr, options);
  const plan = planRelabel(csr, options.order, (length) => new Uint32Array(new SharedArrayBuffer(4 * length)), options.keep);
  const n = plan.oldOf.length;
  const m = plan.outPtr[n];
  const outIdx = shared(Uint32Array, m);
  const outW = csr.weight === null ? null : csr.weight instanceof Float32Array ? shared(Float32Array, m) : shared(Float64Array, m);
  const input = { indptr: inShared(csr.indptr), indices: inShared(csr.indices), weight: csr.weight === null ? null : inShared(csr.weight) };
  const started: Worker[] = [];
  const jobs: Promise<void>[] = [];
  const ranges = arcBalancedRanges(plan.outPtr, n, threads);
  for (const [first, end] of ranges) {
    const job: RelabelJob = { csr: input, plan: { oldOf: plan.oldOf, newOf: plan.newOf, outPtr: plan.outPtr }, outIdx, outW, first, end };
    const worker = startWorker(workerUrl, job);
    started.push(worker);
    jobs.push(workerDone(worker, `relabel-by-degree worker for rows ${first}..${end - 1}`));
  }
  try {
    await Promise.all(jobs);
  } catch (error) {
    await Promise.all(started.map((worker) => worker.terminate()));
    throw error;
  }
  // Copied out of shared memory: Dawn's node binding refuses (crashes on) uploads from a SharedArrayBuffer, and
  // callers upload CSR arrays. slice() makes plain buffers; the copy costs a few seconds at 2^31 arcs.
  return { n, indptr: plan.outPtr.slice(), indices: outIdx.slice(), weight: outW && outW.slice(), directed: csr.directed, sorted: true, ids: plan.ids };
}

/** Up to `parts` ranges of rows [first, end) with about the same number of arcs each (a row is never split). */
function arcBalancedRanges(indptr: Uint32Array, n: number, parts: number): [number, number][] {
  const ranges: [number, number][] = [];
  const total = indptr[n];
  let first = 0;
  for (let k = 1; k <= parts && first < n; k++) {
    const target = (total * k) / parts;
    // The first row whose start reaches the target (binary search over the non-decreasing starts).
    let lo = first + 1;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (indptr[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    const end = k === parts ? n : lo;
    if (end > first) ranges.push([first, end]);
    first = end;
  }
  return ranges;
}

type TypedArrayOf<T> = { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number };

function shared<T>(Type: TypedArrayOf<T>, length: number): T {
  return new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT));
}

/** The array itself when it is in shared memory, else a copy there. */
function inShared<T extends Uint32Array | Float32Array | Float64Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = new (a.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a);
  return copy;
}
