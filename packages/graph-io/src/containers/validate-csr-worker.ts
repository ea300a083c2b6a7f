// Worker entry of validateCsrParallel: whether its range of rows breaks an invariant, written to its slot.
import { workerInput } from '../worker-start.js';
import { rowsFault } from './csr-structure.js';
import type { RowsFaultJob } from './validate-csr-parallel.js';

const job = workerInput<RowsFaultJob>();
job.faults[job.slot] = rowsFault(job.n, job.indptr, job.indices, job.sorted, job.first, job.end) === undefined ? 0 : 1;
