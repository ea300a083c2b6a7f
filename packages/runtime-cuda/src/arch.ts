/** A device's compute capability, from cuDeviceGetAttribute (COMPUTE_CAPABILITY_MAJOR / _MINOR). */
export interface ComputeCapability {
  readonly major: number;
  readonly minor: number;
}

/** From this major version on, NVIDIA ships arch-specific features (`sm_90a`: DPX, wgmma, setmaxnreg). */
const ARCH_SPECIFIC_FROM = 9;

/**
 * The nvcc/NVRTC architecture for a compute capability: `sm_XYa` from Hopper on (the arch-specific target,
 * so that DPX and other sm_90+ instructions are emitted; such a cubin runs only on that exact
 * architecture, which is what a cache keyed by architecture wants), `sm_XY` before.
 *
 * @example
 * cudaArch({ major: 9, minor: 0 }); // 'sm_90a' (H100)
 * cudaArch({ major: 8, minor: 6 }); // 'sm_86'
 */
export function cudaArch(cc: ComputeCapability, options: { archSpecific?: boolean } = {}): string {
  if (!Number.isInteger(cc.major) || !Number.isInteger(cc.minor) || cc.major < 1 || cc.minor < 0 || cc.minor > 9) {
    throw new RangeError(`compute capability ${cc.major}.${cc.minor} is not a valid major.minor pair`);
  }
  const suffix = (options.archSpecific ?? true) && cc.major >= ARCH_SPECIFIC_FROM ? 'a' : '';
  return `sm_${cc.major}${cc.minor}${suffix}`;
}
