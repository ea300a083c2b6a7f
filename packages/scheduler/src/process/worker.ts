import { adapterSummary, openDevice } from '@semiforge/runtime';
import { WebGpuDevice } from '../webgpu-backend.js';
import { decodeShared, SharedPayloads } from './shared-payload.js';
import { SELECTION_ENV, WORKER_ENV, type HostMessage, type WorkerConfig, type WorkerMessage } from './protocol.js';

/** True in a process started by {@link openProcessBackend} as a worker. */
export function isSchedulerWorker(): boolean {
  return process.env[WORKER_ENV] !== undefined && typeof process.send === 'function';
}

function send(message: WorkerMessage): void {
  process.send!(message);
}

function errorOf(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

/**
 * Serves one GPU to the host process: opens the device, then runs executor phases on it as the host asks,
 * until told to stop or the host goes away. Executors must be registered by the worker's imports.
 */
async function serve(config: WorkerConfig): Promise<void> {
  let device: WebGpuDevice;
  let marker: GPUBuffer | undefined;
  try {
    const runtime = await openDevice({ ...(config.adapter === undefined ? {} : { adapter: config.adapter }), label: `semiforge worker #${config.index}` });
    device = new WebGpuDevice(runtime, config.index, config.index);
    if (config.markerBytes) {
      // Written once, so that the driver backs it with memory that nvidia-smi counts.
      marker = await runtime.createBuffer('probe marker', config.markerBytes, 'storage');
      await runtime.batch({ label: 'probe marker' }).clear(marker).submit();
    }
  } catch (error) {
    send({ op: 'failed', message: errorOf(error).message });
    process.exit(1);
  }
  const selection = Object.fromEntries(SELECTION_ENV.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k]!]])));
  void device.lost.then((error) => {
    if (process.connected) send({ op: 'lost', message: error.message });
  });
  const payloads = new SharedPayloads(`worker${config.index}`);
  const reply = (id: number, run: () => Promise<unknown> | unknown): void => {
    Promise.resolve()
      .then(run)
      .then(
        (value) => send({ op: 'reply', id, ok: true, value: payloads.encode(value) }),
        (error: unknown) => send({ op: 'reply', id, ok: false, ...errorOf(error) }),
      );
  };
  process.on('message', (message: HostMessage) => {
    if (message.op === 'destroy') {
      marker?.destroy();
      device.runtime.destroy();
      process.disconnect();
      return;
    }
    if (message.op === 'open') reply(message.id, () => device.open(message.kind, decodeShared(message.input)));
    else if (message.op === 'compute') reply(message.id, () => device.compute(message.handle));
    else if (message.op === 'collect') reply(message.id, () => device.collect(message.handle));
    else {
      // Fire and forget on the host's side (it sends no id to answer): a failure to free is only worth a warning.
      try {
        device.close(message.handle);
      } catch (error) {
        process.emitWarning(`scheduler worker ${config.index}: freeing task state ${message.handle} failed: ${errorOf(error).message}`);
      }
    }
  });
  // The host's exit closes the channel: nothing is left to serve.
  process.on('disconnect', () => {
    device.runtime.destroy();
    process.exit(0);
  });
  send({ op: 'ready', pid: process.pid, adapter: adapterSummary(device.runtime.adapter), selection });
}

/**
 * Call first in any entry script that may run scheduler workers (benchmarks, the CLI, a test's worker module):
 * in a worker it serves the host and resolves true (do nothing else then); elsewhere it resolves false at once.
 *
 * @example
 * ```ts
 * if (!(await serveWorkerIfAsked())) await main();
 * ```
 */
export async function serveWorkerIfAsked(): Promise<boolean> {
  if (!isSchedulerWorker()) return false;
  await serve(JSON.parse(process.env[WORKER_ENV]!) as WorkerConfig);
  return true;
}
