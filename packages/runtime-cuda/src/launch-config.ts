import { CudaLaunchConfigError } from './errors.js';

export type Dim3 = readonly [number, number, number];

/** The device limits a launch is checked against (cuDeviceGetAttribute). */
export interface LaunchLimits {
  readonly maxThreadsPerBlock: number;
  readonly maxBlockDim: Dim3;
  readonly maxGridDim: Dim3;
  /** Shared memory a block may use without opting in (48 KiB on every current GPU). */
  readonly maxSharedMemoryPerBlock: number;
}

/** Limits of every GPU from compute capability 3.0 on; the device's own are read when it is opened. */
export const DEFAULT_LAUNCH_LIMITS: LaunchLimits = {
  maxThreadsPerBlock: 1024,
  maxBlockDim: [1024, 1024, 64],
  maxGridDim: [2 ** 31 - 1, 65535, 65535],
  maxSharedMemoryPerBlock: 48 * 1024,
};

export interface LaunchConfig {
  readonly grid: Dim3;
  readonly block: Dim3;
  /** Dynamic shared memory in bytes (the generated kernels declare theirs statically: 0). */
  readonly sharedBytes?: number;
  /** Static shared memory the kernel declares (codegen's `workgroupStorageBytes`), checked with the dynamic part. */
  readonly staticSharedBytes?: number;
}

const AXES = ['x', 'y', 'z'] as const;

/**
 * Checks a launch against the device's limits before the driver sees it, naming the kernel, the value and
 * the limit. Pure. An empty grid (some dimension 0) is refused too: the driver would reject it with a bare
 * CUDA_ERROR_INVALID_VALUE.
 *
 * @example
 * checkLaunchConfig('fw_update', { grid: [64, 64, 1], block: [8, 16, 1] }, DEFAULT_LAUNCH_LIMITS);
 */
export function checkLaunchConfig(kernelName: string, config: LaunchConfig, limits: LaunchLimits): void {
  const fail = (problem: string) => {
    throw new CudaLaunchConfigError(kernelName, problem);
  };
  for (const [what, dims, max] of [['grid', config.grid, limits.maxGridDim], ['block', config.block, limits.maxBlockDim]] as const) {
    dims.forEach((d, i) => {
      if (!Number.isInteger(d) || d < 1) fail(`${what}.${AXES[i]} is ${d}; every dimension must be a positive integer`);
      if (d > max[i]) fail(`${what}.${AXES[i]} is ${d}, above the device's ${max[i]}; split the work over more launches or a larger other dimension`);
    });
  }
  const threads = config.block[0] * config.block[1] * config.block[2];
  if (threads > limits.maxThreadsPerBlock) {
    fail(`a block of ${config.block.join('×')} = ${threads} threads exceeds the device's ${limits.maxThreadsPerBlock}; generate the kernel with a smaller workgroup`);
  }
  const shared = (config.sharedBytes ?? 0) + (config.staticSharedBytes ?? 0);
  if (!Number.isInteger(shared) || shared < 0) fail(`shared memory of ${shared} bytes is not a byte count`);
  if (shared > limits.maxSharedMemoryPerBlock) {
    fail(`needs ${shared} bytes of shared memory per block, above the device's ${limits.maxSharedMemoryPerBlock}; use a smaller tile or staging depth`);
  }
}
