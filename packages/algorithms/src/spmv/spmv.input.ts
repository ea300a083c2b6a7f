import { allocElements, getSemiring, type ElementArray, type ElementType } from '@semiforge/codegen';
import { checkCsrShape, csrFault, describeValue, type Csr } from '@semiforge/graph-io';
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
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') {
    throw new TypeError(`spmv: ${name} is ${describeValue(values)}, not an array or typed array of ${n} numbers`);
  }
  if (values.length !== n) {
    throw new RangeError(`spmv: ${name} has ${values.length} elements but the matrix is ${n} × ${n}; ${name} needs ${n}`);
  }
  return toElements(values, type, `spmv ${name}`);
}

/**
 * Refuses a CSR whose arrays disagree (offsets not starting at 0 or decreasing included), whose column indices
 * reach past its n rows (a non-square matrix: the product needs A to be n × n with x and y of length n), or
 * that stores NaN, naming row and column; `algorithm` starts the message (PageRank checks its graph here too).
 */
export function checkSquareCsr(csr: Csr, algorithm = 'spmv'): void {
  checkCsrShape(csr, algorithm);
  const { n, indptr, indices, weight } = csr;
  // Rows may be in any order for SpMV, so sortedness is not asked for; a column past n means a non-square matrix.
  const fault = csrFault(n, indptr, indices, false);
  if (fault?.field === 'indices') {
    throw new RangeError(
      `${algorithm}: the entry of row ${rowOfEntry(indptr, fault.index)} in column ${indices[fault.index]} is outside the ${n} × ${n} matrix; ` +
        'SpMV here needs a square matrix (n rows, n columns)',
    );
  }
  if (fault) throw new RangeError(`${algorithm}: CSR ${fault.field}[${fault.index}]: ${fault.rule}`);
  if (weight && weight.length !== indices.length) {
    throw new RangeError(`${algorithm}: the CSR has ${indices.length} column indices but ${weight.length} weights`);
  }
  const nan = weight ? weight.findIndex(Number.isNaN) : -1;
  if (nan >= 0) throw new RangeError(`${algorithm}: the matrix entry at row ${rowOfEntry(indptr, nan)}, column ${indices[nan]} is NaN`);
}

/** The row holding entry k of checked offsets: the last row whose offset is ≤ k and whose row is not empty. */
function rowOfEntry(indptr: Uint32Array, k: number): number {
  let [lo, hi] = [0, indptr.length - 1];
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (indptr[mid] <= k) lo = mid;
    else hi = mid;
  }
  return lo;
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
