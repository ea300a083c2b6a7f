import { fastEntries, type FastEntries, type FastEntriesRequest } from './fast-entries.js';

/**
 * A text read whose header has been parsed and whose numeric body is still to come. The body is
 * read by the fast path ({@link fastEntries} on this thread, or `parallelFastEntries` in workers)
 * when `request` is not null, and `finish` builds the graph from what it returned; `finish(null)`
 * reads the body with the strict scanner instead, which is also what gives the exact
 * `file:line:col` error whenever the fast path declined.
 */
export interface PendingBody<T> {
  readonly request: FastEntriesRequest | null;
  finish(fast: FastEntries | null): T;
}

/**
 * Finishes a pending read on the calling thread: the fast path first, the strict one if it declines.
 *
 * @example
 * ```ts
 * const g = finishOnThisThread(beginMatrixMarket(text, { file: 'm.mtx' }));
 * ```
 */
export function finishOnThisThread<T>(pending: PendingBody<T>): T {
  return pending.finish(pending.request === null ? null : fastEntries(pending.request));
}
