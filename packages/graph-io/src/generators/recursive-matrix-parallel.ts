import { runWorkers, workerEntry } from '../worker-start.js';
import { workerThreads } from '../shared-memory.js';
import {
  allocateRecursiveMatrix,
  blockCount,
  type RecursiveMatrixArrays,
  type RecursiveMatrixPlan,
} from './recursive-matrix.js';

/** What one worker is posted: the plan, the shared output arrays and its range of blocks. */
export interface RecursiveMatrixJob {
  readonly plan: RecursiveMatrixPlan;
  readonly out: RecursiveMatrixArrays;
  readonly firstBlock: number;
  readonly endBlock: number;
}

const workerUrl = workerEntry(import.meta.url, 'recursive-matrix-worker');

/**
 * Generates a plan's edges in `threads` worker threads (default: the machine's parallelism), each
 * filling a contiguous range of blocks of shared arrays. Bit-identical to
 * {@link generateRecursiveMatrix} on one thread. The arrays stay backed
 * by `SharedArrayBuffer`s (no copy, which at scale 24 would be gigabytes).
 *
 * @example
 * ```ts
 * const { src, dst } = await generateRecursiveMatrixInWorkers(plan, 2);
 * ```
 */
export async function generateRecursiveMatrixInWorkers(plan: RecursiveMatrixPlan, threads?: number): Promise<RecursiveMatrixArrays> {
  const count = workerThreads(threads, 'parallel generators');
  const out = allocateRecursiveMatrix(plan, true);
  const blocks = blockCount(plan);
  const workers = Math.min(count, blocks);
  const jobs = Array.from({ length: workers }, (_, w) => {
    const data: RecursiveMatrixJob = { plan, out, firstBlock: Math.floor((blocks * w) / workers), endBlock: Math.floor((blocks * (w + 1)) / workers) };
    return { data, what: `recursive-matrix worker for blocks ${data.firstBlock}..${data.endBlock - 1}` };
  });
  await runWorkers(workerUrl, jobs);
  return out;
}
