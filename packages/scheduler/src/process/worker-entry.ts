// The package's own worker script, for programs that do not serve as their own worker (the CLI): it knows the
// executors the package registers (batch APSP, blocked APSP, multi-source search).
import '../index.js';
import { serveWorkerIfAsked } from './worker.js';

if (!(await serveWorkerIfAsked())) throw new Error('worker-entry is started by openProcessBackend({ module: packagedWorkerModule() }), not run directly');
