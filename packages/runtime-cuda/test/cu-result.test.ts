import { describe, expect, it } from 'vitest';
import { cuResultError, CudaDriverError, CudaLaunchError, CudaOutOfMemoryError, CudaUnavailableError } from '../src/index.js';

describe('cuResultError', () => {
  it('is undefined for CUDA_SUCCESS', () => {
    expect(cuResultError('cuInit', 0)).toBeUndefined();
  });

  it('turns out-of-memory into CudaOutOfMemoryError naming the bytes requested and free', () => {
    const e = cuResultError('cuMemAlloc_v2', 2, { alloc: { requested: 2 ** 34, label: 'buffer "apsp.d"', free: 2 ** 30, total: 2 ** 36 } });
    expect(e).toBeInstanceOf(CudaOutOfMemoryError);
    expect(e).toBeInstanceOf(CudaDriverError);
    const oom = e as CudaOutOfMemoryError;
    expect([oom.requested, oom.free, oom.total, oom.code, oom.codeName]).toEqual([2 ** 34, 2 ** 30, 2 ** 36, 2, 'CUDA_ERROR_OUT_OF_MEMORY']);
    expect(oom.message).toContain('buffer "apsp.d" asked for 17179869184 bytes with 1073741824 bytes free of 68719476736');
  });

  it.each([
    [700, 'CUDA_ERROR_ILLEGAL_ADDRESS', /illegal address/],
    [701, 'CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES', /too many resources/],
    [719, 'CUDA_ERROR_LAUNCH_FAILED', /failed while running/],
  ])('turns launch failure %i into CudaLaunchError naming the kernel', (code, name, why) => {
    const e = cuResultError('cuStreamSynchronize', code, { kernelName: 'fw_update__min_plus_f32__x' }) as CudaLaunchError;
    expect(e).toBeInstanceOf(CudaLaunchError);
    expect(e.kernelName).toBe('fw_update__min_plus_f32__x');
    expect(e.codeName).toBe(name);
    expect(e.message).toMatch(new RegExp(`^cuStreamSynchronize failed with ${name} \\(${code}\\): kernel fw_update__min_plus_f32__x: `));
    expect(e.message).toMatch(why);
  });

  it('says when a failure surfaced at a synchronisation, where an earlier kernel may be the cause', () => {
    const e = cuResultError('cuEventSynchronize', 700, { kernelName: 'fw_update__x', surfaced: true }) as CudaLaunchError;
    expect(e.kernelName).toBe('fw_update__x');
    expect(e.message).toContain('illegal address (an argument buffer too small for the problem size?) (the last kernel launched before this synchronisation');
  });

  it('says a missing driver or device is unavailable, with the way out', () => {
    for (const code of [34, 35, 100]) {
      const e = cuResultError('cuInit', code);
      expect(e).toBeInstanceOf(CudaUnavailableError);
      expect(e!.message).toMatch(/nvidia-smi/);
    }
  });

  it('keeps other codes as CudaDriverError with their name, or the number when unnamed', () => {
    expect(cuResultError('cuModuleLoadData', 209)!.message).toBe('cuModuleLoadData failed with CUDA_ERROR_NO_BINARY_FOR_GPU (209)');
    expect(cuResultError('cuCtxSynchronize', 12345)!.message).toBe('cuCtxSynchronize failed with CUresult 12345 (12345)');
  });
});
