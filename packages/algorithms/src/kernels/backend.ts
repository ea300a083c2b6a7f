import { openDevice, type Device } from '@semiforge/runtime';
import type * as RuntimeCuda from '@semiforge/runtime-cuda';
import type { CudaDevice } from '@semiforge/runtime-cuda';

/** Where an algorithm runs: WebGPU (Dawn; any GPU) or CUDA (NVIDIA, through `@semiforge/runtime-cuda`). */
export type Backend = 'webgpu' | 'cuda';

/** Every backend, in the order error messages list them. */
export const BACKENDS: readonly Backend[] = ['webgpu', 'cuda'];

/** The environment's variables: Node's, or none in a browser (where `process` does not exist). */
function processEnv(): Readonly<Record<string, string | undefined>> {
  return typeof process === 'undefined' ? {} : process.env;
}

/**
 * The backend asked for: the option, else `$SEMIFORGE_BACKEND`, else `webgpu`. Throws on an unknown name.
 *
 * @example
 * chooseBackend(undefined, { SEMIFORGE_BACKEND: 'cuda' }); // 'cuda'
 */
export function chooseBackend(option: string | undefined, env: Readonly<Record<string, string | undefined>> = processEnv()): Backend {
  const value = option ?? env.SEMIFORGE_BACKEND ?? 'webgpu';
  if (!BACKENDS.includes(value as Backend)) {
    const from = option === undefined ? ' (from SEMIFORGE_BACKEND)' : '';
    throw new Error(`backend '${value}'${from} is not one of ${BACKENDS.join(', ')}`);
  }
  return value as Backend;
}

/**
 * `@semiforge/runtime-cuda`, loaded when the CUDA backend is first used. The algorithms depend on it for its
 * types (a `CudaDevice` is a device of their API), but import it only here, so WebGPU runs never load it; in a
 * page it is an empty module (package.json's `browser` field maps it to `false`, which Vite and webpack honour),
 * and asking for CUDA there is refused by name. koffi, its FFI, is an optional dependency of its own.
 */
export async function loadCudaRuntime(): Promise<typeof RuntimeCuda> {
  const refused = (why: string) =>
    new Error(`backend 'cuda' needs the package @semiforge/runtime-cuda (and koffi) in Node: npm install @semiforge/runtime-cuda; or run with backend 'webgpu' (${why})`);
  let runtime: Partial<typeof RuntimeCuda>;
  try {
    // A literal specifier, so that Node bundlers (esbuild for the GPU host) carry the backend along.
    runtime = (await import('@semiforge/runtime-cuda')) as typeof RuntimeCuda;
  } catch (e) {
    const code = (e as { code?: string }).code;
    // A page's bundle that left the specifier unresolved throws a TypeError without a code: no CUDA there either.
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || typeof process === 'undefined';
    if (!missing) throw e;
    throw refused((e as Error).message);
  }
  // The empty module a page's bundler put in its place.
  if (typeof runtime.openCudaDevice !== 'function') throw refused('this bundle has no CUDA backend: a page has no CUDA');
  return runtime as typeof RuntimeCuda;
}

/** A device of either backend: WebGPU (`@semiforge/runtime`) or CUDA (`@semiforge/runtime-cuda`). */
export type AnyDevice = Device | CudaDevice;

/** Whether a device is a CUDA one, told by its shape so that `@semiforge/runtime-cuda` need not be loaded. */
export function isCudaDevice(device: AnyDevice): device is CudaDevice {
  return typeof (device as CudaDevice).launch === 'function' && 'info' in device;
}

/**
 * The backend of a call: the device's when one is given (a `backend` option naming the other one is
 * refused), else the option, else `$SEMIFORGE_BACKEND`, else 'webgpu' (see `chooseBackend`).
 *
 * @example
 * backendOf(undefined, 'cuda'); // 'cuda'
 * backendOf(cudaDevice, 'webgpu'); // throws: the device is a CUDA one
 */
export function backendOf(device: AnyDevice | undefined, backend: Backend | undefined, env: Readonly<Record<string, string | undefined>> = processEnv()): Backend {
  if (device === undefined) return chooseBackend(backend, env);
  const own: Backend = isCudaDevice(device) ? 'cuda' : 'webgpu';
  if (backend !== undefined && chooseBackend(backend, env) !== own) {
    throw new Error(`backend '${backend}' was asked for with a ${own === 'cuda' ? 'CUDA' : 'WebGPU'} device; pass a ${backend === 'cuda' ? 'CUDA' : 'WebGPU'} device, or no device and backend '${backend}'`);
  }
  return own;
}

/**
 * Opens a device of `backend`: CUDA device `$SEMIFORGE_CUDA_DEVICE` or 0 (the CUDA runtime loaded only now, so
 * machines without it run WebGPU), else the WebGPU adapter `adapter` names (else `$SEMIFORGE_ADAPTER`, else
 * the preferred one). Destroy it when done.
 *
 * @example
 * const device = await openBackendDevice(chooseBackend(undefined));
 */
export async function openBackendDevice(backend: Backend, options: { adapter?: string } = {}): Promise<AnyDevice> {
  if (backend === 'cuda') return (await loadCudaRuntime()).openCudaDevice();
  return openDevice(options.adapter === undefined ? {} : { adapter: options.adapter });
}

/**
 * Runs `body` on the device given, or on one of the chosen backend opened for the call (and destroyed
 * after it): CUDA's runtime is loaded only when CUDA is asked for, so machines without it run WebGPU.
 */
export async function withDevice<T>(device: AnyDevice | undefined, backend: Backend | undefined, body: (device: AnyDevice) => Promise<T>): Promise<T> {
  const chosen = backendOf(device, backend);
  if (device) return body(device);
  const opened = await openBackendDevice(chosen);
  try {
    return await body(opened);
  } finally {
    opened.destroy();
  }
}
