// Batched APSP on a CudaStreamDevice: `@semiforge/algorithms`' CudaApspRunner placed on the task's stream, its
// input sent by async copies through the stream's pinned staging, its memory from the device's reuse pool.
import { CudaApspRunner, type ApspKernelOptions } from '@semiforge/algorithms';
import type { Task } from '../backend.js';
import type { CudaStreamDevice } from '../cuda-backend.js';
import { registerExecutor, taskExecutor } from '../executor.js';
import type { BatchApspResult, BatchGraph } from './batch-apsp.js';

/**
 * {@link apspTask}'s CUDA twin: download = plan, encode and copy the matrix on stream j; kernel = every pivot
 * step queued on stream j; readback = the distances by an async copy. Registered as 'batch-apsp' for 'cuda',
 * so `portableApspTask` runs on a CUDA backend's devices too.
 *
 * @example
 * ```ts
 * const scheduler = new Scheduler(await openCudaBackend({ gpus: 1 }));
 * const { dist } = await scheduler.submit(cudaApspTask({ name: 'g0', graph })).result;
 * ```
 */
export function cudaApspTask(item: BatchGraph, kernelOptions: ApspKernelOptions = {}): Task<CudaStreamDevice, CudaApspRunner, BatchApspResult> {
  return {
    download: async (device, j) => {
      const runner = await CudaApspRunner.create(device.runtime, item.graph, kernelOptions, {
        stream: device.stream(j),
        alloc: (label, bytes) => device.alloc(label, bytes),
        free: (buffer) => device.free(buffer),
        write: (buffer, data, slot) => device.enqueueWrite(j, buffer, data, slot),
      });
      try {
        await device.done(j);
      } catch (error) {
        runner.destroy();
        throw error;
      }
      return runner;
    },
    kernel: async (device, runner, j) => {
      runner.enqueue();
      await device.done(j);
    },
    readback: async (device, runner, j) => {
      const { n, dist, plan } = await runner.readWith((buffer, type) => device.read(j, buffer, type));
      return { name: item.name, n, dist, plan };
    },
    release: (_device, runner) => runner.destroy(),
  };
}

registerExecutor(
  'batch-apsp',
  taskExecutor(({ item, options }: { item: BatchGraph; options: ApspKernelOptions }) => cudaApspTask(item, options)),
  'cuda',
);
