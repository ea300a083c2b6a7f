// Worker entry of placeRowsParallel: places its buckets' arcs in row order and sorts those rows, in shared memory.
import { workerInput } from '../worker-start.js';
import type { PlaceRowsJob } from './place-rows-parallel.js';
import { placeBuckets } from './row-scatter.js';
import { sortRowsInPlace } from './sort-rows.js';

const job = workerInput<PlaceRowsJob>();
const { buckets, indptr, firstBucket, endBucket } = job;
placeBuckets(buckets, indptr, firstBucket, endBucket);
if (job.sort) {
  const first = firstBucket * 2 ** buckets.shift;
  const end = Math.min(buckets.n, endBucket * 2 ** buckets.shift);
  sortRowsInPlace(end - first, indptr.subarray(first, end + 1), buckets.indices, buckets.payload);
}
