import { openDevice, type Device } from '@semiforge/runtime';
import type { CudaDevice } from '@semiforge/runtime-cuda';
import { chooseBackend, loadCudaRuntime, type Backend } from '../kernels/backend.js';
import { CudaApspRunner } from './apsp.cuda.js';
import type { ApspGraph } from './apsp.input.js';
import type { ApspKernelOptions } from './apsp.plan.js';
import { ApspRunner, type ApspResult, type ApspRunOptions } from './apsp.runner.js';

export interface ApspOptions extends ApspKernelOptions, ApspRunOptions {
  /**
   * 'webgpu' or 'cuda': both run the same specs and give the same answer. Default: the backend of the device
   * given (`device` or `cudaDevice`), else `$SEMIFORGE_BACKEND`, else 'webgpu'.
   */
  backend?: Backend;
  /** WebGPU device to run on; default: one opened (and destroyed) for this call. */
  device?: Device;
  /** CUDA device to run on (backend 'cuda'); default: device `$SEMIFORGE_CUDA_DEVICE` or 0, opened for this call. */
  cudaDevice?: CudaDevice;
}

/**
 * All-pairs shortest paths (or any idempotent semiring's closure) by the blocked Floyd-Warshall of
 * paper 000 on the GPU: per pivot block, the pivot tile's closure, the pivot row and column panels,
 * then every tile. Throws {@link NegativeCycleError} when a cycle of negative weight exists.
 *
 * @example
 * const g = generateRandom4n(1000, 42);
 * const { dist } = await apsp(g, { method: 'a', tile: 64 });
 * dist[0 * 1000 + 7]; // shortest distance from 0 to 7
 * const onCuda = await apsp(g, { backend: 'cuda', type: 'i32' }); // DPX on sm_90 when the weights allow
 */
export async function apsp(graph: ApspGraph, options: ApspOptions = {}): Promise<ApspResult> {
  const chosen = options.backend ?? (options.device ? 'webgpu' : options.cudaDevice ? 'cuda' : undefined);
  if (chooseBackend(chosen) === 'cuda') return apspCuda(graph, options);
  const device = options.device ?? (await openDevice());
  try {
    const runner = await ApspRunner.create(device, graph, options);
    try {
      return await runner.run(options);
    } finally {
      runner.destroy();
    }
  } finally {
    if (!options.device) device.destroy();
  }
}

async function apspCuda(graph: ApspGraph, options: ApspOptions): Promise<ApspResult> {
  const device = options.cudaDevice ?? (await (await loadCudaRuntime()).openCudaDevice());
  try {
    const runner = await CudaApspRunner.create(device, graph, options);
    try {
      return runner.run(options);
    } finally {
      runner.destroy();
    }
  } finally {
    if (!options.cudaDevice) device.destroy();
  }
}
