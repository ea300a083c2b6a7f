// Worker entry of parallelFastEntries: parses the chunks it is sent and returns their columns, moving
// (not copying) their buffers back.
import { parentPort } from 'node:worker_threads';
import { untrimmedEntries, type FastEntriesRequest } from './fast-entries.js';

/** One chunk to parse, with a first guess at its entry count. */
export interface EntriesJob {
  readonly req: FastEntriesRequest;
  readonly capacity: number | undefined;
}

parentPort!.on('message', ({ req, capacity }: EntriesJob) => {
  const result = untrimmedEntries(req, capacity);
  const transfer = result === null ? [] : [result.src.buffer, result.dst.buffer, ...(result.value === null ? [] : [result.value.buffer])];
  parentPort!.postMessage(result, transfer as ArrayBuffer[]);
});
