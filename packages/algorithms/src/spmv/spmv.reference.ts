import { getSemiring, type ElementArray, type ElementType } from '@semiforge/codegen';
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
  return referencePass(matrix, x, options, false).y;
}

/**
 * The reference product and, with `magnitudes`, Σ |a_ij · x_j| (+ |y_i| when accumulating) per row in f64,
 * both in one pass over the matrix after its check and conversion: at 10^8 nonzeros every pass costs seconds
 * on the host, and `verifySpmv` used to make five (two checks, two conversions, product and magnitudes apart).
 */
export function referencePass(
  matrix: Csr,
  x: ArrayLike<number>,
  options: SpmvKernelOptions & SpmvOperands,
  magnitudes: boolean,
): { y: ElementArray; magnitude?: Float64Array } {
  checkSquareCsr(matrix);
  const { n } = matrix;
  const { semiring, type } = spmvElement(options);
  const values = matrix.weight ? toElements(matrix.weight, type, 'spmv matrix weights') : undefined;
  const { x: xs, y, mask } = encodeOperands(n, x, options, semiring, type, options.mask !== undefined);
  const magnitude = magnitudes ? new Float64Array(n) : undefined;
  const yIn = options.accumulate ? options.y : undefined;
  const fold = semiring === 'plus-times' && type === 'f32' ? sumF32 : foldRows;
  fold(matrix, values, xs, y, { x, yIn, mask, magnitude, accumulate: options.accumulate === true, semiring, type });
  decodeF32(y, type);
  return { y, magnitude };
}

interface RowPass {
  /** x as given, for the magnitudes. */
  readonly x: ArrayLike<number>;
  /** y as given when accumulating, for the magnitudes. */
  readonly yIn?: ArrayLike<number>;
  readonly mask?: Uint32Array;
  readonly magnitude?: Float64Array;
  readonly accumulate: boolean;
  readonly semiring: string;
  readonly type: ElementType;
}

/** Each row folded in CSR order with the semiring's host operations (all semirings). */
function foldRows({ n, indptr, indices }: Csr, values: ElementArray | undefined, xs: ElementArray, y: ElementArray, pass: RowPass): void {
  const { x, yIn, mask, magnitude, accumulate, type } = pass;
  const s = getSemiring(pass.semiring);
  const { add, mul } = s.host;
  const one = s.oneOf(type);
  const zero = s.zeroOf(type);
  for (let row = 0; row < n; row++) {
    const kept = !mask || mask[row] !== 0;
    let acc = zero;
    let sum = yIn ? Math.abs(yIn[row]) : 0;
    for (let p = indptr[row]; p < indptr[row + 1]; p++) {
      const column = indices[p];
      const a = values ? values[p] : one;
      if (kept) acc = add(acc, mul(a, xs[column], type), type);
      // The bound is stated over x as given (not rounded to the element type) and 1 for a missing weight.
      if (magnitude) sum += Math.abs((values ? a : 1) * x[column]);
    }
    if (magnitude) magnitude[row] = sum;
    if (kept) y[row] = accumulate ? add(acc, y[row], type) : acc;
  }
}

/**
 * {@link foldRows} for plus-times over f32 with its host operations written out (`Math.fround` of each
 * product and sum, as `plusTimes.host` rounds): the benchmark's metric, and the one semiring checked with
 * bounds. Called through a function shared by all semirings, V8 ran the loop 2–3× slower at 10^7 nonzeros.
 */
function sumF32({ n, indptr, indices }: Csr, values: ElementArray | undefined, xs: ElementArray, y: ElementArray, pass: RowPass): void {
  const { x, yIn, mask, magnitude, accumulate } = pass;
  for (let row = 0; row < n; row++) {
    const kept = !mask || mask[row] !== 0;
    let acc = 0;
    let sum = yIn ? Math.abs(yIn[row]) : 0;
    for (let p = indptr[row]; p < indptr[row + 1]; p++) {
      const column = indices[p];
      const a = values ? values[p] : 1;
      if (kept) acc = Math.fround(acc + Math.fround(a * xs[column]));
      if (magnitude) sum += Math.abs(a * x[column]);
    }
    if (magnitude) magnitude[row] = sum;
    if (kept) y[row] = accumulate ? Math.fround(acc + y[row]) : acc;
  }
}
