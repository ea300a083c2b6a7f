import type { Csr } from '@semiforge/graph-io';
import { isCudaDevice, withDevice, type AnyDevice, type Backend } from '../kernels/backend.js';
import { CudaSpmvRunner } from './spmv.cuda.js';
import type { SpmvOperands } from './spmv.input.js';
import type { SpmvKernelOptions } from './spmv.plan.js';
import { SpmvRunner, type SpmvResult } from './spmv.runner.js';

export interface SpmvOptions extends SpmvKernelOptions, SpmvOperands {
  /**
   * 'webgpu' or 'cuda': both run the same plan and give the same answer. Default: the backend of the device
   * given, else `$SEMIFORGE_BACKEND`, else 'webgpu'.
   */
  backend?: Backend;
}

/**
 * One sparse matrix–vector product over a semiring on the GPU: y = A ⊗ x, or y = A ⊗ x ⊕ y with
 * `accumulate`, optionally only on rows whose `mask` word is non-zero. The format comes from the matrix's
 * row statistics unless given (see `chooseFormat`). A WebGPU `Device` runs WGSL, a `CudaDevice` CUDA; with
 * no device, one of `backend` is opened for the call. For many products with one matrix, use
 * {@link SpmvRunner} (or `CudaSpmvRunner`), which uploads the matrix once.
 *
 * @example
 * const g = csrFromEdges(generateErdosRenyi({ n: 1000, m: 8000, seed: 1, weights: 'f32-unit' }));
 * const { y } = await spmv(device, g, new Float32Array(1000).fill(1), { semiring: 'plus-times' });
 * const hop = await spmv(device, g, dist, { semiring: 'min-plus', accumulate: true, y: dist }); // one relaxation
 * const onCuda = await spmv(undefined, g, x, { backend: 'cuda' }); // or pass a CudaDevice
 */
export async function spmv(device: AnyDevice | undefined, matrix: Csr, x: ArrayLike<number>, options: SpmvOptions = {}): Promise<SpmvResult> {
  const kernel = { ...options, masked: options.masked ?? options.mask !== undefined };
  return withDevice(device, options.backend, async (on) => {
    const runner = isCudaDevice(on) ? await CudaSpmvRunner.create(on, matrix, kernel) : await SpmvRunner.create(on, matrix, kernel);
    try {
      return await runner.run(x, options);
    } finally {
      runner.destroy();
    }
  });
}
