import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { arcBalancedRanges, inShared, sharedArray, workerThreads } from '../shared-memory.js';
import { runWorkers, workerEntry } from '../worker-start.js';
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
 * memory (the input copied there unless it already is, as {@link csrFromEdgesParallel}'s is), and the result
 * stays there (`@semiforge/runtime` uploads from shared memory; Dawn's own `queue.writeBuffer` does not).
 * Graphs under `minParallelArcs` arcs are relabelled on the calling thread.
 *
 * @example
 * ```ts
 * const g = await relabelByDegreeParallel(csrFromEdges(tuples, { symmetrize: true }), { threads: 16 });
 * ```
 */
export async function relabelByDegreeParallel(csr: Csr, options: RelabelParallelOptions = {}): Promise<Csr> {
  // Outside Node there are no worker threads to start: the same result on the calling thread.
  const threads = workerThreads(options.threads, 'relabelByDegreeParallel');
  if (threads === 1 || csr.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return relabelByDegree(csr, options);
  const plan = planRelabel(csr, options.order, (length) => sharedArray(Uint32Array, length), options.keep);
  const n = plan.oldOf.length;
  const m = plan.outPtr[n];
  const outIdx = sharedArray(Uint32Array, m);
  const outW = csr.weight === null ? null : csr.weight instanceof Float32Array ? sharedArray(Float32Array, m) : sharedArray(Float64Array, m);
  const input = { indptr: inShared(csr.indptr), indices: inShared(csr.indices), weight: csr.weight === null ? null : inShared(csr.weight) };
  const jobs = arcBalancedRanges(plan.outPtr, n, threads).map(([first, end]) => {
    const data: RelabelJob = { csr: input, plan: { oldOf: plan.oldOf, newOf: plan.newOf, outPtr: plan.outPtr }, outIdx, outW, first, end };
    return { data, what: `relabel-by-degree worker for rows ${first}..${end - 1}` };
  });
  await runWorkers(workerUrl, jobs);
  return { n, indptr: plan.outPtr, indices: outIdx, weight: outW, directed: csr.directed, sorted: true, ids: plan.ids };
}
