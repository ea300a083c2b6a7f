import { Worker } from 'node:worker_threads';

/**
 * Starts the worker whose entry is `entry` (a module URL ending in .js from dist, .ts under vitest or tsx)
 * with `workerData`. Node 20 cannot start a .ts worker even with `--import tsx` in its execArgv (the entry
 * resolves before the hook), so a .ts entry is started through a small eval'd module that registers tsx
 * first, then imports it. Bundles (scripts/device-bundle.sh) put the .js entries beside the bundle.
 *
 * @example
 * ```ts
 * const worker = startWorker(new URL('./my-worker.js', import.meta.url), { first: 0, end: 10 });
 * await workerDone(worker, 'my worker for 0..9');
 * ```
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.href.endsWith('.ts')) return new Worker(entry, { workerData });
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(source, { eval: true, workerData });
}

/** Resolves when `worker` exits with code 0; rejects with its error, or naming `what` and the exit code. */
export function workerDone(worker: Worker, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} exited with code ${code}`));
    });
  });
}

/** The entry `name` (without extension) beside `moduleUrl`, as .ts when that module runs from source, else .js. */
export function workerEntry(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);
}
