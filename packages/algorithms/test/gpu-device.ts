import { NoAdapterError, openDevice, type Device } from '@semiforge/runtime';

/**
 * One device per test file. Without an adapter the GPU tests fail in CI (which has lavapipe) and are
 * skipped locally with the reason.
 */
export async function testDevice(): Promise<Device | undefined> {
  try {
    return await openDevice();
  } catch (e) {
    if (e instanceof NoAdapterError && !process.env.CI) {
      console.warn(`GPU tests skipped: ${e.message}`);
      return undefined;
    }
    throw e;
  }
}
