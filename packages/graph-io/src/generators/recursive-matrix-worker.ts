// Worker entry of generateRecursiveMatrixInWorkers: fills its range of blocks straight into the shared arrays.
import { fillRecursiveMatrixBlocks } from './recursive-matrix.js';
import type { RecursiveMatrixJob } from './recursive-matrix-parallel.js';
import { workerInput } from '../worker-start.js';

const job = workerInput<RecursiveMatrixJob>();
fillRecursiveMatrixBlocks(job.plan, job.out, job.firstBlock, job.endBlock);
