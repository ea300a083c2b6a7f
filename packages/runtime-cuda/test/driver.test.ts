import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CudaUnavailableError, listCudaDevices, loadCudaDriver, openCudaDevice } from '../src/index.js';

// Without a GPU (CI, this machine) there is no libcuda.so.1: importing worked (this file ran); using fails clearly.
const libcudaDirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/nvidia/lib64', ...(process.env.LD_LIBRARY_PATH ?? '').split(':')];
const hasLibcuda = libcudaDirs.some((d) => d && existsSync(`${d}/libcuda.so.1`));

describe.runIf(!hasLibcuda)('without the NVIDIA driver', () => {
  it('imports, and says on first use that libcuda.so.1 is missing and how to get it', async () => {
    const error = await loadCudaDriver().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CudaUnavailableError);
    expect((error as CudaUnavailableError).missing).toBe('libcuda.so.1');
    expect((error as Error).message).toMatch(/^CUDA backend: libcuda.so.1 is not available \(.+\); install the NVIDIA driver/);
  });

  it('fails the same way for listing and opening devices, every time', async () => {
    await expect(listCudaDevices()).rejects.toThrow(CudaUnavailableError);
    await expect(openCudaDevice({ index: 0 })).rejects.toThrow(/libcuda.so.1 is not available/);
  });
});
