// How fast the SMs gather scattered 32-B sectors from L2, measured in the same run as the SpMV suite that
// feeds it to the hierarchy-aware model: random 4-B reads from a vector small enough to stay in L2 (the way
// SpMV gathers x on a power-law matrix), timed with GPU timestamps, each read counted as one 32-B sector.
import type { Device } from '@semiforge/runtime';
import { probeKernel, PROBE_THREADS as THREADS } from './probe-kernel.js';
import type { BenchResult } from './results.js';
import { timedRepeats } from './timed-repeats.js';

const WORKGROUPS = 8192;
const GATHERS_PER_THREAD = 32;
const DISPATCHES_PER_BATCH = 8;
const SECTOR_BYTES = 32;

// The index is a hash of (thread, step), so no index array competes for bandwidth; the sum is written so the
// reads cannot be dropped.
const GATHER_KERNEL = probeKernel('bench_gather_l2_f32', `@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
fn mix(v: u32) -> u32 {
  var h = v * 0x9e3779b9u;
  h ^= h >> 16u; h *= 0x85ebca6bu; h ^= h >> 13u; h *= 0xc2b2ae35u; h ^= h >> 16u;
  return h;
}
@compute @workgroup_size(${THREADS}) fn main(@builtin(global_invocation_id) g: vec3u) {
  let mask = arrayLength(&src) - 1u;
  var acc = 0.0;
  for (var j = 0u; j < ${GATHERS_PER_THREAD}u; j++) { acc += src[mix(g.x * ${GATHERS_PER_THREAD}u + j) & mask]; }
  dst[g.x] = acc;
}`);

export interface GatherBandwidth {
  /** Bytes per second, one 32-B sector per gathered element. */
  readonly value: number;
  readonly name: string;
  readonly time_ms: BenchResult['time_ms'];
}

/**
 * Random gathers from a vector of `vectorBytes` (rounded down to a power of two), `warmupMs` of warm-up, the
 * median of `runs`. Undefined without timestamp queries.
 */
export async function gatherBandwidth(device: Device, options: { vectorBytes: number; runs: number; warmupMs: number }): Promise<GatherBandwidth | undefined> {
  const elements = 2 ** Math.floor(Math.log2(options.vectorBytes / 4));
  const src = await device.createStorage('bench.gather.src', new Float32Array(elements).fill(1));
  const dst = await device.createBuffer('bench.gather.dst', 4 * THREADS * WORKGROUPS, 'storage');
  try {
    const once = async () => {
      const batch = device.batch({ label: 'gather bandwidth' });
      for (let i = 0; i < DISPATCHES_PER_BATCH; i++) batch.dispatch(GATHER_KERNEL, { buffers: { src, dst }, workgroups: [WORKGROUPS] });
      const { gpuTimeMs } = await batch.submit();
      return gpuTimeMs === undefined ? undefined : gpuTimeMs / DISPATCHES_PER_BATCH;
    };
    const time_ms = await timedRepeats(once, options.runs, options.warmupMs);
    if (!time_ms) return undefined;
    const sums = await device.read(dst, Float32Array, 0, 1);
    if (sums[0] !== GATHERS_PER_THREAD) throw new Error(`gather bandwidth: thread 0 summed ${sums[0]}, expected ${GATHERS_PER_THREAD} ones`);
    const gathers = THREADS * WORKGROUPS * GATHERS_PER_THREAD;
    return {
      value: (gathers * SECTOR_BYTES) / (time_ms.median / 1e3),
      name: `WebGPU random f32 gathers from a ${(4 * elements) / 2 ** 20} MiB vector (L2-resident), one ${SECTOR_BYTES}-B sector each, median of ${options.runs}, same run`,
      time_ms,
    };
  } finally {
    src.destroy();
    dst.destroy();
  }
}
