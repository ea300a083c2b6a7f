// Worker entry of findUnmirroredArcParallel: the two mirror sums over its range of rows, written to its slot.
import { workerInput } from '../worker-start.js';
import { mirrorSums } from './mirrored-arcs.js';
import type { MirrorSumsJob } from './mirrored-arcs-parallel.js';

const job = workerInput<MirrorSumsJob>();
const [forward, backward] = mirrorSums(job.csr, job.first, job.end);
job.sums[2 * job.slot] = forward;
job.sums[2 * job.slot + 1] = backward;
