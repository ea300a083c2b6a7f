import { NoAdapterError, openDevice, type Device } from '../src/index.js';

/**
 * Why GPU tests are skipped here, or undefined when an adapter exists. Without an adapter the tests fail in
 * CI (which has lavapipe) and are skipped locally with the reason.
 */
export const noGpuReason: string | undefined = await probe();

async function probe(): Promise<string | undefined> {
  try {
    const device = await openDevice();
    device.destroy();
    return undefined;
  } catch (error) {
    if (!(error instanceof NoAdapterError) || process.env.CI) throw error;
    console.warn(`Skipping GPU tests: ${error.message}`);
    return error.message;
  }
}

/** Opens a device for one test file; call `device.destroy()` in afterAll. */
export function openTestDevice(): Promise<Device> {
  return openDevice();
}
