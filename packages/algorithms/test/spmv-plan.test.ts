import { describe, expect, it } from 'vitest';
import { generateKernel, SpecError } from '@semiforge/codegen';
import { LimitError } from '@semiforge/runtime';
import { checkSpmvFits, chooseFormat, defaultLanes, ellUnroll, planSpmv, planSpmvLaunches, SPMV_DEFAULTS, spmvReference, type RowStats } from '../src/index.js';
import { csrFromRows } from './spmv-cases.js';

const rows = (over: Partial<RowStats>): RowStats => ({ n: 1000, arcs: 4000, mean: 4, max: 4, paddingRatio: 1, ...over });
const SUBGROUPS_8 = { available: true, minSize: 8 };

describe('chooseFormat (no GPU)', () => {
  it.each([
    ['an empty matrix', rows({ arcs: 0, mean: 0, max: 0 }), 'csr-scalar'],
    ['even rows (padding 1)', rows({}), 'ell'],
    ['padding exactly 1.5', rows({ paddingRatio: 1.5 }), 'ell'],
    ['uneven short rows', rows({ paddingRatio: 8, mean: 4 }), 'csr-scalar'],
    ['uneven long rows', rows({ paddingRatio: 3, mean: 40 }), 'csr-stream'],
    ['mean exactly 8', rows({ paddingRatio: 3, mean: 8 }), 'csr-stream'],
    ['even long rows (a band)', rows({ mean: 17 }), 'csr-stream'],
    ['uneven long rows, streamMaxArcs nonzeros', rows({ paddingRatio: 3, mean: 40, arcs: SPMV_DEFAULTS.streamMaxArcs }), 'csr-stream'],
    ['uneven long rows beyond streamMaxArcs', rows({ paddingRatio: 3, mean: 40, arcs: SPMV_DEFAULTS.streamMaxArcs + 1 }), 'fold'],
    ['mean exactly 8 beyond streamMaxArcs', rows({ paddingRatio: 3, mean: 8, arcs: SPMV_DEFAULTS.streamMaxArcs + 1 }), 'fold'],
    ['even long rows beyond streamMaxArcs', rows({ mean: 17, arcs: SPMV_DEFAULTS.streamMaxArcs + 1 }), 'ell'],
    // Power-law rows (the longest over 16 × the mean) take fold below streamMaxArcs from skewedFoldMinRows rows on.
    ['power-law rows, skewedFoldMinRows rows', rows({ n: SPMV_DEFAULTS.skewedFoldMinRows, arcs: 2 ** 22, mean: 16, max: 257, paddingRatio: 10 }), 'fold'],
    ['power-law rows, fewer rows', rows({ n: SPMV_DEFAULTS.skewedFoldMinRows - 1, arcs: 2 ** 22, mean: 16, max: 257, paddingRatio: 10 }), 'csr-stream'],
    ['many rows, longest exactly 16 × the mean', rows({ n: SPMV_DEFAULTS.skewedFoldMinRows, arcs: 2 ** 22, mean: 16, max: 256, paddingRatio: 10 }), 'csr-stream'],
  ] as const)('%s → %s', (_name, stats, format) => {
    expect(chooseFormat(stats)).toBe(format);
  });
});

describe('planSpmv (no GPU)', () => {
  it('lanes follow the mean row length, capped by the smallest subgroup', () => {
    expect([1, 3, 5, 9, 100].map((m) => defaultLanes(m))).toEqual([2, 4, 8, 16, 32]);
    expect(planSpmv({ format: 'csr-vector' }, rows({ mean: 100 }), SUBGROUPS_8).spec).toMatchObject({ lanesPerRow: 8, rowsPerWorkgroup: 32, reduction: 'subgroup' });
    expect(planSpmv({ format: 'csr-vector' }, rows({ mean: 100 }), { available: false, minSize: 4 }).spec).toMatchObject({ lanesPerRow: 32, reduction: 'workgroup' });
  });

  it('types default to f32, or the semiring’s own (or-and: u32)', () => {
    expect(planSpmv({}, rows({}), SUBGROUPS_8)).toMatchObject({ semiring: 'plus-times', type: 'f32', format: 'ell' });
    expect(planSpmv({ semiring: 'or-and' }, rows({}), SUBGROUPS_8).type).toBe('u32');
  });

  it('refuses a subgroup reduction the device cannot do, saying what to use', () => {
    expect(() => planSpmv({ format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 16 }, rows({}), SUBGROUPS_8)).toThrow(
      "spmv: lanesPerRow 16 exceeds this device's minimum subgroup size 8, so a row's lanes may span subgroups; use lanesPerRow ≤ 8 or reduction 'workgroup'",
    );
    expect(() => planSpmv({ format: 'csr-vector', reduction: 'subgroup' }, rows({}), { available: false, minSize: 4 })).toThrow("needs the device feature 'subgroups'");
  });

  it('ELL steps 4 or 2 slots at a time by default, whichever leaves fewer of the longest row to single steps', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 17].map(ellUnroll)).toEqual([undefined, undefined, 2, 2, 4, 4, 2, 2, 4, 4]);
    expect(planSpmv({ format: 'ell' }, rows({ max: 7 }), SUBGROUPS_8).spec.unroll).toBe(2);
    expect(planSpmv({}, rows({ max: 5 }), SUBGROUPS_8).spec).toMatchObject({ op: 'spmv_ell', unroll: 4 });
    // The caller's choice stands, one a step included.
    expect(planSpmv({ format: 'ell', unroll: 1 }, rows({ max: 5 }), SUBGROUPS_8).spec.unroll).toBeUndefined();
    expect(planSpmv({ format: 'ell', unroll: 8 }, rows({ max: 5 }), SUBGROUPS_8).spec.unroll).toBe(8);
  });

  it('unroll reaches the slot kernels (ell, sell, fold) only', () => {
    expect(planSpmv({ format: 'ell', unroll: 4 }, rows({}), SUBGROUPS_8).spec.unroll).toBe(4);
    const fold = planSpmv({ format: 'fold', unroll: 2 }, rows({ max: 40, paddingRatio: 10 }), SUBGROUPS_8);
    expect([fold.spec.unroll, fold.combine?.unroll]).toEqual([2, undefined]);
    expect(planSpmv({ format: 'sell', unroll: 1 }, rows({}), SUBGROUPS_8).spec.unroll).toBeUndefined();
    expect(() => planSpmv({ format: 'csr-merge', unroll: 4 }, rows({}), SUBGROUPS_8)).toThrow("spmv: unroll = 4 steps through ELL slots, which format 'csr-merge' does not read (use ell, sell, fold)");
    expect(() => generateKernel(planSpmv({ format: 'ell', unroll: 3 }, rows({}), SUBGROUPS_8).spec)).toThrow(SpecError);
  });

  it('fold on power-law rows: pieces of 4× the mean and 8 slots a step; on even-ish rows 2× and none', () => {
    const skewed = planSpmv({ format: 'fold' }, rows({ mean: 32, max: 5000, paddingRatio: 150 }), SUBGROUPS_8);
    expect([skewed.slicing?.foldWidth, skewed.spec.unroll]).toEqual([128, 8]);
    const uniform = planSpmv({ format: 'fold' }, rows({ mean: 16, max: 40, paddingRatio: 2.5 }), SUBGROUPS_8);
    expect([uniform.slicing?.foldWidth, uniform.spec.unroll]).toEqual([32, undefined]);
    const chosen = planSpmv({ format: 'fold', unroll: 2, foldWidth: 64 }, rows({ mean: 32, max: 5000, paddingRatio: 150 }), SUBGROUPS_8);
    expect([chosen.slicing?.foldWidth, chosen.spec.unroll]).toEqual([64, 2]);
  });

  it('4 rows an invocation: sell and fold only, the workgroup counting stored rows', () => {
    const fold = planSpmv({ format: 'fold', rowsPerInvocation: 4, threadsPerWorkgroup: 128 }, rows({ max: 40, paddingRatio: 10 }), SUBGROUPS_8);
    expect(fold.spec).toMatchObject({ rowsPerInvocation: 4, rowsPerWorkgroup: 512 });
    expect(generateKernel(fold.spec).workgroupSize).toEqual([128, 1, 1]);
    expect(fold.combine).toMatchObject({ rowsPerWorkgroup: 128 / fold.combine!.lanesPerRow });
    expect(fold.combine?.rowsPerInvocation).toBeUndefined();
    expect(() => planSpmv({ format: 'ell', rowsPerInvocation: 4 }, rows({}), SUBGROUPS_8)).toThrow("spmv: rowsPerInvocation = 4 is for the sliced formats, which format 'ell' does not read (use sell, fold)");
  });

  it('refuses an option the format would ignore, saying when the format was the automatic choice', () => {
    expect(() => planSpmv({ format: 'ell', foldWidth: 64 }, rows({}), SUBGROUPS_8)).toThrow("spmv: foldWidth = 64 sets the length of a folded row's pieces, which format 'ell' does not read (use fold)");
    expect(() => planSpmv({ format: 'csr-scalar', reduction: 'workgroup' }, rows({}), SUBGROUPS_8)).toThrow('spmv: reduction = "workgroup" sets how invocations combine');
    expect(() => planSpmv({ format: 'fold', itemsPerThread: 8 }, rows({}), SUBGROUPS_8)).toThrow("which format 'fold' does not read (use csr-merge, csr-stream)");
    expect(() => planSpmv({ format: 'csr-stream', sliceHeight: 32, sigma: 1 }, rows({}), SUBGROUPS_8)).toThrow('spmv: sliceHeight = 32');
    expect(() => planSpmv({ format: 'csr-merge', lanesPerRow: 4 }, rows({}), SUBGROUPS_8)).toThrow('(use csr-vector, fold)');
    const auto = planSpmv({}, rows({}), SUBGROUPS_8).format;
    expect(() => planSpmv({ foldWidth: 64 }, rows({}), SUBGROUPS_8)).toThrow(`which the automatic choice, format '${auto}', does not read`);
    expect(planSpmv({ format: 'fold', foldWidth: 64, sigma: 32, sliceHeight: 32, lanesPerRow: 4 }, rows({ max: 400, paddingRatio: 10 }), SUBGROUPS_8).slicing).toEqual({ sigma: 32, foldWidth: 64 });
  });

  it('invalid shapes fail in codegen naming the field', () => {
    const plan = planSpmv({ format: 'csr-vector', reduction: 'workgroup', lanesPerRow: 3 }, rows({}), SUBGROUPS_8);
    expect(() => generateKernel(plan.spec)).toThrow(SpecError);
    expect(() => generateKernel(plan.spec)).toThrow('KernelSpec.lanesPerRow: must be a power of two, got 3');
  });
});

describe('bad options and matrices are refused before the layout (no GPU)', () => {
  const a = csrFromRows([[[1, 2]], [[0, 1], [2, 3]], []]);
  const device = { target: 'wgsl', subgroups: SUBGROUPS_8, limits: { maxStorageBufferBindingSize: 2 ** 27 } } as const;
  it('an unknown format lists the valid ones (it used to run as csr-scalar, or fail in the layout)', () => {
    expect(() => planSpmv({ format: 'csr' as never }, rows({}), SUBGROUPS_8)).toThrow(
      "spmv: format = csr (expected 'auto' or one of 'csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold', 'csr-stream')",
    );
    expect(() => planSpmvLaunches(a, { format: 'ELL' as never }, device)).toThrow(RangeError);
  });
  it('an unknown element type lists the valid ones, in the reference too', () => {
    expect(() => planSpmvLaunches(a, { type: 'f64' as never }, device)).toThrow('spmv: type = f64 (expected one of f32, i32, u32)');
    expect(() => spmvReference(a, [1, 1, 1], { type: 'f64' as never })).toThrow('spmv: type = f64 (expected one of f32, i32, u32)');
  });
  it.each([
    ['csr-merge', 0],
    ['csr-stream', -1],
  ] as const)('%s with itemsPerThread %d names the field (it failed allocating the layout)', (format, itemsPerThread) => {
    expect(() => planSpmvLaunches(a, { format, itemsPerThread }, device)).toThrow(SpecError);
    expect(() => planSpmvLaunches(a, { format, itemsPerThread }, device)).toThrow(`KernelSpec.itemsPerThread: must be an integer from 1 to 64`);
  });
  it('ELL with unroll 0 is refused, not run one slot a step', () => {
    expect(() => planSpmvLaunches(a, { format: 'ell', unroll: 0 }, device)).toThrow('KernelSpec.unroll: must be a power of two from 1 to 8');
  });
  it('offsets that do not start at 0 or that decrease are refused (they dropped entries silently)', () => {
    expect(() => spmvReference({ ...a, indptr: Uint32Array.of(1, 1, 3, 3) }, [1, 1, 1])).toThrow('spmv: CSR indptr[0]: first offset is 1, expected 0');
    expect(() => spmvReference({ ...a, indptr: Uint32Array.of(0, 2, 1, 3) }, [1, 1, 1])).toThrow('spmv: CSR indptr[2]: offset 1 is below the previous one, 2 (offsets never decrease)');
    expect(() => planSpmvLaunches({ ...a, indptr: Uint32Array.of(0, 2, 1, 3) }, {}, device)).toThrow(RangeError);
  });
  it('a mask that is not a Uint32Array is refused (it uploaded as no bytes, masking out every row)', () => {
    expect(() => spmvReference(a, [1, 1, 1], { mask: [1, 0, 1] as never })).toThrow('spmv: mask must be a Uint32Array (one word per row), got Array');
  });
});

describe('checkSpmvFits (no GPU)', () => {
  const limits = { maxStorageBufferBindingSize: 2 ** 27 };
  it('an ELL layout beyond one binding names both sizes and points to CSR', () => {
    const fits = () => checkSpmvFits(limits, { n: 1_000_000, nnz: 5_000_000, format: 'ell', width: 3000 });
    expect(fits).toThrow(LimitError);
    expect(fits).toThrow(
      "spmv: the ELL slots (1000000 rows × 3000 slots) as 4-byte elements needs 12000000000 for maxStorageBufferBindingSize, but this device allows 134217728; use format 'csr-scalar' or 'csr-vector' (20000000 bytes)",
    );
  });
  it('CSR nonzeros beyond one binding', () => {
    expect(() => checkSpmvFits(limits, { n: 1000, nnz: 2 ** 26, format: 'csr-scalar', width: 0 })).toThrow('spmv: the 67108864 nonzeros as 4-byte elements needs 268435456');
  });
  it('a matrix that fits passes', () => {
    expect(() => checkSpmvFits(limits, { n: 1000, nnz: 5000, format: 'ell', width: 20 })).not.toThrow();
  });
});

describe('spmvReference (no GPU)', () => {
  // [[0, 2, 0], [1, 0, 3], [0, 0, 0]]
  const a = csrFromRows([[[1, 2]], [[0, 1], [2, 3]], []]);
  it.each([
    ['plus-times', {}, [10, 5, 1], [10, 13, 0]],
    ['min-plus', {}, [10, 5, 1], [7, 4, Infinity]],
    ['max-min', {}, [10, 5, 1], [2, 1, -Infinity]],
    ['plus-times', { accumulate: true, y: [1, 1, 1] }, [10, 5, 1], [11, 14, 1]],
    ['min-plus', { accumulate: true, y: [0, 9, 9], mask: Uint32Array.of(1, 0, 1) }, [10, 5, 1], [0, 9, 9]],
  ] as const)('%s %j on x = %j gives %j', (semiring, extra, x, want) => {
    expect(Array.from(spmvReference(a, x, { semiring, ...extra }))).toEqual(want);
  });
  it('or-and on a pattern', () => {
    expect(Array.from(spmvReference({ ...a, weight: null }, [0, 0, 1], { semiring: 'or-and' }))).toEqual([0, 1, 0]);
  });
});
