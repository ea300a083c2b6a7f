import type { Worker } from 'node:worker_threads';
import { nodeBuiltin } from '../node-builtin.js';
import { startWorker, workerDone, workerEntry } from '../worker-start.js';
import { checkIntegerOption } from './check-option.js';
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

/** Most worker threads a generator may start. */
export const MAX_THREADS = 256;

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
export async function generateRecursiveMatrixInWorkers(
  plan: RecursiveMatrixPlan,
  threads = nodeBuiltin('node:os', 'parallel generators').availableParallelism(),
): Promise<RecursiveMatrixArrays> {
  checkIntegerOption('threads', threads, 1, MAX_THREADS);
  const out = allocateRecursiveMatrix(plan, true);
  const blocks = blockCount(plan);
  const workers = Math.min(threads, blocks);
  const started: Worker[] = [];
  const jobs: Promise<void>[] = [];
  for (let w = 0; w < workers; w++) {
    const job: RecursiveMatrixJob = {
      plan,
      out,
      firstBlock: Math.floor((blocks * w) / workers),
      endBlock: Math.floor((blocks * (w + 1)) / workers),
    };
    const worker = startWorker(workerUrl, job);
    started.push(worker);
    jobs.push(workerDone(worker, `recursive-matrix worker for blocks ${job.firstBlock}..${job.endBlock - 1}`));
  }
  try {
    await Promise.all(jobs);
  } catch (error) {
    // One failed: the others' output is useless, so stop them rather than let them run on.
    await Promise.all(started.map((worker) => worker.terminate()));
    throw error;
  }
  return out;
}
