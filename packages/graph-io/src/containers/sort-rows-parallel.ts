import { arcBalancedRanges } from '../shared-memory.js';
import { runWorkers, workerEntry } from '../worker-start.js';
import type { ArcPayload } from './row-scatter.js';

/** What one worker is posted: the rows in shared memory and its range of them. */
export interface SortRowsJob {
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly payload: ArcPayload;
  readonly first: number;
  readonly end: number;
}

const workerUrl = workerEntry(import.meta.url, 'sort-rows-worker');

/**
 * {@link sortRowsInPlace} in `threads` worker threads, each sorting a range of rows holding about the same number
 * of arcs; the same result. `indptr`, `indices` and `payload` must be in shared memory.
 */
export async function sortRowsParallel(n: number, indptr: Uint32Array, indices: Uint32Array, payload: ArcPayload, threads: number): Promise<void> {
  const jobs = arcBalancedRanges(indptr, n, threads).map(([first, end]) => {
    const data: SortRowsJob = { indptr, indices, payload, first, end };
    return { data, what: `sort-rows worker for rows ${first}..${end - 1}` };
  });
  await runWorkers(workerUrl, jobs);
}
