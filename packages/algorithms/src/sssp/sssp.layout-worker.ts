// Worker entry of edgePairsParallel: counts its rows' pairs by bucket, or writes them at their buckets' places.
import { workerInput } from '@semiforge/graph-io';
import type { PairsJob } from './sssp.layout-parallel.js';
import { countPairs, fillPairs } from './sssp.layout.js';

const job = workerInput<PairsJob>();
if (job.step === 'count') countPairs(job.indptr, job.indices, job.symmetric, job.first, job.end, job.buckets, job.table);
else fillPairs(job.indptr, job.indices, job.bits, job.symmetric, job.first, job.end, job.buckets, job.table, job.out!);
