import { getSemiring, type ElementArray } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { decodeF32 } from '../kernels/f32-encoding.js';
import { checkSquareCsr, encodeOperands, toElements, type SpmvOperands } from './spmv.input.js';
import { spmvElement, type SpmvKernelOptions } from './spmv.plan.js';

/**
 * y = A ⊗ x (⊕ y) on the CPU with the semiring's host operations (which round like the GPU's), each row
 * folded in CSR order: the reference the GPU products are checked against. Same inputs, encoding and
 * errors as `spmv()`.
 *
 * @example
 * const y = spmvReference(csr, x, { semiring: 'min-plus' }); // one Bellman-Ford relaxation of every row
 */
export function spmvReference(matrix: Csr, x: ArrayLike<number>, options: SpmvKernelOptions & SpmvOperands = {}): ElementArray {
  checkSquareCsr(matrix);
  const { semiring, type } = spmvElement(options);
  const s = getSemiring(semiring);
  const { n, indptr, indices } = matrix;
  const one = s.oneOf(type);
  const values = matrix.weight ? toElements(matrix.weight, type, 'spmv matrix weights') : undefined;
  const ops = encodeOperands(n, x, options, semiring, type, options.mask !== undefined);
  const y = ops.y;
  for (let row = 0; row < n; row++) {
    if (ops.mask && ops.mask[row] === 0) continue;
    let acc = s.zeroOf(type);
    for (let p = indptr[row]; p < indptr[row + 1]; p++) {
      acc = s.host.add(acc, s.host.mul(values ? values[p] : one, ops.x[indices[p]], type), type);
    }
    y[row] = options.accumulate ? s.host.add(acc, y[row], type) : acc;
  }
  decodeF32(y, type);
  return y;
}
