import { getSemiring, type ElementArray } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { toElements, type SpmvOperands } from './spmv.input.js';
import { spmvElement, type SpmvKernelOptions } from './spmv.plan.js';
import { spmvReference } from './spmv.reference.js';

/** Unit roundoff of f32. */
const U = 2 ** -24;

export interface SpmvVerification {
  readonly ok: boolean;
  /** The first row outside its bound, when not ok. */
  readonly row?: number;
  readonly got?: number;
  readonly expected?: number;
  /** The allowed |got − expected| at that row (0: exact). */
  readonly bound?: number;
}

/**
 * Checks a GPU product against {@link spmvReference}. Idempotent semirings (min-plus, max-min, or-and)
 * and integer types must match exactly: their result does not depend on the order of ⊕. A non-idempotent
 * f32 semiring (plus-times) folds rows in another order on the GPU (lanes, fused multiply-add), so row i
 * may differ by twice the classic summation bound γ_k · Σ|a_ij ⊗ x_j| with k the row's terms (plus one for an
 * accumulated y) and γ_k = k·u / (1 − k·u), u = 2^−24.
 *
 * @example
 * const { y } = await spmv(device, csr, x, { semiring: 'plus-times' });
 * verifySpmv(csr, x, y, { semiring: 'plus-times' }).ok;
 */
export function verifySpmv(matrix: Csr, x: ArrayLike<number>, y: ArrayLike<number>, options: SpmvKernelOptions & SpmvOperands = {}): SpmvVerification {
  const expected = spmvReference(matrix, x, options);
  const { semiring, type } = spmvElement(options);
  const exact = type !== 'f32' || getSemiring(semiring).idempotent;
  const magnitude = exact ? undefined : rowMagnitudes(matrix, x, options, type);
  for (let row = 0; row < matrix.n; row++) {
    const got = y[row];
    const want = expected[row];
    if (got === want) continue;
    const terms = matrix.indptr[row + 1] - matrix.indptr[row] + (options.accumulate ? 1 : 0);
    const gamma = (terms * U) / (1 - terms * U);
    // The reference sums in f32 too, in its own order: each side is within γ·Σ|a·x| of the exact value.
    const bound = magnitude ? 2 * gamma * magnitude[row] + terms * 2 ** -126 : 0;
    if (!(Math.abs(got - want) <= bound)) return { ok: false, row, got, expected: want, bound };
  }
  return { ok: true };
}

/** Σ |a_ij · x_j| (+ |y_i| when accumulating) per row, in f64. */
function rowMagnitudes(matrix: Csr, x: ArrayLike<number>, options: SpmvOperands & SpmvKernelOptions, type: 'f32' | 'i32' | 'u32'): Float64Array {
  const { n, indptr, indices, weight } = matrix;
  const values: ElementArray | null = weight ? toElements(weight, type, 'spmv matrix weights') : null;
  const out = new Float64Array(n);
  for (let row = 0; row < n; row++) {
    let sum = options.accumulate && options.y ? Math.abs(options.y[row]) : 0;
    for (let p = indptr[row]; p < indptr[row + 1]; p++) sum += Math.abs((values ? values[p] : 1) * x[indices[p]]);
    out[row] = sum;
  }
  return out;
}
