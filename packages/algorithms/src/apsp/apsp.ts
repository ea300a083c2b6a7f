import { openDevice, type Device } from '@semiforge/runtime';
import type { ApspGraph } from './apsp.input.js';
import type { ApspKernelOptions } from './apsp.plan.js';
import { ApspRunner, type ApspResult, type ApspRunOptions } from './apsp.runner.js';

export interface ApspOptions extends ApspKernelOptions, ApspRunOptions {
  /** Device to run on; default: one opened (and destroyed) for this call. */
  device?: Device;
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
 */
export async function apsp(graph: ApspGraph, options: ApspOptions = {}): Promise<ApspResult> {
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
