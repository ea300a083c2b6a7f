import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retainPrimaryContext } from '../src/compute-clock.js';
import { holdComputeClock, type CudaDriver } from '../src/index.js';

const libcudaDirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/nvidia/lib64', ...(process.env.LD_LIBRARY_PATH ?? '').split(':')];
const hasLibcuda = libcudaDirs.some((d) => d && existsSync(`${d}/libcuda.so.1`));

describe.runIf(!hasLibcuda)('holdComputeClock without the NVIDIA driver', () => {
  it('holds nothing and says that libcuda.so.1 is missing, without throwing', async () => {
    const hold = await holdComputeClock();
    expect(hold.held).toBe(false);
    expect(!hold.held && hold.reason).toMatch(/^CUDA backend: libcuda.so.1 is not available \(.+\); install the NVIDIA driver/);
  });

  it('answers the same for any device index', async () => {
    await expect(holdComputeClock({ index: 3 })).resolves.toMatchObject({ held: false, reason: expect.stringMatching(/libcuda.so.1/) });
  });
});

// The driver counts retains of a primary context: a hold must give back exactly the one reference it took, or a
// second release() would take the reference of a CudaDevice open on the same GPU. Only the calls are recorded
// here (nothing about the GPU's clock is claimed); the clock itself is measured on the H100 (README).
function recordingDriver(calls: string[]): Pick<CudaDriver, 'call'> {
  return {
    call(name, args) {
      if (name === 'cuDeviceGet') (args[0] as number[])[0] = 10 + (args[1] as number);
      calls.push(`${name} ${name === 'cuDeviceGet' ? args[1] : args.at(-1)}`);
    },
  };
}

describe('retainPrimaryContext', () => {
  it('retains the context of the device asked for and releases it once, however often release() is called', () => {
    const calls: string[] = [];
    const hold = retainPrimaryContext(recordingDriver(calls), 1);
    expect(hold.held).toBe(true);
    expect(calls).toEqual(['cuDeviceGet 1', 'cuDevicePrimaryCtxRetain 11']);
    if (!hold.held) return;
    hold.release();
    hold.release();
    expect(calls).toEqual(['cuDeviceGet 1', 'cuDevicePrimaryCtxRetain 11', 'cuDevicePrimaryCtxRelease_v2 11']);
  });
});
