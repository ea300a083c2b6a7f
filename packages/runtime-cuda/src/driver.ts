import { cuResultError, type CuCallContext } from './cu-result.js';
import { CudaUnavailableError } from './errors.js';

/** The driver API functions the backend calls, as koffi prototypes (handles are opaque pointers, CUdevice an int). */
const PROTOTYPES = [
  'int cuInit(unsigned int flags)',
  'int cuDriverGetVersion(_Out_ int *version)',
  'int cuDeviceGetCount(_Out_ int *count)',
  'int cuDeviceGet(_Out_ int *device, int ordinal)',
  'int cuDeviceGetName(void *name, int len, int dev)',
  'int cuDeviceGetAttribute(_Out_ int *value, int attrib, int dev)',
  'int cuDeviceTotalMem_v2(_Out_ size_t *bytes, int dev)',
  'int cuDevicePrimaryCtxRetain(_Out_ void **ctx, int dev)',
  'int cuDevicePrimaryCtxRelease_v2(int dev)',
  'int cuCtxSetCurrent(void *ctx)',
  'int cuCtxSynchronize()',
  'int cuMemGetInfo_v2(_Out_ size_t *free, _Out_ size_t *total)',
  'int cuMemAlloc_v2(_Out_ uint64_t *dptr, size_t bytes)',
  'int cuMemFree_v2(uint64_t dptr)',
  'int cuMemHostAlloc(_Out_ void **ptr, size_t bytes, unsigned int flags)',
  'int cuMemFreeHost(void *ptr)',
  'int cuMemcpyHtoDAsync_v2(uint64_t dst, const void *src, size_t bytes, void *stream)',
  'int cuMemcpyDtoHAsync_v2(void *dst, uint64_t src, size_t bytes, void *stream)',
  'int cuMemcpyDtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, void *stream)',
  'int cuMemsetD32Async(uint64_t dst, unsigned int value, size_t count, void *stream)',
  'int cuStreamCreate(_Out_ void **stream, unsigned int flags)',
  'int cuStreamDestroy_v2(void *stream)',
  'int cuStreamSynchronize(void *stream)',
  'int cuStreamCreateWithPriority(_Out_ void **stream, unsigned int flags, int priority)',
  'int cuStreamWaitEvent(void *stream, void *event, unsigned int flags)',
  'int cuCtxGetStreamPriorityRange(_Out_ int *least, _Out_ int *greatest)',
  'int cuEventCreate(_Out_ void **event, unsigned int flags)',
  'int cuEventRecord(void *event, void *stream)',
  'int cuEventSynchronize(void *event)',
  'int cuEventQuery(void *event)',
  'int cuEventElapsedTime(_Out_ float *ms, void *start, void *end)',
  'int cuEventDestroy_v2(void *event)',
  'int cuModuleLoadData(_Out_ void **module, const void *image)',
  'int cuModuleGetFunction(_Out_ void **fn, void *module, const char *name)',
  'int cuModuleUnload(void *module)',
  'int cuLaunchKernel(void *fn, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx, unsigned int by, unsigned int bz, unsigned int shared, void *stream, void *params, void *extra)',
] as const;

type Name<P extends string> = P extends `int ${infer N}(${string}` ? N : never;
/** A driver function's name, e.g. `cuMemAlloc_v2`. */
export type DriverFunction = Name<(typeof PROTOTYPES)[number]>;

/** An opaque driver handle (CUcontext, CUstream, CUevent, CUmodule, CUfunction) or a host pointer, as koffi gives it. */
export type Handle = unknown;

/** The koffi module, typed as far as the backend uses it. */
export interface Koffi {
  load(path: string): { func(prototype: string): (...args: unknown[]) => unknown };
  address(value: unknown): bigint;
  view(pointer: unknown, length: number): ArrayBuffer;
}

/** The loaded driver: each call is checked, a failure thrown as a typed error. */
export interface CudaDriver {
  readonly koffi: Koffi;
  /** Calls a driver function; throws the typed error of a non-zero CUresult. */
  call(name: DriverFunction, args: unknown[], context?: CuCallContext): void;
  /**
   * Calls a driver function and returns its CUresult unchecked: for queries whose "not yet" is a code
   * (cuEventQuery's CUDA_ERROR_NOT_READY), polled too often to build an error each time.
   */
  status(name: DriverFunction, args: unknown[]): number;
  /** The driver's version as cuDriverGetVersion gives it, e.g. 13000 for 13.0. */
  readonly version: number;
}

const LIBCUDA = 'libcuda.so.1';
// Where drivers put it when the loader's search path misses it (containers mount it under /usr/local/nvidia).
const LIBCUDA_PATHS = [LIBCUDA, '/usr/local/nvidia/lib64/libcuda.so.1', '/usr/lib/x86_64-linux-gnu/libcuda.so.1', '/usr/lib64/libcuda.so.1'];
let loaded: Promise<CudaDriver> | undefined;

/**
 * Loads koffi and libcuda.so.1 and initialises the driver, once per process. Nothing happens on import:
 * a machine without CUDA can import the package and fails only here, with {@link CudaUnavailableError}
 * naming what is missing.
 */
export function loadCudaDriver(): Promise<CudaDriver> {
  loaded ??= open().catch((e) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

async function open(): Promise<CudaDriver> {
  let koffi: Koffi;
  try {
    koffi = ((await import('koffi')) as unknown as { default: Koffi }).default;
  } catch (e) {
    throw new CudaUnavailableError('koffi', (e as Error).message, 'install it (`npm install koffi@3.3.4`), or on the GPU host copy it into .device/node_modules (../shared/device/pack.sh does)');
  }
  let lib: ReturnType<Koffi['load']> | undefined;
  let firstError: Error | undefined;
  for (const path of LIBCUDA_PATHS) {
    try {
      lib = koffi.load(path);
      break;
    } catch (e) {
      firstError ??= e as Error;
    }
  }
  if (!lib) {
    throw new CudaUnavailableError(
      LIBCUDA,
      firstError!.message,
      'install the NVIDIA driver (it ships libcuda), or add its directory to LD_LIBRARY_PATH; the CUDA toolkit alone is not enough',
    );
  }
  const fns = new Map<string, (...args: unknown[]) => unknown>();
  for (const p of PROTOTYPES) {
    const name = p.slice(4, p.indexOf('('));
    try {
      fns.set(name, lib.func(p));
    } catch (e) {
      throw new CudaUnavailableError(`${name} in ${LIBCUDA}`, (e as Error).message, 'update the NVIDIA driver');
    }
  }
  const status: CudaDriver['status'] = (name, args) => fns.get(name)!(...args) as number;
  const call: CudaDriver['call'] = (name, args, context) => {
    const code = status(name, args);
    const error = cuResultError(name, code, context);
    if (error) throw error;
  };
  call('cuInit', [0]);
  const version = [0];
  call('cuDriverGetVersion', [version]);
  return { koffi, call, status, version: version[0] };
}
