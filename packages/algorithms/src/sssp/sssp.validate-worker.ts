// Worker entry of validateSsspParallel: the sweep over its range of rows, tight marks and its finding written to shared memory.
import { workerInput } from '@semiforge/graph-io';
import type { SsspSweepJob } from './sssp.validate-parallel.js';
import { sweepArcRows } from './sssp.validate-sweep.js';

const job = workerInput<SsspSweepJob>();
const found = sweepArcRows(job.graph, job.dist, job.parent, job.tight, job.w, job.f32, job.limit, job.first, job.end);
job.findings[2 * job.slot] = found.relaxes;
job.findings[2 * job.slot + 1] = found.tail;
