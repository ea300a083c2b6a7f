import { arcBalancedRanges, sharedArray } from '../shared-memory.js';
import { runWorkers, workerEntry } from '../worker-start.js';
import type { ArcPayload, BucketedArcs } from './row-scatter.js';

/** What one worker is posted: the bucketed arcs and the row ends in shared memory, its buckets, whether to sort. */
export interface PlaceRowsJob {
  readonly buckets: BucketedArcs;
  readonly indptr: Uint32Array;
  readonly firstBucket: number;
  readonly endBucket: number;
  readonly sort: boolean;
}

const workerUrl = workerEntry(import.meta.url, 'place-rows-worker');

/**
 * The second step of the bucketed scatter ({@link placeBuckets}) and, if `sort`, {@link sortRowsInPlace}, in
 * `threads` worker threads, each taking a range of buckets holding about the same number of arcs: the rows of
 * {@link rowsFromArcs}, sorted or not, with their offsets (in shared memory, as `buckets`' arrays must be).
 */
export async function placeRowsParallel<P extends ArcPayload>(buckets: BucketedArcs<P>, threads: number, sort: boolean): Promise<{ indptr: Uint32Array; indices: Uint32Array; payload: P }> {
  const indptr = sharedArray(Uint32Array, buckets.n + 1);
  const jobs = arcBalancedRanges(buckets.starts, buckets.starts.length - 1, threads).map(([firstBucket, endBucket]) => {
    const data: PlaceRowsJob = { buckets, indptr, firstBucket, endBucket, sort };
    return { data, what: `place-rows worker for buckets ${firstBucket}..${endBucket - 1}` };
  });
  await runWorkers(workerUrl, jobs);
  return { indptr, indices: buckets.indices, payload: buckets.payload };
}
