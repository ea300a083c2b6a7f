import { describe, expect, it } from 'vitest';
import { spmvChecker, spmvReference, verifySpmv } from '../src/index.js';
import { asPattern, csrFromRows, MATRIX_CASES, SEMIRING_CASES } from './spmv-cases.js';

const U = 2 ** -24;
const { csr } = MATRIX_CASES[1];

/** Row i's allowed error from its definition: 2·γ_k·Σ|a·x| + k·2^−126 over its k terms. */
function definedBound(row: number, x: number[]): number {
  let sum = 0;
  for (let p = csr.indptr[row]; p < csr.indptr[row + 1]; p++) sum += Math.abs(Math.fround(csr.weight![p]) * x[csr.indices[p]]);
  const k = csr.indptr[row + 1] - csr.indptr[row];
  return 2 * ((k * U) / (1 - k * U)) * sum + k * 2 ** -126;
}

describe('spmvChecker and verifySpmv', () => {
  const x = SEMIRING_CASES[0].x(csr.n, 4);
  const row = Array.from({ length: csr.n }, (_, i) => i).find((i) => csr.indptr[i + 1] - csr.indptr[i] >= 4)!;

  it.each(SEMIRING_CASES)('the reference passes its own check ($semiring)', (sc) => {
    const matrix = sc.pattern ? asPattern(csr) : csr;
    const xs = sc.x(matrix.n, 2);
    const checker = spmvChecker(matrix, xs, { semiring: sc.semiring });
    expect(Array.from(checker.expected)).toEqual(Array.from(spmvReference(matrix, xs, { semiring: sc.semiring })));
    expect(checker.check(checker.expected)).toEqual({ ok: true });
  });

  it('plus-times: a row inside its bound passes, just outside fails at that row, naming the bound', () => {
    const checker = spmvChecker(csr, x, { semiring: 'plus-times' });
    const bound = definedBound(row, x);
    const inside = Float32Array.from(checker.expected);
    inside[row] = checker.expected[row] + bound / 2;
    const outside = Float32Array.from(checker.expected);
    outside[row] = checker.expected[row] + 2 * bound;
    expect(checker.check(inside)).toEqual({ ok: true });
    const failed = checker.check(outside);
    expect(failed).toMatchObject({ ok: false, row, got: outside[row], expected: checker.expected[row] });
    expect(failed.bound).toBeCloseTo(bound, 20);
    // One checker answers for any number of products, as verifySpmv does for each.
    expect(verifySpmv(csr, x, outside, { semiring: 'plus-times' })).toEqual(failed);
    expect(verifySpmv(csr, x, inside, { semiring: 'plus-times' })).toEqual({ ok: true });
  });

  it('min-plus is exact: one ulp off fails', () => {
    const xs = SEMIRING_CASES[1].x(csr.n, 3);
    const checker = spmvChecker(csr, xs, { semiring: 'min-plus' });
    const y = Float32Array.from(checker.expected);
    const r = y.findIndex((v) => Number.isFinite(v) && v !== 0);
    y[r] = Math.fround(y[r] * (1 + 2 ** -23));
    expect(checker.check(y)).toEqual({ ok: false, row: r, got: y[r], expected: checker.expected[r], bound: 0 });
  });

  it('accumulate and mask: masked rows keep y, accumulated rows count y in their bound', () => {
    const y0 = SEMIRING_CASES[0].x(csr.n, 9);
    const mask = Uint32Array.from({ length: csr.n }, (_, i) => i % 2);
    const checker = spmvChecker(csr, x, { semiring: 'plus-times', accumulate: true, y: y0, mask });
    for (let i = 0; i < csr.n; i += 2) expect(checker.expected[i]).toBe(Math.fround(y0[i]));
    expect(checker.check(checker.expected)).toEqual({ ok: true });
  });

  it('refuses a y of the wrong length and a matrix with a column past n or a NaN weight', () => {
    expect(() => spmvChecker(csr, x).check(new Float32Array(3))).toThrow(`y has 3 elements but the matrix has ${csr.n} rows`);
    expect(() => verifySpmv(csrFromRows([[[0, 1]], [[2, 1]]]), [1, 1], [1, 1])).toThrow('the entry of row 1 in column 2 is outside the 2 × 2 matrix');
    expect(() => verifySpmv(csrFromRows([[], [[0, 1], [1, Number.NaN]]]), [1, 2], [0, 0])).toThrow('the matrix entry at row 1, column 1 is NaN');
  });
});
