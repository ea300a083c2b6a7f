import type { Csr } from '../csr.js';
import { arcBalancedRanges, isShared, sharedArray, workerThreads } from '../shared-memory.js';
import { runWorkers, workerEntry } from '../worker-start.js';
import { checkCsrShape } from './csr-shape.js';
import { csrFault, offsetsFault } from './csr-structure.js';
import { MIN_PARALLEL_CHECK_ARCS, type MirrorCheckOptions } from './mirrored-arcs-parallel.js';
import { checkArrayLengths, throwFault, validateCsr } from './validate-csr.js';

/** What one worker is posted: the graph's arrays in shared memory, its rows, and where its finding goes. */
export interface RowsFaultJob {
  readonly n: number;
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly sorted: boolean;
  readonly first: number;
  readonly end: number;
  /** One slot a worker: 1 where its rows break an invariant, else 0. */
  readonly faults: Uint8Array;
  readonly slot: number;
}

/** Options of {@link validateCsrParallel}: those of the mirror check (threads; 2^26 arcs before workers start). */
export type ValidateCsrOptions = MirrorCheckOptions;

const workerUrl = workerEntry(import.meta.url, 'validate-csr-worker');

/**
 * {@link validateCsr} with its pass over the arcs (indices below n, rows ascending when `sorted`) split among worker
 * threads by rows; the offsets (O(n)) are checked first on the calling thread, which also names the fault when a
 * worker finds one (a rare path): the same errors in the same order. As with the mirror check (and from its
 * threshold), only graphs whose arrays already lie in shared memory are split, and only from `minParallelArcs`
 * arcs. On the 2-core dev host, 2^26 arcs took 130–310 ms on one thread (2–4.6 ns an arc, built JS and tsx) and
 * 131–182 ms on two (built JS, against 130–198 in the same runs: no clear gain there). On the 16-core GPU host
 * (Kronecker 24, 5.4·10^8 arcs, bundled JS, `benchmarks/io/kronecker-scale.ts`, 2026-12-06): 3.47 s on one thread
 * (6.5 ns an arc), 0.88 s on 16 workers (3.9×; the mirror check 3.41 → 0.32 s, 10.6×, in the same run).
 *
 * @example
 * ```ts
 * await validateCsrParallel(await csrFromEdgesParallel(edges, { symmetrize: true }));
 * ```
 */
export async function validateCsrParallel(csr: Csr, options: ValidateCsrOptions = {}): Promise<void> {
  checkCsrShape(csr, 'CSR');
  const threads = workerThreads(options.threads, 'validateCsrParallel');
  const { n, indptr, indices, sorted } = csr;
  const shared = isShared(indptr) && isShared(indices);
  if (threads === 1 || !shared || indices.length < (options.minParallelArcs ?? MIN_PARALLEL_CHECK_ARCS)) return validateCsr(csr);
  throwFault(offsetsFault(n, indptr, indices));
  const ranges = arcBalancedRanges(indptr, n, threads);
  const faults = sharedArray(Uint8Array, ranges.length);
  await runWorkers(
    workerUrl,
    ranges.map(([first, end], slot) => ({ data: { n, indptr, indices, sorted, first, end, faults, slot } satisfies RowsFaultJob, what: `CSR check worker for rows ${first}..${end - 1}` })),
  );
  if (faults.some((f) => f !== 0)) throwFault(csrFault(n, indptr, indices, sorted));
  checkArrayLengths(csr);
}
