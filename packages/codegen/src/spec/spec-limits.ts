// Limits and a test every family's spec rules share (validate-*-spec.ts): one definition of each.

/** Invocations a workgroup (a CUDA block) may hold: WebGPU's guaranteed maximum, CUDA's too. */
export const MAX_INVOCATIONS = 1024;
/** Threads of a CUDA warp: warp shuffles and ballots need whole warps. */
export const CUDA_WARP = 32;
/** Static shared memory a CUDA block may declare. */
export const CUDA_STATIC_SHARED_BYTES = 48 * 1024;

/**
 * Whether `v` is a positive integer power of two.
 *
 * @example
 * isPowerOfTwo(64); // true
 * isPowerOfTwo(48); // false
 */
export function isPowerOfTwo(v: number): boolean {
  return Number.isInteger(v) && v >= 1 && (v & (v - 1)) === 0;
}
