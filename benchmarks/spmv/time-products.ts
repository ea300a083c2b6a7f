// GPU time of one product, the way the APSP suite times: the matrix and vectors stay on the GPU, K products
// are encoded into one submit (one compute pass, so no launch gaps between them) and the pass's timestamps
// divided by K, after a warm-up that keeps the GPU busy long enough to reach its clocks.
import type { SpmvRunner } from '@semiforge/algorithms';
import type { Device } from '@semiforge/runtime';
import { summarize, type BenchResult } from '../lib/results.js';

export interface ProductTiming {
  readonly time_ms: BenchResult['time_ms'];
  /** Products per submit (K). */
  readonly batch: number;
  /** Each timed submit's GPU time per product, in the order run: to pool several rounds (`--rounds`). */
  readonly times: readonly number[];
}

const MAX_BATCH = 1000;
/** Warm-up ends once a batch is no longer this much faster than the best before it… */
const SETTLED = 0.01;
/** …or this long after the fixed warm-up. */
const MAX_EXTRA_WARMUP_MS = 4000;

/**
 * Batches in flight at once. The H100 lowers its SM clock within milliseconds of idling, and one submit at a
 * time leaves it idle while the host reads the timestamps back: in session 4 ELL on the banded matrix timed
 * 368 GFLOP/s at 1020 MHz and 499 at 1980 MHz (benchmarks/spmv/order-probe.ts), which was the "order effect".
 * Submitting the next batches before the first returns keeps the queue full and the clock up.
 */
const IN_FLIGHT = 4;

/** Times y = A x on `x`, `y` (device buffers of n elements): medians of `runs` submits of K products each. */
export async function timeProducts(
  device: Device,
  runner: SpmvRunner,
  buffers: { x: GPUBuffer; y: GPUBuffer },
  options: { runs: number; warmupMs: number; batchMs: number },
): Promise<ProductTiming> {
  return timeQueued(async (k) => {
    const batch = device.batch({ label: `spmv ${runner.plan.format} x${k}` });
    for (let i = 0; i < k; i++) runner.encode(batch, buffers);
    const { gpuTimeMs } = await batch.submit();
    if (gpuTimeMs === undefined) throw new Error('spmv timing needs the timestamp-query feature, which this device lacks');
    return gpuTimeMs / k;
  }, options);
}

/**
 * The timing of {@link timeProducts} for any backend: `perProduct(k)` runs K products as one batch and gives
 * the GPU time of one (WebGPU: one submit's timestamps; CUDA: events around K queued launches).
 */
export async function timeQueued(perProduct: (k: number) => Promise<number>, options: { runs: number; warmupMs: number; batchMs: number }): Promise<ProductTiming> {
  // `count` batches queued back to back, so that the GPU never waits for the host between them.
  const queued = (k: number, count: number): Promise<number[]> => Promise.all(Array.from({ length: count }, () => perProduct(k)));
  // K so that one submit spans about batchMs: a lone small product would time mostly the pass's start and end.
  const batch = Math.min(MAX_BATCH, Math.max(1, Math.ceil(options.batchMs / Math.min(...(await queued(1, IN_FLIGHT))))));
  // Then until the rate settles: after the CPU built this variant's layout the GPU sat idle for seconds.
  const started = performance.now();
  let previous = Infinity;
  for (;;) {
    const t = Math.min(...(await queued(batch, IN_FLIGHT)));
    const elapsed = performance.now() - started;
    const settled = t > previous * (1 - SETTLED);
    if ((elapsed >= options.warmupMs && settled) || elapsed >= options.warmupMs + MAX_EXTRA_WARMUP_MS) break;
    previous = Math.min(previous, t);
  }
  // Every timed submit behind another one, so that none starts on an idle, down-clocked GPU.
  const times = (await queued(batch, options.runs + 1)).slice(1);
  return { time_ms: summarize(times), batch, times };
}
