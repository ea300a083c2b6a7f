import { CudaDriverError, CudaLaunchError, CudaOutOfMemoryError, CudaUnavailableError } from './errors.js';

/** Names of the CUresult codes the backend can meet (cuda.h); others print as `CUresult <code>`. */
export const CU_RESULT_NAMES: Readonly<Record<number, string>> = {
  0: 'CUDA_SUCCESS',
  1: 'CUDA_ERROR_INVALID_VALUE',
  2: 'CUDA_ERROR_OUT_OF_MEMORY',
  3: 'CUDA_ERROR_NOT_INITIALIZED',
  4: 'CUDA_ERROR_DEINITIALIZED',
  34: 'CUDA_ERROR_STUB_LIBRARY',
  35: 'CUDA_ERROR_INSUFFICIENT_DRIVER',
  46: 'CUDA_ERROR_DEVICE_UNAVAILABLE',
  100: 'CUDA_ERROR_NO_DEVICE',
  101: 'CUDA_ERROR_INVALID_DEVICE',
  200: 'CUDA_ERROR_INVALID_IMAGE',
  201: 'CUDA_ERROR_INVALID_CONTEXT',
  209: 'CUDA_ERROR_NO_BINARY_FOR_GPU',
  218: 'CUDA_ERROR_INVALID_PTX',
  222: 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION',
  400: 'CUDA_ERROR_INVALID_HANDLE',
  500: 'CUDA_ERROR_NOT_FOUND',
  600: 'CUDA_ERROR_NOT_READY',
  700: 'CUDA_ERROR_ILLEGAL_ADDRESS',
  701: 'CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES',
  702: 'CUDA_ERROR_LAUNCH_TIMEOUT',
  715: 'CUDA_ERROR_ILLEGAL_INSTRUCTION',
  716: 'CUDA_ERROR_MISALIGNED_ADDRESS',
  719: 'CUDA_ERROR_LAUNCH_FAILED',
  999: 'CUDA_ERROR_UNKNOWN',
};

/** Codes by which a kernel fails at launch or while it runs. */
const LAUNCH_FAILURES: Readonly<Record<number, string>> = {
  1: 'invalid launch arguments (grid, block, shared memory or parameters)',
  701: 'too many resources requested (registers × threads per block, or shared memory); use fewer threads per block',
  702: 'ran too long and was stopped by the watchdog; give it less work per launch',
  700: 'read or wrote an illegal address (an argument buffer too small for the problem size?)',
  715: 'executed an illegal instruction',
  716: 'accessed a misaligned address',
  719: 'failed while running',
};

export function cuResultName(code: number): string {
  return CU_RESULT_NAMES[code] ?? `CUresult ${code}`;
}

/** What the backend was doing, so that an error can name it. */
export interface CuCallContext {
  /** A kernel being launched, or the last one launched when a failure surfaces at a synchronisation. */
  kernelName?: string;
  /** The failure surfaced at a synchronisation: it may come from the last kernel launched or from one before it. */
  surfaced?: boolean;
  /** An allocation: bytes asked for, its label, and the device's free/total memory when known. */
  alloc?: { requested: number; label: string; free?: number; total?: number };
}

/**
 * The typed error for a failed driver call, or undefined for CUDA_SUCCESS. Pure: callers throw the result.
 *
 * @example
 * const e = cuResultError('cuMemAlloc_v2', 2, { alloc: { requested: 1 << 30, label: 'dist', free: 1 << 20, total: 1 << 34 } });
 * e instanceof CudaOutOfMemoryError; // true
 */
export function cuResultError(operation: string, code: number, context: CuCallContext = {}): Error | undefined {
  if (code === 0) return undefined;
  const name = cuResultName(code);
  if (code === 2 && context.alloc) return new CudaOutOfMemoryError(operation, code, name, context.alloc);
  if (code === 34 || code === 35 || code === 100) {
    const why =
      code === 34
        ? 'the loaded libcuda is the toolkit’s stub, not the driver’s'
        : code === 35
          ? 'the installed driver is older than this CUDA version needs'
          : 'no CUDA-capable device was found';
    return new CudaUnavailableError('a CUDA device', `${operation} returned ${name}: ${why}`, 'install or update the NVIDIA driver, check that `nvidia-smi` lists a GPU, and that CUDA_VISIBLE_DEVICES does not hide it');
  }
  if (context.kernelName !== undefined && code in LAUNCH_FAILURES) {
    const which = context.surfaced ? ' (the last kernel launched before this synchronisation; an earlier one on the stream may be the cause)' : '';
    return new CudaLaunchError(operation, code, name, context.kernelName, `${LAUNCH_FAILURES[code]}${which}`);
  }
  return new CudaDriverError(operation, code, name, '');
}
