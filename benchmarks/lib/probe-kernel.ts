import type { ComputeKernel } from '@semiforge/runtime';

/** Invocations per workgroup of the limit probes. */
export const PROBE_THREADS = 256;

/**
 * A hand-written probe kernel (copy, gather) that reads `src` and writes `dst`, entry point `main`: the probes
 * measure the device, so they stay outside codegen's families.
 */
export function probeKernel(id: string, source: string): ComputeKernel {
  return {
    id,
    name: id,
    entryPoint: 'main',
    source,
    workgroupSize: [PROBE_THREADS, 1, 1],
    bindings: [
      { binding: 0, name: 'src', kind: 'read-only-storage' },
      { binding: 1, name: 'dst', kind: 'storage' },
    ],
    workgroupStorageBytes: 0,
  };
}
