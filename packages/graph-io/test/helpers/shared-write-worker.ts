// Worker for worker-start.test.ts: writes 3 at the first and 7 at the last element of each shared view it is given.
import { workerInput } from '../../src/worker-start.js';

const job = workerInput<{ views: (Uint32Array | Int16Array)[]; nested: { view: Float64Array } }>();
for (const view of [...job.views, job.nested.view]) {
  view[0] = 3;
  view[view.length - 1] = 7;
}
