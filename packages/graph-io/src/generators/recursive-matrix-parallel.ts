import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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

// From dist the worker is plain .js. Under vitest or tsx this module is the .ts source, and Node 20 cannot
// start a .ts worker even with `--import tsx` in its execArgv (the entry resolves before the hook), so the
// worker is a small eval'd module that registers tsx first, then imports the .ts entry.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './recursive-matrix-worker.ts' : './recursive-matrix-worker.js', import.meta.url);
const sourceWorker = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); });`;

function startWorker(job: RecursiveMatrixJob): Worker {
  return fromSource ? new Worker(sourceWorker, { eval: true, workerData: job }) : new Worker(workerUrl, { workerData: job });
}

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
  threads = availableParallelism(),
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
    const worker = startWorker(job);
    started.push(worker);
    jobs.push(workerDone(worker, job));
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

function workerDone(worker: Worker, job: RecursiveMatrixJob): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`recursive-matrix worker for blocks ${job.firstBlock}..${job.endBlock - 1} exited with code ${code}`));
    });
  });
}
