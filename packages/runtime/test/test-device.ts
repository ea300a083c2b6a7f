import { gpuSkipReason, openTestDevice as openOrSkip } from '../src/testing.js';
import type { Device } from '../src/index.js';

/** Why GPU tests are skipped here, or undefined when an adapter exists. */
export const noGpuReason: string | undefined = await gpuSkipReason();

/** Opens a device for one test file (only called when {@link noGpuReason} is undefined); destroy it in afterAll. */
export async function openTestDevice(): Promise<Device> {
  return (await openOrSkip())!;
}
