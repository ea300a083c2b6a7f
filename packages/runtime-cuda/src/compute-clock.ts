import { cudaDeviceCount } from './cuda-device.js';
import { loadCudaDriver, type CudaDriver } from './driver.js';
import { CudaError, CudaUnavailableError } from './errors.js';

/** What {@link holdComputeClock} did: a context is held until `release()`, or none is, and why. */
export type ComputeClockHold = { readonly held: true; release(): void } | { readonly held: false; readonly reason: string };

/**
 * Holds a CUDA context open on GPU `index` (default `$SEMIFORGE_CUDA_DEVICE` or 0) until `release()`, so that
 * WebGPU work on the same NVIDIA GPU runs at the compute clock. On an H100 the driver keeps Vulkan (Dawn) work
 * at the idle SM clock, 345 MHz with the event reason "GPU idle", unless a CUDA context is open in the process,
 * when it runs at 1,980 MHz: WebGPU SSSP Bellman-Ford took 47 ms alone and 17.6 ms beside a context.
 *
 * Only the device's primary context is retained: no stream, no memory, no compiler (nvcc is not looked for).
 * Never throws for a machine without CUDA: the result says `held: false` with the reason (libcuda missing, no
 * such device). `release()` gives the context back; calling it again does nothing.
 *
 * @example
 * const hold = await holdComputeClock();
 * try {
 *   await sssp(webgpuDevice, csr, { source: 0 });
 * } finally {
 *   if (hold.held) hold.release();
 * }
 */
export async function holdComputeClock(options: { index?: number } = {}): Promise<ComputeClockHold> {
  const index = options.index ?? Number(process.env.SEMIFORGE_CUDA_DEVICE ?? 0);
  try {
    const driver = await loadCudaDriver();
    const count = await cudaDeviceCount();
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new CudaUnavailableError(`device ${index}`, `this machine has ${count} CUDA device(s)`, `choose an index in 0..${count - 1} (option index or SEMIFORGE_CUDA_DEVICE)`);
    }
    return retainPrimaryContext(driver, index);
  } catch (error) {
    if (error instanceof CudaError) return { held: false, reason: error.message };
    throw error;
  }
}

/**
 * Retains device `index`'s primary context (the driver creates it on the first retain) and returns the hold
 * whose `release()` releases it once: the driver counts retains, so a second release would take back a
 * reference that an open `CudaDevice` on the same GPU holds.
 */
export function retainPrimaryContext(driver: Pick<CudaDriver, 'call'>, index: number): ComputeClockHold {
  const dev = [0];
  driver.call('cuDeviceGet', [dev, index]);
  driver.call('cuDevicePrimaryCtxRetain', [[null], dev[0]]);
  let released = false;
  return {
    held: true,
    release() {
      if (released) return;
      released = true;
      driver.call('cuDevicePrimaryCtxRelease_v2', [dev[0]]);
    },
  };
}
