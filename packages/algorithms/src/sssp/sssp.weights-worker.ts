// Worker entry of ssspWeightsParallel: converts its blocks of arcs, their statistics and its first refused arc written to shared memory.
import { workerInput } from '@semiforge/graph-io';
import type { SsspWeightsJob } from './sssp.weights-parallel.js';
import { convertWeightRange } from './sssp.weights-range.js';

const job = workerInput<SsspWeightsJob>();
job.refused[job.slot] = convertWeightRange(job.source, job.values, job.type, job.first, job.end, job.stats);
