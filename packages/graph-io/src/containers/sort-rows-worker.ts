// Worker entry of sortRowsParallel: sorts its range of rows in shared memory.
import { workerInput } from '../worker-start.js';
import type { SortRowsJob } from './sort-rows-parallel.js';
import { sortRowsInPlace } from './sort-rows.js';

const job = workerInput<SortRowsJob>();
sortRowsInPlace(job.end - job.first, job.indptr.subarray(job.first, job.end + 1), job.indices, job.payload);
