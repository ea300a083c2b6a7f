// Worker entry of generateRecursiveMatrixInWorkers: fills its range of blocks straight into the shared arrays.
import { workerData } from 'node:worker_threads';
import { fillRecursiveMatrixBlocks } from './recursive-matrix.js';
import type { RecursiveMatrixJob } from './recursive-matrix-parallel.js';

const job = workerData as RecursiveMatrixJob;
fillRecursiveMatrixBlocks(job.plan, job.out, job.firstBlock, job.endBlock);
