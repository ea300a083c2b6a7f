// The worker script of the process-backend tests: the package's executors, plus the tests' vector add.
import { registerExecutor } from '../src/executor.js';
import '../src/index.js';
import { serveWorkerIfAsked } from '../src/process/worker.js';
import { addExecutor } from './vector-add.js';

registerExecutor('test-add', addExecutor);
if (!(await serveWorkerIfAsked())) throw new Error('worker-entry.ts is started by openProcessBackend, not run directly');
