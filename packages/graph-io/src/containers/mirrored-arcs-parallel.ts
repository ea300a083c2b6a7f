import type { Csr } from '../csr.js';
import { isShared, arcBalancedRanges, sharedArray, workerThreads } from '../shared-memory.js';
import { runWorkers, workerEntry } from '../worker-start.js';
import { findUnmirroredArc, unmirroredArcOf, type UnmirroredArc } from './mirrored-arcs.js';

/** What one worker is posted: the graph in shared memory, its rows, and where its two sums go. */
export interface MirrorSumsJob {
  readonly csr: Pick<Csr, 'indptr' | 'indices' | 'weight'>;
  readonly first: number;
  readonly end: number;
  /** Two int32 words a worker: its forward and backward sums at 2 · slot. */
  readonly sums: Int32Array;
  readonly slot: number;
}

/** Options of {@link findUnmirroredArcParallel}. */
export interface MirrorCheckOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node). 1 checks on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are checked on the calling thread; default 2^26 (below that the workers' start-up costs about what they save). */
  readonly minParallelArcs?: number;
}

/**
 * Below this the workers' start-up costs about what they save: on the 2-core dev host, 67 M pattern arcs (just under
 * 2^26) took 233–266 ms on one thread and 177–189 ms on two (built JS; under tsx, 33 M arcs were slower on two).
 */
export const MIN_PARALLEL_CHECK_ARCS = 1 << 26;

const workerUrl = workerEntry(import.meta.url, 'mirrored-arcs-worker');

/**
 * {@link findUnmirroredArc} with its pass over the arcs split among worker threads (its two sums add over any
 * split of the rows): the same answer. Only a graph whose arrays already lie in shared memory is split (as
 * graph-io's `csrFromEdgesParallel` and `relabelByDegreeParallel` leave them): copying the others there
 * would cost about what the pass saves and twice their memory, so they are checked on the calling thread, as are
 * graphs under `minParallelArcs` arcs. Naming the arc after a mismatch stays on the calling thread (a rare path).
 *
 * @example
 * ```ts
 * const g = await csrFromEdgesParallel(edges, { symmetrize: true });
 * await findUnmirroredArcParallel(g); // undefined: every arc has its mirror
 * ```
 */
export async function findUnmirroredArcParallel(csr: Pick<Csr, 'n' | 'indptr' | 'indices' | 'weight'>, options: MirrorCheckOptions = {}): Promise<UnmirroredArc | undefined> {
  const threads = workerThreads(options.threads, 'findUnmirroredArcParallel');
  const shared = isShared(csr.indptr) && isShared(csr.indices) && (csr.weight === null || isShared(csr.weight));
  if (threads === 1 || !shared || csr.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_CHECK_ARCS)) return findUnmirroredArc(csr);
  const ranges = arcBalancedRanges(csr.indptr, csr.n, threads);
  const sums = sharedArray(Int32Array, 2 * ranges.length);
  const input = { indptr: csr.indptr, indices: csr.indices, weight: csr.weight };
  await runWorkers(
    workerUrl,
    ranges.map(([first, end], slot) => ({ data: { csr: input, first, end, sums, slot } satisfies MirrorSumsJob, what: `mirror-check worker for rows ${first}..${end - 1}` })),
  );
  let forward = 0;
  let backward = 0;
  for (let i = 0; i < ranges.length; i++) {
    forward = (forward + sums[2 * i]) | 0;
    backward = (backward + sums[2 * i + 1]) | 0;
  }
  return forward === backward ? undefined : unmirroredArcOf(csr);
}
