import type { Device } from '@semiforge/runtime';
import type { Csr } from '@semiforge/graph-io';
import type { SpmvOperands } from './spmv.input.js';
import type { SpmvKernelOptions } from './spmv.plan.js';
import { SpmvRunner, type SpmvResult } from './spmv.runner.js';

export interface SpmvOptions extends SpmvKernelOptions, SpmvOperands {}

/**
 * One sparse matrix–vector product over a semiring on the GPU: y = A ⊗ x, or y = A ⊗ x ⊕ y with
 * `accumulate`, optionally only on rows whose `mask` word is non-zero. The format comes from the matrix's
 * row statistics unless given (see `chooseFormat`). For many products with one matrix, use
 * {@link SpmvRunner}, which uploads the matrix once.
 *
 * @example
 * const g = csrFromEdges(generateErdosRenyi({ n: 1000, m: 8000, seed: 1, weights: 'f32-unit' }));
 * const { y } = await spmv(device, g, new Float32Array(1000).fill(1), { semiring: 'plus-times' });
 * const hop = await spmv(device, g, dist, { semiring: 'min-plus', accumulate: true, y: dist }); // one relaxation
 */
export async function spmv(device: Device, matrix: Csr, x: ArrayLike<number>, options: SpmvOptions = {}): Promise<SpmvResult> {
  const runner = await SpmvRunner.create(device, matrix, { ...options, masked: options.masked ?? options.mask !== undefined });
  try {
    return await runner.run(x, options);
  } finally {
    runner.destroy();
  }
}
