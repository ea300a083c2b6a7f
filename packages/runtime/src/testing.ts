// Consumers of the published declarations see WebGPU's types (GPUDevice, GPUBuffer…) through this line:
// without it they resolve to nothing and every GPU type in the API reads as any.
/// <reference types="@webgpu/types" preserve="true" />
import type { Device } from './device.js';
import { NoAdapterError } from './errors.js';
import { openDevice } from './open-device.js';

/**
 * Why GPU tests cannot run here, or undefined when an adapter exists. With no adapter, GPU tests must fail in
 * CI (set `CI`: it has lavapipe, so a missing adapter is a broken machine) and are skipped elsewhere with the reason.
 *
 * @example
 * const reason = await gpuSkipReason();
 * describe.skipIf(reason !== undefined)(`on the GPU${reason ? ` (skipped: ${reason})` : ''}`, () => { … });
 */
export async function gpuSkipReason(): Promise<string | undefined> {
  const device = await openTestDevice();
  if (!device) return lastReason;
  device.destroy();
  return undefined;
}

let lastReason: string | undefined;

/**
 * A device for one test file (call `device.destroy()` when done), or undefined where GPU tests are skipped
 * (see {@link gpuSkipReason}).
 *
 * @example
 * const device = await openTestDevice();
 * it.skipIf(!device)('multiplies', async () => { … });
 */
export async function openTestDevice(): Promise<Device | undefined> {
  try {
    return await openDevice();
  } catch (error) {
    if (!(error instanceof NoAdapterError) || process.env.CI) throw error;
    lastReason = error.message;
    console.warn(`GPU tests skipped: ${error.message}`);
    return undefined;
  }
}
