import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { getSemiring, type ElementType } from '@semiforge/codegen';
import { csrFromEdges, readGraphFile, type Csr } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { planSpmv, rowStats, spmv, spmvReference, subgroupSupport, verifySpmv, type RowStats, type SpmvOptions } from '../src/index.js';
import { layoutFor } from '../src/spmv/layouts/index.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, SEMIRING_CASES, type SemiringCase } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

type Options = SpmvOptions & { y?: number[] };

/**
 * The shapes under test: sell as planned, sell σ-sorted in small slices, fold with a tiny width (so small
 * matrices fold often) and both combine reductions, and both σ-sorted with windows of a workgroup's rows (y
 * stored a window at a time); fold with its pieces kept in their windows (localFold) where they fit, as planned
 * (power-law rows in windows of 1,024 rows), and never. Slices of 4 or 8 rows cross many slices on tiny inputs.
 */
const ALL_SHAPES: readonly Options[] = [
  { format: 'sell' },
  { format: 'sell', sliceHeight: 4, sigma: 8 },
  { format: 'sell', sliceHeight: 4, sigma: 8, threadsPerWorkgroup: 8 },
  { format: 'fold', foldWidth: 3, sliceHeight: 8, sigma: 16, threadsPerWorkgroup: 16, reduction: 'workgroup' },
  { format: 'fold', foldWidth: 2, sliceHeight: 8, reduction: 'workgroup', localFold: false },
  { format: 'fold', foldWidth: 8, sliceHeight: 8, threadsPerWorkgroup: 1024, reduction: 'workgroup' },
  { format: 'fold', foldWidth: 3, sliceHeight: 4, sigma: 16, reduction: 'subgroup' },
];
/** The subgroup reduction needs the device feature. */
const SHAPES = ALL_SHAPES.filter((s) => s.reduction !== 'subgroup' || (device && subgroupSupport(device).available));
if (device && SHAPES.length < ALL_SHAPES.length) console.warn('fold subgroup-combine tests skipped: the device lacks the subgroups feature');

/** One product on the GPU against the CPU reference: exact where ⊕ is idempotent or the type an integer. */
async function expectProduct(csr: Csr, semiring: string, x: number[], options: Options) {
  const all: Options = { ...options, semiring };
  const { y, plan } = await spmv(device!, csr, x, all);
  expect(plan.format).toBe(options.format);
  expect(verifySpmv(csr, x, y, all)).toEqual({ ok: true });
  if (plan.type !== 'f32' || getSemiring(semiring).idempotent) expect(Array.from(y)).toEqual(Array.from(spmvReference(csr, x, all)));
}

/** A semiring case (a pattern matrix for or-and) on every shape. */
async function expectCase(csr: Csr, sc: SemiringCase, extra: Options = {}, seed = 1) {
  const matrix = sc.pattern ? asPattern(csr) : csr;
  for (const shape of SHAPES) await expectProduct(matrix, sc.semiring, sc.x(matrix.n, seed), { ...shape, ...extra });
}

/** Whether fold can keep this matrix's pieces in their windows under these options. */
function localFits(csr: Csr, options: Options): boolean {
  try {
    return planSpmv({ ...options, localFold: true }, rowStats(csr), { available: false, minSize: 8 }).spec.localFold === true;
  } catch {
    return false;
  }
}

/** A row of `length` entries in columns first, first + 7, … (mod n), weights in (0, 1.5]. */
const row = (length: number, first: number, n: number): [number, number][] => Array.from({ length }, (_, j) => [(first + j * 7) % n, ((j % 11) + 1) / 8]);

/** n rows (n not a multiple of any slice height) where row `long` holds `size` nonzeros and the others 0 to 3. */
const skewed = (n: number, long: number, size: number) => csrFromRows(Array.from({ length: n }, (_, i) => (i === long ? row(size, 0, n) : row(i % 4, i, n))));


describe.skipIf(!device)('sell and fold on the GPU against the CPU reference', () => {
  it.each([
    ['n = 0', csrFromRows([])],
    ['n = 1, empty', csrFromRows([[]])],
    ['only empty rows', csrFromRows(Array.from({ length: 37 }, () => []))],
    ['empty rows between full ones', csrFromRows(Array.from({ length: 45 }, (_, i) => (i % 9 === 4 ? row(6, i, 45) : [])))],
    ['one very long row among short ones, n = 61', skewed(61, 17, 700)],
    ['the last row long', skewed(29, 28, 200)],
  ])('%s: every semiring and shape', async (_name, csr) => {
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc);
  });

  it('σ-sorting writes each result to its own row', async () => {
    // Row i holds (i * 5) % 13 entries of weight 1: sorted by length, rows move far from their places.
    const n = 40;
    const csr = csrFromRows(Array.from({ length: n }, (_, i) => Array.from({ length: (i * 5) % 13 }, (_, j) => [(i + j) % n, 1] as [number, number])));
    const lengths = Array.from({ length: n }, (_, i) => (i * 5) % 13);
    for (const format of ['sell', 'fold'] as const) {
      for (const threadsPerWorkgroup of [undefined, 16]) {
        const { y, plan } = await spmv(device!, csr, new Float32Array(n).fill(1), { format, sliceHeight: 4, sigma: 16, threadsPerWorkgroup, ...(format === 'fold' ? { foldWidth: 5, localFold: false } : {}) });
        expect([plan.spec.permuted, plan.spec.windowed]).toEqual([true, threadsPerWorkgroup === 16 ? true : undefined]);
        expect(Array.from(y)).toEqual(lengths);
      }
    }
  });

  it('localFold: each row ⊕s its pieces within its window, every semiring, assign and accumulate', async () => {
    // Windows of 32 stored rows, pieces of 4: row 5's 30 entries take 8 of a window, the empty rows none.
    const csr = csrFromRows(Array.from({ length: 70 }, (_, i) => (i === 5 ? row(30, 1, 70) : i % 6 === 0 ? [] : row(i % 9, i, 70))));
    for (const sc of SEMIRING_CASES) {
      const m = sc.pattern ? asPattern(csr) : csr;
      for (const accumulate of [false, true]) {
        const options: Options = { format: 'fold', foldWidth: 4, sliceHeight: 4, threadsPerWorkgroup: 32, localFold: true, accumulate, y: sc.x(m.n, 8) };
        const { plan } = await spmv(device!, m, sc.x(m.n, 2), { ...options, semiring: sc.semiring });
        expect(plan.spec).toMatchObject({ localFold: true, permuted: false, folded: false });
        expect(plan.combine).toBeUndefined();
        await expectProduct(m, sc.semiring, sc.x(m.n, 2), options);
      }
    }
  });

  it('y = A ⊗ x ⊕ y, every semiring', async () => {
    const csr = skewed(50, 3, 90);
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc, { accumulate: true, y: sc.x(csr.n, 42) });
  });

  it('masked rows keep their y, folded ones too (assign and accumulate)', async () => {
    const csr = skewed(50, 3, 90);
    const mask = Uint32Array.from({ length: csr.n }, (_, i) => (i % 3 === 0 ? 0 : i + 1));
    for (const sc of SEMIRING_CASES) {
      const y = sc.x(csr.n, 9);
      await expectCase(csr, sc, { mask, y });
      await expectCase(csr, sc, { mask, y, accumulate: true });
    }
    const y = SEMIRING_CASES[0].x(csr.n, 9);
    const { y: got } = await spmv(device!, csr, SEMIRING_CASES[0].x(csr.n, 1), { format: 'fold', foldWidth: 2, mask, y });
    for (let i = 0; i < csr.n; i += 3) expect(got[i]).toBe(Math.fround(y[i]));
  });

  it('min-plus with unreachable entries: rows that reach nothing stay at infinity', async () => {
    const n = 33;
    const csr = csrFromRows(Array.from({ length: n }, (_, i) => row(i % 5 === 0 ? 0 : (i * 3) % 17, i, n)));
    const x = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? Infinity : i));
    for (const shape of SHAPES) {
      const { y } = await spmv(device!, csr, x, { ...shape, semiring: 'min-plus' });
      expect(Array.from(y)).toEqual(Array.from(spmvReference(csr, x, { semiring: 'min-plus' })));
      expect(y[0]).toBe(Infinity);
    }
  });

  it.each(['i32', 'u32'] as const)('%s: plus-times, min-plus and max-min exactly', async (type: ElementType) => {
    const n = 47;
    const base = skewed(n, 11, 150);
    const csr: Csr = { ...base, weight: Float32Array.from(base.indices, (_, k) => (k % 7) + (type === 'i32' ? -3 : 1)) };
    const x = Array.from({ length: n }, (_, i) => (i % 9) + (type === 'i32' ? -4 : 0));
    for (const semiring of ['plus-times', 'min-plus', 'max-min']) {
      for (const shape of SHAPES) await expectProduct(csr, semiring, x, { ...shape, type, accumulate: semiring === 'min-plus', y: x });
    }
  });

  it('random skewed matrices and options (property)', async () => {
    const matrix = fc
      .record({ n: fc.integer({ min: 1, max: 70 }), heavy: fc.nat(3), seed: fc.nat() })
      .map(({ n, heavy, seed }) =>
        // Lengths fall off geometrically; `heavy` rows are long (up to 4n entries, duplicates kept).
        csrFromRows(Array.from({ length: n }, (_, i) => row(i < heavy ? ((seed >> i) % (4 * n)) + n : Math.floor(n / 2 ** (1 + ((seed + i) % 7))), seed + i, n))),
      );
    const options = fc.record({
      format: fc.constantFrom('sell' as const, 'fold' as const),
      logC: fc.integer({ min: 0, max: 5 }),
      windows: fc.nat(2),
      // A workgroup of one σ window's rows: y stored a window at a time.
      windowed: fc.boolean(),
      // fold: pieces kept in their windows where they fit (as planned), or never.
      local: fc.boolean(),
      foldWidth: fc.option(fc.integer({ min: 1, max: 6 })),
      semiring: fc.constantFrom(0, 1, 2, 3, 4),
      accumulate: fc.boolean(),
      masked: fc.boolean(),
      unroll: fc.constantFrom(1, 2, 4, 8),
      quad: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(matrix, options, async (csr, o) => {
        const c = 2 ** o.logC;
        const sc = SEMIRING_CASES[o.semiring];
        const m = sc.pattern ? asPattern(csr) : csr;
        const extra: Options = {
          format: o.format,
          sliceHeight: c,
          sigma: o.windows === 0 ? 1 : c * 2 ** o.windows,
          ...(o.windowed && o.windows > 0 && !(o.quad && c >= 4) ? { threadsPerWorkgroup: c * 2 ** o.windows } : {}),
          // The knobs of fold alone: sell refuses them.
          ...(o.format === 'fold' ? { foldWidth: o.foldWidth ?? undefined, reduction: 'workgroup' as const } : {}),
          // 4 rows an invocation (vec4 loads) need slices of a multiple of 4 and step one slot at a time.
          ...(o.quad && c >= 4 ? { rowsPerInvocation: 4 } : { unroll: o.unroll }),
          accumulate: o.accumulate,
          y: sc.x(m.n, 5),
          mask: o.masked ? Uint32Array.from({ length: m.n }, (_, i) => i % 2) : undefined,
        };
        // fold: its pieces in their windows where that fits (localFold: true is refused elsewhere), or never.
        const local = o.format === 'fold' && o.local && localFits(m, extra);
        await expectProduct(m, sc.semiring, sc.x(m.n, 3), o.format === 'fold' ? { ...extra, localFold: local } : extra);
      }),
      { numRuns: 15 },
    );
  });

  describe.each(['lagraph/jagmesh7.mtx', 'lagraph/bcsstk13.mtx'])('real matrix %s', (file) => {
    const path = new URL(`../../../../shared/data/${file}`, import.meta.url).pathname;
    it.skipIf(!existsSync(path))(`sell and fold as planned, and fold σ-sorted at width 3: plus-times and min-plus${existsSync(path) ? '' : ` (skipped: ${path} not found)`}`, async () => {
      const csr = csrFromEdges(await readGraphFile(path));
      const shapes: Options[] = [{ format: 'sell' }, { format: 'fold' }, { format: 'fold', foldWidth: 3, sigma: 64 }];
      for (const sc of SEMIRING_CASES.slice(0, 2)) for (const shape of shapes) await expectProduct(csr, sc.semiring, sc.x(csr.n, 2), shape);
    });
  });
});

describe('planning sell and fold (no GPU)', () => {
  const rows = (over: Partial<RowStats>): RowStats => ({ n: 1000, arcs: 4000, mean: 4, max: 4, paddingRatio: 1, ...over });
  const SUBGROUPS_8 = { available: true, minSize: 8 };

  it('sorts rows only where they are uneven; folds only when the longest row exceeds the width', () => {
    expect(planSpmv({ format: 'sell' }, rows({}), SUBGROUPS_8)).toMatchObject({ slicing: { sigma: 1 }, spec: { op: 'spmv_sell', sliceHeight: 32, permuted: false, folded: false } });
    expect(planSpmv({ format: 'sell' }, rows({ paddingRatio: 3, max: 12 }), SUBGROUPS_8).slicing).toEqual({ sigma: 4096 });
    const even = planSpmv({ format: 'fold' }, rows({ mean: 3.2 }), SUBGROUPS_8);
    expect([even.slicing, even.spec.folded, even.combine]).toEqual([{ sigma: 1, foldWidth: 7 }, false, undefined]); // twice the mean, rounded up
    const skew = planSpmv({ format: 'fold', accumulate: false, masked: true }, rows({ mean: 3.2, max: 50, paddingRatio: 12 }), SUBGROUPS_8);
    // fold's windows are a workgroup's rows, so that it stores y a window at a time.
    expect(skew.slicing).toEqual({ sigma: 256, foldWidth: 7 });
    expect(skew.spec).toMatchObject({ op: 'spmv_sell', folded: true, permuted: true, windowed: true, accumulate: false, masked: true });
    // The longest row's 7 extra pieces: one lane adds them up.
    expect(skew.combine).toMatchObject({ op: 'spmv_fold_combine', accumulate: true, masked: true, lanesPerRow: 1, rowsPerWorkgroup: 256, reduction: 'subgroup' });
    expect(planSpmv({ format: 'fold', reduction: 'workgroup', foldWidth: 8 }, rows({ max: 80 }), SUBGROUPS_8).combine).toMatchObject({ lanesPerRow: 1, reduction: 'workgroup' }); // 9 extra pieces of 8
    // 99 extra pieces of 8: 16 pieces a lane at most, 8 lanes (the device's smallest subgroup caps the subgroup reduction).
    expect(planSpmv({ format: 'fold', reduction: 'workgroup', foldWidth: 8 }, rows({ max: 800 }), SUBGROUPS_8).combine).toMatchObject({ lanesPerRow: 8, rowsPerWorkgroup: 32 });
    expect(planSpmv({ format: 'fold', foldWidth: 8 }, rows({ max: 8000 }), SUBGROUPS_8).combine).toMatchObject({ lanesPerRow: 8, reduction: 'subgroup' });
  });

  it('stores y a window at a time exactly when a workgroup holds one σ window of rows', () => {
    const uneven = rows({ mean: 3.2, max: 50, paddingRatio: 12 });
    const windowed = (options: SpmvOptions) => planSpmv(options.format === 'fold' ? { localFold: false, ...options } : options, uneven, SUBGROUPS_8).spec.windowed === true;
    expect([windowed({ format: 'fold' }), windowed({ format: 'fold', threadsPerWorkgroup: 128 }), windowed({ format: 'sell', sigma: 256 })]).toEqual([true, true, true]);
    // Another σ, 4 rows an invocation, a slice taller than the workgroup, sell's default σ: each row stores its own y.
    expect([windowed({ format: 'fold', sigma: 4096 }), windowed({ format: 'fold', rowsPerInvocation: 4 }), windowed({ format: 'fold', sliceHeight: 512 }), windowed({ format: 'sell' })]).toEqual([false, false, false, false]);
    expect(planSpmv({ format: 'fold', sliceHeight: 512 }, uneven, SUBGROUPS_8).slicing?.sigma).toBe(4096);
    // A plan whose σ is not its workgroup's rows is refused before anything is stored.
    const plan = planSpmv({ format: 'fold', localFold: false }, uneven, SUBGROUPS_8);
    const other = { ...plan, slicing: { ...plan.slicing!, sigma: 512 } };
    expect(() => layoutFor(skewed(10, 1, 20), other, { maxStorageBufferBindingSize: 2 ** 27 })).toThrow("spmv: a windowed kernel stages a workgroup's 256 rows as one σ window, but the plan's σ is 512");
  });

  it('keeps folded rows\' pieces in their windows where they fit, and says why not when asked where they do not', () => {
    const uneven = rows({ mean: 3.2, max: 50, paddingRatio: 12 });
    // Power-law rows (the longest over 16 × the mean) on a device allowing 1,024 invocations a workgroup.
    const skew = rows({ mean: 3.2, max: 500, paddingRatio: 100 });
    const wide = { maxInvocations: 1024 };
    const local = planSpmv({ format: 'fold', ...wide }, skew, SUBGROUPS_8);
    expect(local.spec).toMatchObject({ op: 'spmv_sell', localFold: true, permuted: false, folded: false, rowsPerWorkgroup: 1024, unroll: 4 });
    expect([local.slicing, local.combine]).toEqual([{ sigma: 1024, foldWidth: 13 }, undefined]);
    const isLocal = (options: SpmvOptions & { maxInvocations?: number }, stats = skew) => planSpmv({ ...wide, ...options }, stats, SUBGROUPS_8).spec.localFold === true;
    // By default not: masked, another σ, 4 rows an invocation, asked not to, nothing folded, rows not power-law, 256-row
    // windows (the device's limit or asked).
    expect([
      isLocal({ format: 'fold', masked: true }),
      isLocal({ format: 'fold', sigma: 4096 }),
      isLocal({ format: 'fold', rowsPerInvocation: 4 }),
      isLocal({ format: 'fold', localFold: false }),
      isLocal({ format: 'fold' }, rows({})),
      isLocal({ format: 'fold' }, uneven),
      isLocal({ format: 'fold', maxInvocations: 256 }),
      isLocal({ format: 'fold', threadsPerWorkgroup: 256 }),
      isLocal({ format: 'fold', target: 'cuda', threadsPerWorkgroup: 256 }),
    ]).toEqual([false, false, false, false, false, false, false, false, false]);
    // CUDA as WGSL, with 8 slots a step (4 on WGSL).
    expect(planSpmv({ format: 'fold', target: 'cuda', ...wide }, skew, SUBGROUPS_8).spec).toMatchObject({ localFold: true, rowsPerWorkgroup: 1024, unroll: 8 });
    // Asked for, wherever it fits: up to a quarter of a window's stored rows for the longest row.
    expect([isLocal({ format: 'fold', localFold: true }, uneven), isLocal({ format: 'fold', target: 'cuda', localFold: true })]).toEqual([true, true]);
    expect(isLocal({ format: 'fold', foldWidth: 7, localFold: true, threadsPerWorkgroup: 256 }, rows({ mean: 3.2, max: 7 * 64, paddingRatio: 100 }))).toBe(true);
    expect(() => planSpmv({ format: 'fold', masked: true, localFold: true }, uneven, SUBGROUPS_8)).toThrow('spmv: localFold needs no mask');
    expect(() => planSpmv({ format: 'fold', sigma: 512, localFold: true }, uneven, SUBGROUPS_8)).toThrow("spmv: localFold needs σ = the workgroup's 256 rows (σ is 512)");
    expect(() => planSpmv({ format: 'fold', foldWidth: 7, localFold: true }, rows({ mean: 3.2, max: 7 * 65, paddingRatio: 100 }), SUBGROUPS_8)).toThrow(
      "spmv: localFold needs the longest row (455 entries, 65 pieces of 7) in at most 64 of a window's 256 stored rows",
    );
    expect(() => planSpmv({ format: 'sell', localFold: true }, uneven, SUBGROUPS_8)).toThrow("localFold = true keeps a folded row's pieces in its window, which format 'sell' does not read");
  });

  it('refuses a fold width that is not a positive integer', () => {
    expect(() => planSpmv({ format: 'fold', foldWidth: 0 }, rows({}), SUBGROUPS_8)).toThrow('spmv: foldWidth = 0 is not a positive integer');
    expect(() => planSpmv({ format: 'fold', foldWidth: 2.5 }, rows({}), SUBGROUPS_8)).toThrow('spmv: foldWidth = 2.5 is not a positive integer');
  });

  it('refuses a σ that is not 1 or a multiple of the slice height, naming both', () => {
    const csr = skewed(10, 1, 20);
    const plan = planSpmv({ format: 'sell', sliceHeight: 8, sigma: 12 }, rows({}), SUBGROUPS_8);
    expect(() => layoutFor(csr, plan, { maxStorageBufferBindingSize: 2 ** 27 })).toThrow('sigma = 12 must be 1 or a multiple of sliceHeight 8');
  });

  it('refuses padded slots beyond one binding before it allocates them, naming both sizes', () => {
    const csr = skewed(61, 17, 700);
    const plan = planSpmv({ format: 'sell', sigma: 1 }, rows({}), SUBGROUPS_8);
    const limits = { maxStorageBufferBindingSize: 4000 };
    expect(() => layoutFor(csr, plan, limits)).toThrow(LimitError);
    // One slice of 32 rows padded to row 17's 700 entries, and a second padded to 3.
    expect(() => layoutFor(csr, plan, limits)).toThrow(`spmv: the sell slots (${32 * 700 + 32 * 3} for ${csr.indices.length} nonzeros) as 4-byte elements needs ${(32 * 700 + 32 * 3) * 4}`);
    expect(() => layoutFor(csr, plan, limits)).toThrow('but this device allows 4000');
  });
});
