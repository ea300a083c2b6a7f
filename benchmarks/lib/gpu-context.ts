// The `context` block of a WebGPU suite's results file (shared/BENCHMARKS.md): where, on what, with which versions.
import type { Device } from '@semiforge/runtime';
import { nvidiaInfo } from './gpu-peak.js';
import { baseContext, type BenchContext } from './results.js';

/** The context of a run of `suite` on `device`; the device is named as nvidia-smi names it where it can. */
export function webgpuContext(suite: string, device: Device, info = nvidiaInfo()): BenchContext {
  const desc = device.describe();
  return {
    ...baseContext(suite),
    device: info?.name ?? `${desc.vendor} ${desc.architecture} ${desc.description}`.trim(),
    backend: 'webgpu',
    adapter: { vendor: desc.vendor, architecture: desc.architecture, driver: info?.driver ?? desc.description, description: desc.description },
  };
}
