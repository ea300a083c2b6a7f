// The `context` block (shared/BENCHMARKS.md) of a run on an NVIDIA GPU through CUDA (and WebGPU beside it),
// and the min-plus peak computed from the device's own SM count and clock.
import type { CudaDevice } from '@semiforge/runtime-cuda';
import { minPlusPeak } from '../lib/gpu-peak.js';
import { baseContext, cudaVersion, type BenchContext } from '../lib/results.js';

export function cudaContext(suite: string, cuda: CudaDevice, backends: string[]): BenchContext {
  const { info } = cuda;
  const driver = `CUDA driver ${cudaVersion(info.driverVersion)}`;
  return {
    ...baseContext(suite, { koffi: '3.3.4', compiler: cuda.compiler?.version ?? 'none', '@semiforge/runtime-cuda': '0.1.0' }),
    device: info.name,
    backend: backends.join(', '),
    adapter: { vendor: 'nvidia', architecture: info.arch, driver, description: `${info.name}, compute capability ${info.computeCapability.major}.${info.computeCapability.minor}` },
  };
}

/** FP32 lanes × clock / 2, from cuDeviceGetAttribute (SM count, peak SM clock). */
export function cudaMinPlusPeak(cuda: CudaDevice): { name: string; value: number } {
  const { info } = cuda;
  return minPlusPeak({ name: info.name, driver: String(info.driverVersion), maxSmClockMHz: info.clockMHz, smCount: info.multiprocessors });
}
