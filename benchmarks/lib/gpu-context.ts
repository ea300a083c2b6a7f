// The `context` block of a WebGPU suite's results file (shared/BENCHMARKS.md): where, on what, with which versions.
import type { Device } from '@semiforge/runtime';
import { nvidiaInfo } from './gpu-peak.js';
import { hostDescription, type BenchContext } from './results.js';

/** The context of a run of `suite` on `device`; the device is named as nvidia-smi names it where it can. */
export function webgpuContext(suite: string, device: Device, info = nvidiaInfo()): BenchContext {
  const desc = device.describe();
  return {
    date: new Date().toISOString(),
    git: process.env.SEMIFORGE_GIT ?? 'unknown',
    command: `node benchmarks/${suite}/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    host: hostDescription(),
    device: info?.name ?? `${desc.vendor} ${desc.architecture} ${desc.description}`.trim(),
    backend: 'webgpu',
    adapter: { vendor: desc.vendor, architecture: desc.architecture, driver: info?.driver ?? desc.description, description: desc.description },
    versions: { node: process.versions.node, webgpu: '0.6.2', '@semiforge/algorithms': '0.1.0' },
  };
}
