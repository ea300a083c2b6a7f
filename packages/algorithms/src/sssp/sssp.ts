import type { Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import type { SsspKernelOptions } from './sssp.plan.js';
import { SsspRunner, type SsspResult, type SsspRunOptions } from './sssp.runner.js';

/** Options of {@link sssp}: the method and kernels, and what each query asks. */
export interface SsspOptions extends SsspKernelOptions, SsspRunOptions {}

/**
 * Single-source shortest paths on the GPU: distances (exactly as f32 or u32 sums) and a parent tree from
 * one source, or from each of several (the graph is uploaded once). Methods: paper 001's edge-parallel
 * Bellman-Ford, frontier Bellman-Ford, near-far (default when every weight is ≥ 0). Negative weights are
 * taken by the Bellman-Ford methods, which throw a `NegativeCycleError` naming a vertex on a negative cycle
 * reachable from the source; near-far refuses them.
 *
 * @example
 * const { dist, parent } = await sssp(device, csr, 0, { method: 'near-far', weights: 'u32' });
 * const many = await sssp(device, csr, [0, 5, 9], { maxDistance: 100 });
 */
export async function sssp(device: Device, graph: Csr, source: number, options?: SsspOptions): Promise<SsspResult>;
export async function sssp(device: Device, graph: Csr, sources: readonly number[], options?: SsspOptions): Promise<SsspResult[]>;
export async function sssp(device: Device, graph: Csr, sources: number | readonly number[], options: SsspOptions = {}): Promise<SsspResult | SsspResult[]> {
  const runner = await SsspRunner.create(device, graph, options);
  try {
    return typeof sources === 'number' ? await runner.run(sources, options) : await runner.runMany(sources, options);
  } finally {
    runner.destroy();
  }
}
