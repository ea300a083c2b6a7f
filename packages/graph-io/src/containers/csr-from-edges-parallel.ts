import type { Csr } from '../csr.js';
import type { EdgeList } from '../edge-list.js';
import { workerThreads } from '../shared-memory.js';
import { csrFromEdges, csrOfRows, scatterOf, sortsRows, type CsrFromEdgesOptions } from './csr-from-edges.js';
import { placeRowsParallel } from './place-rows-parallel.js';
import { bucketArcs } from './row-scatter.js';

/** Options of {@link csrFromEdgesParallel}. */
export interface CsrFromEdgesParallelOptions extends CsrFromEdgesOptions {
  /** Worker threads placing and sorting the rows; default: the machine's parallelism (1 outside Node, e.g. in a browser). */
  readonly threads?: number;
  /** Edge lists with fewer arcs are built on the calling thread; default 4M (below, the workers' start-up costs more than they save). */
  readonly minParallelArcs?: number;
}

/** Below this many arcs the workers' start-up costs more than they save. */
const MIN_PARALLEL_ARCS = 1 << 22;

/**
 * {@link csrFromEdges} in `threads` worker threads (default: the machine's parallelism): the same result. The
 * counting sort's first step (the arcs appended per bucket of rows) runs here, into shared memory; its second
 * (each bucket's arcs put in row order) and the sorting of the rows where asked, most of the time of a Kronecker
 * graph's build, are split among the workers by arcs; parallel arcs are merged here. Under `minParallelArcs` arcs
 * it is `csrFromEdges` itself. Built in workers, the arrays stay in shared memory (a SharedArrayBuffer), where they
 * were written: no copy of them is made. `@semiforge/runtime` uploads from there; Dawn's own `queue.writeBuffer`
 * does not take shared memory (copy with `slice()` first if you call it yourself).
 *
 * @example
 * ```ts
 * const g = await csrFromEdgesParallel(kroneckerTuples, { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });
 * ```
 */
export async function csrFromEdgesParallel(edges: EdgeList, options: CsrFromEdgesParallelOptions = {}): Promise<Csr> {
  const threads = workerThreads(options.threads, 'csrFromEdgesParallel');
  if (threads === 1 || edges.src.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return csrFromEdges(edges, options);
  const sorted = sortsRows(options);
  const buckets = bucketArcs(edges.n, edges.src, edges.dst, edges.weight, { ...scatterOf(edges, options), shared: true });
  return csrOfRows(edges, await placeRowsParallel(buckets, threads, sorted), options, sorted);
}
