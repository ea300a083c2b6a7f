// Worker entry of relabelByDegreeParallel: copies its range of new rows (heads renamed) and sorts them, in shared memory.
import { sortRowsInPlace } from '../containers/sort-rows.js';
import { gatherRelabelled } from './relabel-by-degree.js';
import type { RelabelJob } from './relabel-by-degree-parallel.js';
import { workerInput } from '../worker-start.js';

const job = workerInput<RelabelJob>();
gatherRelabelled(job.csr, job.plan, job.outIdx, job.outW, job.first, job.end);
sortRowsInPlace(job.end - job.first, job.plan.outPtr.subarray(job.first, job.end + 1), job.outIdx, job.outW);
