// Settles the host before a timed one-at-a-time search, so that the search's wall time is the search's. A search
// read back before it (n-sized parents: 32–256 MiB at scales 23–26) leaves two costs that otherwise land in the
// next search's timed wait (seen on lavapipe by helper-56: strace put the staging buffer's munmap inside the next
// submit's wait, --trace-gc a "finalize incremental marking via task" there):
//   - Dawn frees a destroyed buffer's memory once the submit *after* the destroy has completed (its fenced deleter
//     files the memory under the queue's pending serial), so a buffer destroyed after the previous search is freed
//     when the next search's first submit completes (`device.read` now keeps its staging buffer, see the
//     runtime's readback-pool.ts; buffers of the checks are still destroyed, and GPU objects whose wrappers the
//     collection frees are deleted the same way);
//   - the read's n-sized copy (and the host checks' arrays) push V8's external memory past its limit; V8 starts
//     a collection and finishes it in a task, which runs at the next await: the search's.
// runMany and CoreBFS did not show it by accident: a GPU check's round trip came between the read and the next
// timed region. benchmarks/bfs/settle-probe.ts measures both on the GPU host.
import { isCudaDevice, type BfsDevice } from '@semiforge/algorithms';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What settling took: the GPU queue drained (Dawn's deferred frees run there) and a full garbage collection, in ms. */
export interface Settled {
  readonly flushMs: number;
  readonly gcMs: number;
}

let collect: (() => void) | undefined;

/** V8's full collection: `gc` when node runs with --expose-gc, else exposed once through V8's flags. */
function fullGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Drains the GPU queue (WebGPU: an empty submit and `onSubmittedWorkDone`, which runs Dawn's deletions filed for it); ms taken. */
export async function drainQueue(device: BfsDevice): Promise<number> {
  const started = performance.now();
  if (!isCudaDevice(device)) {
    device.gpu.queue.submit([]);
    await device.gpu.queue.onSubmittedWorkDone();
  }
  return performance.now() - started;
}

/** A full garbage collection; ms taken. */
export function collectGarbage(): number {
  const started = performance.now();
  collect ??= fullGc();
  collect();
  return performance.now() - started;
}

/**
 * Collects the garbage and then drains the GPU queue twice, outside any timed region.
 *
 * @example
 * await settle(device);
 * const { searchMs } = await runner.run(source, { check: true });
 */
export async function settle(device: BfsDevice): Promise<Settled> {
  // The collection first: GPU objects it frees (their wrappers' finalizers run on a later task) become Dawn
  // deletions that the drains then run. Drained before the collection, those landed in the next search: on the
  // H100 at Kronecker 22, searches took 10.4 ms after settling against 1.6 ms unsettled; collected first and
  // drained twice, 3.2 ms (settle-probe, 5 searches each, noisy).
  const gcMs = collectGarbage();
  await new Promise((resolve) => setImmediate(resolve));
  // Twice: the first drain completes the serial the deletions were filed under, the second's tick runs them.
  return { flushMs: (await drainQueue(device)) + (await drainQueue(device)), gcMs };
}
