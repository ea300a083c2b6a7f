export { cudaArch, type ComputeCapability } from './arch.js';
export { parseCompileLog } from './compile-diagnostics.js';
export { holdComputeClock, type ComputeClockHold } from './compute-clock.js';
export { CU_RESULT_NAMES, cuResultError, cuResultName, type CuCallContext } from './cu-result.js';
export {
  CudaDevice,
  cudaDeviceCount,
  listCudaDevices,
  openCudaDevice,
  type CudaBuffer,
  type CudaDeviceInfo,
  type CudaKernel,
  type CudaKernelSource,
  type LaunchArgs,
  type PreparedLaunch,
  type OpenCudaDeviceOptions,
  type PinnedMemory,
} from './cuda-device.js';
export { loadCudaDriver, type CudaDriver, type Handle } from './driver.js';
export {
  CudaCompileError,
  CudaDriverError,
  CudaError,
  CudaLaunchConfigError,
  CudaLaunchError,
  CudaOutOfMemoryError,
  CudaUnavailableError,
  type CudaDiagnostic,
} from './errors.js';
export { kernelArgs, packKernelArgs, type BindingLike, type KernelArg, type PackedArgs } from './kernel-args.js';
export { prepareKernelArgs, type PreparedArgs } from './prepared-args.js';
export { CubinCache, cubinCacheDir, cubinCacheKey, type CubinKeyParts } from './kernel-cache.js';
export { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS, type Dim3, type LaunchConfig, type LaunchLimits } from './launch-config.js';
export { findNvcc, nvccCandidates, nvccVersion, type CudaCompiler } from './nvcc-compiler.js';
export { countSass, disassemble, findCuobjdump } from './sass.js';
