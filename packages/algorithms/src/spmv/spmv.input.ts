import { allocElements, getSemiring, type ElementArray, type ElementType } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { encodeF32 } from '../kernels/f32-encoding.js';

const INT_RANGE: Record<'i32' | 'u32', [number, number]> = { i32: [-(2 ** 31), 2 ** 31 - 1], u32: [0, 2 ** 32 - 1] };

/**
 * Copies numbers into the element type the kernels use: f32 rounded, ±Infinity encoded as the kernels'
 * finite stand-ins; integers checked to be integers in range. NaN is refused everywhere, naming `where`
 * and the element.
 */
export function toElements(values: ArrayLike<number>, type: ElementType, where: string): ElementArray {
  const out = allocElements(type, values.length);
  if (type === 'f32') {
    (out as Float32Array).set(values);
    encodeF32(out as Float32Array, where);
    return out;
  }
  const [lo, hi] = INT_RANGE[type];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) throw new RangeError(`${where}: NaN at element ${i}`);
    if (!Number.isInteger(v) || v < lo || v > hi) throw new RangeError(`${where}: element ${i} = ${v} is not a ${type} (an integer in ${lo}..${hi})`);
    out[i] = v;
  }
  return out;
}

/** A vector of length n in the plan's element type; the message names the vector and both lengths. */
export function encodeVector(values: ArrayLike<number>, n: number, type: ElementType, name: string): ElementArray {
  if (values.length !== n) {
    throw new RangeError(`spmv: ${name} has ${values.length} elements but the matrix is ${n} × ${n}; ${name} needs ${n}`);
  }
  return toElements(values, type, `spmv ${name}`);
}

/**
 * Refuses a CSR whose arrays disagree (offsets not starting at 0 or decreasing included), whose column indices
 * reach past its n rows (a non-square matrix: the product needs A to be n × n with x and y of length n), or
 * that stores NaN, naming row and column.
 */
export function checkSquareCsr(csr: Csr): void {
  const { n, indptr, indices, weight } = csr;
  if (indptr.length !== n + 1) throw new RangeError(`spmv: the CSR has n = ${n} rows but ${indptr.length} offsets (needs n + 1 = ${n + 1})`);
  if (indptr[n] !== indices.length) throw new RangeError(`spmv: the CSR's last offset is ${indptr[n]} but it has ${indices.length} column indices`);
  if (weight && weight.length !== indices.length) {
    throw new RangeError(`spmv: the CSR has ${indices.length} column indices but ${weight.length} weights`);
  }
  // Offsets that do not start at 0 or go down pass the checks above and would drop or repeat entries silently.
  if (n > 0 && indptr[0] !== 0) throw new RangeError(`spmv: the CSR's first offset is ${indptr[0]}; row 0 must start at 0`);
  for (let row = 0; row < n; row++) {
    if (indptr[row + 1] < indptr[row]) {
      throw new RangeError(`spmv: the CSR's offsets decrease at row ${row} (${indptr[row]} then ${indptr[row + 1]}); they must not decrease`);
    }
    for (let p = indptr[row]; p < indptr[row + 1]; p++) {
      if (indices[p] >= n) {
        throw new RangeError(`spmv: the entry of row ${row} in column ${indices[p]} is outside the ${n} × ${n} matrix; SpMV here needs a square matrix (n rows, n columns)`);
      }
      if (weight && Number.isNaN(weight[p])) throw new RangeError(`spmv: the matrix entry at row ${row}, column ${indices[p]} is NaN`);
    }
  }
}

/** Per-product inputs besides x. */
export interface SpmvOperands {
  /** Initial y (default: the semiring's zero everywhere): read by `accumulate`, kept on masked-out rows. */
  y?: ArrayLike<number>;
  /** One u32 per row: rows whose word is 0 keep their y. Needs a plan made with `masked: true`. */
  mask?: Uint32Array;
}

/** x, y and the mask of one product, checked against n and encoded in the element type. */
export function encodeOperands(n: number, x: ArrayLike<number>, operands: SpmvOperands, semiring: string, type: ElementType, masked: boolean) {
  const y = operands.y === undefined ? allocElements(type, n).fill(getSemiring(semiring).zeroOf(type)) : encodeVector(operands.y, n, type, 'y');
  if (masked !== (operands.mask !== undefined)) {
    throw new Error(masked ? 'spmv: this product was planned with masked: true and needs a mask' : 'spmv: a mask was given to a product planned without masked: true');
  }
  // Any other array would upload as no bytes (the runtime takes typed arrays), masking out every row unseen.
  if (operands.mask !== undefined && !(operands.mask instanceof Uint32Array)) {
    throw new TypeError(`spmv: mask must be a Uint32Array (one word per row), got ${Object.prototype.toString.call(operands.mask).slice(8, -1)}`);
  }
  if (operands.mask && operands.mask.length !== n) {
    throw new RangeError(`spmv: mask has ${operands.mask.length} elements but the matrix is ${n} × ${n}; mask needs ${n}`);
  }
  return { x: encodeVector(x, n, type, 'x'), y, mask: operands.mask };
}
