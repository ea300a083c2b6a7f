import { checkNumberType, describeValue, type Csr } from '@semiforge/graph-io';
import { withDevice, type Backend } from '../kernels/backend.js';
import { createBfsEngine, type BfsDevice } from './bfs.engine.js';
import type { BfsOptions } from './bfs.plan.js';
import type { BfsResult } from './bfs.runner.js';

/** What {@link bfs} takes besides the runner's options. */
export interface BfsCallOptions extends BfsOptions {
  /** Also return each vertex's depth. */
  readonly depths?: boolean;
  /**
   * 'webgpu' or 'cuda': both run the same kernels' specs and give answers that pass the same validation.
   * Default: the backend of the device given (naming the other one with a device is refused), else
   * `$SEMIFORGE_BACKEND`, else 'webgpu'; without a device one is opened for the call (CUDA: `$SEMIFORGE_CUDA_DEVICE` or 0).
   */
  readonly backend?: Backend;
}

/**
 * Breadth-first search on the GPU from one source or several (the graph is uploaded once): the
 * direction-optimising hybrid of paper 003 with degree ordering, optionally the m_f approximation.
 * Returns parent arrays in your vertex ids (−1 unreachable, the source its own parent). The device is a
 * WebGPU `Device` or a `CudaDevice` (or undefined: one is opened for the call, of the backend chosen).
 *
 * @example
 * const { parent } = await bfs(device, csr, 0);
 * const results = await bfs(device, csr, [0, 17, 42], { mfApprox: true, depths: true });
 * const onCuda = await bfs(undefined, csr, 0, { backend: 'cuda' });
 */
export async function bfs(device: BfsDevice | undefined, csr: Csr, source: number, options?: BfsCallOptions): Promise<BfsResult>;
export async function bfs(device: BfsDevice | undefined, csr: Csr, sources: readonly number[], options?: BfsCallOptions): Promise<BfsResult[]>;
export async function bfs(device: BfsDevice | undefined, csr: Csr, sources: number | readonly number[], options: BfsCallOptions = {}): Promise<BfsResult | BfsResult[]> {
  // Before the graph is prepared (seconds at scale): a string "5" iterated as the source '5', null failed inside.
  const list = typeof sources === 'number' ? [sources] : sources;
  if (!Array.isArray(list)) throw new TypeError(`bfs: sources is ${describeValue(sources)}, not a vertex id or an array of them`);
  for (const s of list) checkNumberType('bfs: a source', s, 'a vertex id (an integer)');
  return withDevice(device, options.backend, async (used) => {
    const runner = await createBfsEngine(used, csr, options);
    try {
      const results: BfsResult[] = [];
      for (const s of list) results.push(await runner.run(s, { depths: options.depths }));
      return typeof sources === 'number' ? results[0] : results;
    } finally {
      runner.destroy();
    }
  });
}
