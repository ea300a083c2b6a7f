import { getSemiring, type ElementArray } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { type SpmvOperands } from './spmv.input.js';
import { spmvElement, type SpmvKernelOptions } from './spmv.plan.js';
import { referencePass } from './spmv.reference.js';

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

/** Checks products of one matrix and x against the CPU: see {@link spmvChecker}. */
export interface SpmvChecker {
  /** The reference y every product is checked against. */
  readonly expected: ElementArray;
  /** y against the reference, row by row with {@link verifySpmv}'s bounds. */
  check(y: ArrayLike<number>): SpmvVerification;
}

/**
 * Computes the reference product of `matrix` and `x` and each row's allowed error once, for checking many
 * products of them (every format of a benchmark) in one pass over n each. Idempotent semirings (min-plus,
 * max-min, or-and) and integer types must match exactly: their result does not depend on the order of ⊕.
 * A non-idempotent f32 semiring (plus-times) folds rows in another order on the GPU (lanes, fused
 * multiply-add), so row i may differ by twice the classic summation bound γ_k · Σ|a_ij ⊗ x_j| with k the
 * row's terms (plus one for an accumulated y) and γ_k = k·u / (1 − k·u), u = 2^−24. The checker keeps what
 * it was made from by reference: change the matrix or x and make a new one.
 *
 * @example
 * const checker = spmvChecker(csr, x, { semiring: 'plus-times' });
 * for (const format of ['ell', 'fold'] as const) checker.check((await spmv(device, csr, x, { format })).y).ok;
 */
export function spmvChecker(matrix: Csr, x: ArrayLike<number>, options: SpmvKernelOptions & SpmvOperands = {}): SpmvChecker {
  const { semiring, type } = spmvElement(options);
  const exact = type !== 'f32' || getSemiring(semiring).idempotent;
  const { y: expected, magnitude } = referencePass(matrix, x, options, !exact);
  const bound = magnitude ? rowBounds(matrix.indptr, magnitude, options.accumulate === true) : undefined;
  return {
    expected,
    check(y) {
      if (y.length !== expected.length) throw new RangeError(`verifySpmv: y has ${y.length} elements but the matrix has ${expected.length} rows`);
      for (let row = 0; row < expected.length; row++) {
        const got = y[row];
        const want = expected[row];
        if (got === want) continue;
        const allowed = bound ? bound[row] : 0;
        if (!(Math.abs(got - want) <= allowed)) return { ok: false, row, got, expected: want, bound: allowed };
      }
      return { ok: true };
    },
  };
}

/**
 * Checks a GPU product against {@link spmvReference}, with the bounds of {@link spmvChecker} (which checks
 * several products of one matrix and x at the cost of one).
 *
 * @example
 * const { y } = await spmv(device, csr, x, { semiring: 'plus-times' });
 * verifySpmv(csr, x, y, { semiring: 'plus-times' }).ok;
 */
export function verifySpmv(matrix: Csr, x: ArrayLike<number>, y: ArrayLike<number>, options: SpmvKernelOptions & SpmvOperands = {}): SpmvVerification {
  return spmvChecker(matrix, x, options).check(y);
}

/** 2·γ_k·Σ|a·x| + k·2^−126 per row: each side is within γ·Σ|a·x| of the exact value (the reference sums in f32 too, in its own order). */
function rowBounds(indptr: Uint32Array, magnitude: Float64Array, accumulate: boolean): Float64Array {
  const bound = new Float64Array(magnitude.length);
  for (let row = 0; row < magnitude.length; row++) {
    const terms = indptr[row + 1] - indptr[row] + (accumulate ? 1 : 0);
    const gamma = (terms * U) / (1 - terms * U);
    bound[row] = 2 * gamma * magnitude[row] + terms * 2 ** -126;
  }
  return bound;
}
