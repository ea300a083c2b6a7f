// The device's memory bandwidth as a WebGPU kernel sees it, measured in the same run as the suite that
// quotes it: a vec4 copy between two buffers of ≥ 1 GiB (far beyond the H100's 50 MB L2), timed with GPU
// timestamps, counting the bytes read plus the bytes written.
import type { Device } from '@semiforge/runtime';
import { probeKernel, PROBE_THREADS as THREADS } from './probe-kernel.js';
import type { BenchResult } from './results.js';
import { timedRepeats } from './timed-repeats.js';

// Enough resident workgroups for any current GPU (132 SMs × 8 of 256 threads is 1056); each strides over the buffer.
const WORKGROUPS = 8192;
const COPIES_PER_BATCH = 8;

const COPY_KERNEL = probeKernel('bench_copy_vec4_u32', `@group(0) @binding(0) var<storage, read> src: array<vec4u>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4u>;
@compute @workgroup_size(${THREADS}) fn main(@builtin(global_invocation_id) g: vec3u, @builtin(num_workgroups) groups: vec3u) {
  let stride = groups.x * ${THREADS}u;
  for (var i = g.x; i < arrayLength(&dst); i += stride) { dst[i] = src[i]; }
}`);

export interface CopyBandwidth {
  /** Bytes per second, read + written. */
  readonly value: number;
  readonly name: string;
  readonly time_ms: BenchResult['time_ms'];
}

/**
 * Copies `bytes` (capped at the device's storage binding size) from one buffer to another, `COPIES_PER_BATCH`
 * times a submit, after `warmupMs` of the same work (an idle GPU runs at low clocks); the median of `runs`.
 * Undefined without timestamp queries.
 */
export async function copyBandwidth(device: Device, options: { bytes: number; runs: number; warmupMs: number }): Promise<CopyBandwidth | undefined> {
  const limits = device.limits;
  const bytes = Math.floor(Math.min(options.bytes, limits.maxStorageBufferBindingSize, limits.maxBufferSize) / 16) * 16;
  const src = await device.createBuffer('bench.copy.src', bytes, 'storage');
  const dst = await device.createBuffer('bench.copy.dst', bytes, 'storage');
  try {
    const once = async () => {
      const batch = device.batch({ label: 'copy bandwidth' });
      for (let i = 0; i < COPIES_PER_BATCH; i++) batch.dispatch(COPY_KERNEL, { buffers: { src, dst }, workgroups: [WORKGROUPS] });
      const { gpuTimeMs } = await batch.submit();
      return gpuTimeMs === undefined ? undefined : gpuTimeMs / COPIES_PER_BATCH;
    };
    const time_ms = await timedRepeats(once, options.runs, options.warmupMs);
    if (!time_ms) return undefined;
    const mib = Math.round(bytes / 2 ** 20);
    return {
      value: (2 * bytes) / (time_ms.median / 1e3),
      name: `WebGPU vec4 copy kernel, ${mib} MiB → ${mib} MiB, (read + written bytes) / time, median of ${options.runs}, same run`,
      time_ms,
    };
  } finally {
    src.destroy();
    dst.destroy();
  }
}
