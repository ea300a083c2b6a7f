import { generateKernel, dispatchGrid, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { checkLaunchConfig, CudaLaunchConfigError, DEFAULT_LAUNCH_LIMITS, type Dim3 } from '../src/index.js';

const spec: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 128, unroll: 4, layout: 'row-major', workgroup: [8, 16], target: 'cuda', successors: false };

describe('checkLaunchConfig', () => {
  it('accepts the update kernel of n = 16384 at its own grid and shared memory', () => {
    const k = generateKernel(spec);
    const grid = dispatchGrid(spec, 16384) as Dim3;
    expect(() => checkLaunchConfig(k.name, { grid, block: [8, 16, 1], staticSharedBytes: k.workgroupStorageBytes }, DEFAULT_LAUNCH_LIMITS)).not.toThrow();
  });

  it.each([
    [{ grid: [1, 70000, 1], block: [16, 16, 1] }, /grid.y is 70000, above the device's 65535/],
    [{ grid: [0, 1, 1], block: [16, 16, 1] }, /grid.x is 0; every dimension must be a positive integer/],
    [{ grid: [1, 1, 1], block: [32, 64, 1] }, /block of 32×64×1 = 2048 threads exceeds the device's 1024/],
    [{ grid: [1, 1, 1], block: [1, 1, 128] }, /block.z is 128, above the device's 64/],
    [{ grid: [1, 1, 1], block: [16, 16, 1], staticSharedBytes: 40000, sharedBytes: 10000 }, /50000 bytes of shared memory per block, above the device's 49152/],
  ] as const)('refuses %o with the value and the limit', (config, message) => {
    expect(() => checkLaunchConfig('fw_update__x', config, DEFAULT_LAUNCH_LIMITS)).toThrow(CudaLaunchConfigError);
    expect(() => checkLaunchConfig('fw_update__x', config, DEFAULT_LAUNCH_LIMITS)).toThrow(message);
  });

  it('names the kernel', () => {
    expect(() => checkLaunchConfig('spmv_ell__y', { grid: [1, 1, 1], block: [2048, 1, 1] }, DEFAULT_LAUNCH_LIMITS)).toThrow(/^Kernel spmv_ell__y: block.x is 2048/);
  });
});
