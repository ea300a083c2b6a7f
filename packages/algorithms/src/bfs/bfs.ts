import type { Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import type { BfsOptions } from './bfs.plan.js';
import { BfsRunner, type BfsResult } from './bfs.runner.js';

/**
 * Breadth-first search on the GPU from one source or several (the graph is uploaded once): the
 * direction-optimising hybrid of paper 003 with degree ordering, optionally the m_f approximation.
 * Returns parent arrays in your vertex ids (−1 unreachable, the source its own parent).
 *
 * @example
 * const { parent } = await bfs(device, csr, 0);
 * const results = await bfs(device, csr, [0, 17, 42], { mfApprox: true, depths: true });
 */
export async function bfs(device: Device, csr: Csr, source: number, options?: BfsOptions & { readonly depths?: boolean }): Promise<BfsResult>;
export async function bfs(device: Device, csr: Csr, sources: readonly number[], options?: BfsOptions & { readonly depths?: boolean }): Promise<BfsResult[]>;
export async function bfs(
  device: Device,
  csr: Csr,
  sources: number | readonly number[],
  options: BfsOptions & { readonly depths?: boolean } = {},
): Promise<BfsResult | BfsResult[]> {
  const runner = await BfsRunner.create(device, csr, options);
  try {
    const list = typeof sources === 'number' ? [sources] : sources;
    const results: BfsResult[] = [];
    for (const s of list) results.push(await runner.run(s, { depths: options.depths }));
    return typeof sources === 'number' ? results[0] : results;
  } finally {
    runner.destroy();
  }
}
