import { BACKENDS, chooseBackend, isCudaDevice, openBackendDevice, type AnyDevice, type Backend } from '@semiforge/algorithms';
import { adapterSummary } from '@semiforge/runtime';
import { UsageError } from './errors.js';

/** `--backend` and `--adapter` of a command that runs on either backend. */
export interface BackendFlags {
  readonly backend?: Backend;
  readonly adapter?: string;
}

/**
 * Opens the device a command runs on: `--backend`, else `$SEMIFORGE_BACKEND`, else WebGPU (the adapter
 * `--adapter` names, else the preferred one); CUDA: device `$SEMIFORGE_CUDA_DEVICE` or 0. Returns it with the
 * name the summary prints. `--adapter` with CUDA is refused: it names a WebGPU adapter.
 *
 * @example
 * const { device, name } = await openCommandDevice('sssp', { backend: 'cuda' });
 */
export async function openCommandDevice(command: string, flags: BackendFlags, env: Readonly<Record<string, string | undefined>> = process.env): Promise<{ device: AnyDevice; name: string }> {
  const backend = chooseBackend(flags.backend, env);
  if (backend === 'cuda' && flags.adapter !== undefined) {
    throw new UsageError(`--adapter ${flags.adapter}: names a WebGPU adapter; with --backend cuda choose the device by $SEMIFORGE_CUDA_DEVICE`, command);
  }
  const device = await openBackendDevice(backend, { adapter: flags.adapter });
  return { device, name: isCudaDevice(device) ? `${device.info.name} (CUDA ${device.info.arch})` : adapterSummary(device.adapter) };
}

/**
 * Runs `body`, then destroys the command's device. When `body` threw, a destroy that fails too (every free fails
 * on a CUDA context after a kernel's fault) does not replace the body's error, which names the cause.
 *
 * @example
 * const result = await thenDestroy(device, () => pagerank(device, csr, options));
 */
export async function thenDestroy<T>(device: AnyDevice, body: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await body();
  } catch (error) {
    try {
      device.destroy();
    } catch {
      // The body's error is the one to report.
    }
    throw error;
  }
  device.destroy();
  return result;
}
