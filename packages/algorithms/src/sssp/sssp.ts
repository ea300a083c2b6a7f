import type { Csr } from '@semiforge/graph-io';
import { isCudaDevice, withDevice, type Backend, type AnyDevice } from '../kernels/backend.js';
import { CudaSsspRunner } from './sssp.cuda.js';
import type { SsspResult, SsspRunOptions } from './sssp.loop.js';
import type { SsspKernelOptions } from './sssp.plan.js';
import { SsspRunner } from './sssp.runner.js';

/** A device SSSP runs on: a WebGPU {@link Device} or a {@link CudaDevice}. */
export type SsspDevice = AnyDevice;

/** Options of {@link sssp}: the method and kernels, what each query asks, and the backend. */
export interface SsspOptions extends SsspKernelOptions, SsspRunOptions {
  /**
   * 'webgpu' or 'cuda': both run the same kernels' specs and give the same distances. Default: the backend of
   * the device given (naming the other one with a device is refused), else `$SEMIFORGE_BACKEND`, else
   * 'webgpu'; without a device one is opened for the call (CUDA: `$SEMIFORGE_CUDA_DEVICE` or 0).
   */
  readonly backend?: Backend;
}

/**
 * An SSSP runner on the device's backend: {@link CudaSsspRunner} for a CUDA device, {@link SsspRunner} for a
 * WebGPU one; both take the same options, run the same loop and give the same answers.
 *
 * @example
 * const runner = await createSsspRunner(cudaDevice, csr, { weights: 'u32' });
 * const { dist } = await runner.run(0);
 * runner.destroy();
 */
export function createSsspRunner(device: SsspDevice, graph: Csr, options: SsspKernelOptions = {}): Promise<SsspRunner | CudaSsspRunner> {
  return isCudaDevice(device) ? CudaSsspRunner.create(device, graph, options) : SsspRunner.create(device, graph, options);
}

/**
 * Single-source shortest paths on the GPU: distances (exactly as f32 or u32 sums) and a parent tree from
 * one source, or from each of several (the graph is uploaded once). Methods: paper 001's edge-parallel
 * Bellman-Ford, frontier Bellman-Ford, near-far (default when every weight is ≥ 0). Negative weights are
 * taken by the Bellman-Ford methods, which throw a `NegativeCycleError` naming a vertex on a negative cycle
 * reachable from the source; near-far refuses them. The device is a WebGPU `Device` or a `CudaDevice` (or
 * undefined: one is opened for the call, of the backend chosen).
 *
 * @example
 * const { dist, parent } = await sssp(device, csr, 0, { method: 'near-far', weights: 'u32' });
 * const many = await sssp(device, csr, [0, 5, 9], { maxDistance: 100 });
 * const onCuda = await sssp(undefined, csr, 0, { backend: 'cuda' });
 */
export async function sssp(device: SsspDevice | undefined, graph: Csr, source: number, options?: SsspOptions): Promise<SsspResult>;
export async function sssp(device: SsspDevice | undefined, graph: Csr, sources: readonly number[], options?: SsspOptions): Promise<SsspResult[]>;
export async function sssp(device: SsspDevice | undefined, graph: Csr, sources: number | readonly number[], options: SsspOptions = {}): Promise<SsspResult | SsspResult[]> {
  return withDevice(device, options.backend, async (used) => {
    const runner = await createSsspRunner(used, graph, options);
    try {
      return typeof sources === 'number' ? await runner.run(sources, options) : await runner.runMany(sources, options);
    } finally {
      runner.destroy();
    }
  });
}
