import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { csrFromEdges, readGraphFile, type Csr } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import {
  chooseFormat,
  correlation,
  layoutTraffic,
  matrixFactors,
  planSpmv,
  predictFormats,
  predictSpmv,
  rowStats,
  SPMV_MODEL_FORMATS,
  xLocality,
  type SpmvKernelOptions,
  type XLocalityOptions,
} from '../src/index.js';
import { csrFromRows } from './spmv-cases.js';

/** A pattern CSR from each row's columns. */
const pattern = (rows: readonly (readonly number[])[]): Csr => csrFromRows(rows.map((r) => r.map((c) => [c, 1] as const)));
const BIG = 1 << 20;

describe('matrixFactors on hand-computed matrices (L = 16 B: four f32 per line)', () => {
  it('diagonal: lines reused back to back, all four elements of each line used', () => {
    const f = matrixFactors(pattern([[0], [1], [2], [3], [4], [5], [6], [7]]), { lineBytes: 16, cacheBytes: BIG });
    expect(f).toMatchObject({ n: 8, arcs: 8, max: 1, mean: 1, stddev: 0, paddingRatio: 1, temporalLocality: 1, spatialLocality: 4, hitX: 0.75 });
  });

  it('one dense row: spread √3, ELL pads to 4 slots per nonzero', () => {
    const f = matrixFactors(pattern([[0, 1, 2, 3], [], [], []]), { lineBytes: 16, cacheBytes: BIG });
    expect(f).toMatchObject({ n: 4, arcs: 4, max: 4, mean: 1, paddingRatio: 4, temporalLocality: 1, spatialLocality: 4, hitX: 0.75 });
    expect(f.stddev).toBeCloseTo(Math.sqrt(3), 12);
  });

  it('tridiagonal with 2-element lines: stream 0 1 0 1 2 1 2 3 2 3', () => {
    // Lines 0 0 0 0 1 0 1 1 1 1: intervals 1 1 1 2 (line 0) and 2 1 1 1 (line 1), mean 10/8; 2 fetches of 2 useful.
    const f = matrixFactors(pattern([[0, 1], [0, 1, 2], [1, 2, 3], [2, 3]]), { lineBytes: 8, cacheBytes: BIG });
    expect(f).toMatchObject({ max: 3, mean: 2.5, stddev: 0.5, paddingRatio: 1.2, temporalLocality: 1.25, spatialLocality: 2, hitX: 0.8 });
  });

  it('a permutation alternating between two lines: S = 4 with room for both, 1 with one line of cache', () => {
    const perm = pattern([[4], [0], [5], [1], [6], [2], [7], [3]]);
    expect(matrixFactors(perm, { lineBytes: 16, cacheBytes: BIG })).toMatchObject({ temporalLocality: 2, spatialLocality: 4, hitX: 0.75, paddingRatio: 1 });
    expect(matrixFactors(perm, { lineBytes: 16, cacheBytes: 16 })).toMatchObject({ temporalLocality: 2, spatialLocality: 1, hitX: 0 });
  });

  it('an L1 sees only its processor’s share of rows: chunks dealt round-robin', () => {
    // Rows 0,1 | 2,3 | 4,5 | 6,7 in chunks of 2 over 2 processors: processor 0 takes rows 0, 1, 4, 5.
    const m = pattern([[0], [0], [7], [7], [0], [0], [7], [7]]);
    const one = xLocality(m, { lineBytes: 4, valueBytes: 4, cacheBytes: 4, share: { chunkRows: 2, parts: 2 } });
    expect(one).toMatchObject({ fetches: 1, hitX: 0.75 });
    // The whole stream alternates 0 0 7 7 0 0 7 7 through a 1-line cache: 4 fetches of 8.
    expect(xLocality(m, { lineBytes: 4, valueBytes: 4, cacheBytes: 4 })).toMatchObject({ fetches: 4, hitX: 0.5 });
    expect(() => xLocality(m, { lineBytes: 4, valueBytes: 4, cacheBytes: 4, share: { chunkRows: 0, parts: 2 } })).toThrow(/positive integer chunkRows/);
  });

  it('replacement is FIFO (the paper’s Denning-style tool), not LRU', () => {
    // Lines A B A C A in a 2-line cache: C evicts A (oldest in), so the last A misses; LRU would hit it.
    const f = matrixFactors(pattern([[0, 1], [0, 2], [0]]), { lineBytes: 4, cacheBytes: 8 });
    expect(f.hitX).toBeCloseTo(1 / 5, 12);
    expect(f.spatialLocality).toBe(1);
  });

  it('an empty matrix: no line reused or fetched', () => {
    const f = matrixFactors(pattern([[], []]));
    expect(f).toMatchObject({ arcs: 0, temporalLocality: Infinity, spatialLocality: 1, hitX: 0, paddingRatio: 1 });
    expect(predictSpmv(f, { bandwidthGBps: 100, format: 'ell' }).gflops).toBe(0);
  });

  it('refuses a non-square matrix and impossible lines', () => {
    expect(() => matrixFactors(pattern([[0, 5], [1]]))).toThrow(/outside the 2 × 2 matrix/);
    expect(() => matrixFactors(pattern([[0]]), { lineBytes: 6 })).toThrow(/multiple of valueBytes 4/);
  });
});

/** The definitions of x-locality.ts, written the obvious way (Maps, Sets, an array queue). */
function naiveLocality(csr: Csr, o: XLocalityOptions) {
  const perLine = o.lineBytes / o.valueBytes;
  const capacity = Math.floor(o.cacheBytes / o.lineBytes);
  const last = new Map<number, number>();
  const queue: number[] = [];
  const used = new Map<number, Set<number>>(); // resident line → distinct elements used since its fetch
  let intervals = 0;
  let reuses = 0;
  let fetches = 0;
  let useful = 0;
  const retire = (line: number) => (useful += used.get(line)!.size, used.delete(line));
  csr.indices.forEach((col, p) => {
    const line = Math.floor(col / perLine);
    if (last.has(line)) (intervals += p - last.get(line)!), reuses++;
    last.set(line, p);
    if (!used.has(line)) {
      fetches++;
      if (capacity === 0) return void useful++;
      if (queue.length === capacity) retire(queue.shift()!);
      queue.push(line);
      used.set(line, new Set());
    }
    used.get(line)!.add(col);
  });
  [...used.keys()].forEach(retire);
  return { temporalLocality: reuses ? intervals / reuses : Infinity, spatialLocality: fetches ? useful / fetches : 1, hitX: csr.indices.length ? 1 - fetches / csr.indices.length : 0, fetches };
}

const matrices = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: n }), { minLength: n, maxLength: n }))
  .map(pattern);
const platforms = fc.record({ lineBytes: fc.constantFrom(4, 8, 16, 32, 128), valueBytes: fc.constant(4), cacheBytes: fc.integer({ min: 0, max: 300 }) });

describe('invariants (fast-check)', () => {
  it('the one-pass locality equals the naive definitions', () => {
    fc.assert(fc.property(matrices, platforms, (csr, o) => {
      const fast = xLocality(csr, o);
      const slow = naiveLocality(csr, o);
      expect(fast.fetches).toBe(slow.fetches);
      for (const k of ['temporalLocality', 'spatialLocality', 'hitX'] as const) expect(fast[k]).toBeCloseTo(slow[k], 10);
    }), { numRuns: 300 });
  });

  it('1 ≤ S ≤ L/F, 0 ≤ hit_x < 1, padding ≥ 1, temporal index ≥ 1', () => {
    fc.assert(fc.property(matrices, platforms, (csr, o) => {
      const f = matrixFactors(csr, o);
      expect(f.spatialLocality).toBeGreaterThanOrEqual(1);
      expect(f.spatialLocality).toBeLessThanOrEqual(o.lineBytes / o.valueBytes);
      expect(f.hitX).toBeGreaterThanOrEqual(0);
      expect(f.hitX).toBeLessThan(1);
      expect(f.paddingRatio).toBeGreaterThanOrEqual(1);
      expect(f.temporalLocality).toBeGreaterThanOrEqual(1);
    }), { numRuns: 200 });
  });

  it('predictions: linear in bandwidth, BPF ≥ F/2 + I/2, ELL never above CSR, better hit rates never slower', () => {
    fc.assert(fc.property(matrices, fc.double({ min: 1, max: 1e4, noNaN: true }), fc.double({ min: 1.01, max: 10, noNaN: true }), (csr, w, k) => {
      const f = matrixFactors(csr);
      if (f.arcs === 0) return;
      for (const format of SPMV_MODEL_FORMATS) {
        const p = predictSpmv(f, { bandwidthGBps: w, format });
        expect(predictSpmv(f, { bandwidthGBps: w * k, format }).gflops).toBeCloseTo(p.gflops * k, 6);
        expect(p.bytesPerFlop).toBeGreaterThanOrEqual(4);
        expect(predictSpmv(f, { bandwidthGBps: w, format, hitX: Math.min(1, f.hitX + 0.1) }).gflops).toBeGreaterThanOrEqual(p.gflops);
      }
      const [scalar, vector, ell, sell, fold, merge] = predictFormats(f, { bandwidthGBps: w });
      expect(vector.gflops).toBe(scalar.gflops);
      expect(merge.gflops).toBe(scalar.gflops);
      expect(ell.gflops).toBeCloseTo(scalar.gflops / f.paddingRatio, 9);
      // Eq. (3) with each layout's own padded slots (a slice of 32 pads small matrices to 32 rows).
      for (const padded of [sell, fold]) {
        const { slots } = f.layouts![padded.format as 'sell' | 'fold']!;
        expect(padded.gflops).toBeCloseTo((scalar.gflops * f.arcs) / slots, 9);
      }
    }), { numRuns: 200 });
  });
});

describe('predictSpmv', () => {
  const f = matrixFactors(pattern([[4], [0], [5], [1], [6], [2], [7], [3]]), { lineBytes: 16, cacheBytes: 16 });
  it('eq. (1): F/2 + I/2 + (1 − hit_x)·L/S; eq. (2): W / BPF', () => {
    // hit_x = 0, S = 1, L = 16: 2 + 2 + 16 = 20 B/flop; 100 GB/s → 5 GFLOP/s.
    expect(predictSpmv(f, { bandwidthGBps: 100, format: 'csr-scalar' })).toEqual({ format: 'csr-scalar', bytesPerFlop: 20, gflops: 5, hitX: 0, smallMatrix: true, model: 'paper-002' });
    expect(predictSpmv(f, { bandwidthGBps: 100, format: 'csr-vector', indexBytes: 8 }).bytesPerFlop).toBe(22);
  });
  it('a pattern matrix streams no values: F/2 drops out of eq. (1)', () => {
    // 2 + 16 = 18 B/flop; 90 GB/s → 5 GFLOP/s.
    expect(predictSpmv(f, { bandwidthGBps: 90, format: 'csr-scalar', pattern: true })).toMatchObject({ bytesPerFlop: 18, gflops: 5 });
    expect(predictSpmv(f, { bandwidthGBps: 90, format: 'csr-scalar', pattern: false }).bytesPerFlop).toBe(20);
  });
  it('hierarchy: adds CSR row offsets to the DRAM bytes and x\'s L1 misses × 32 B at the L2 gather rate', () => {
    // Columns 8 0 9 1 … 15 7 alternate between x's two 32-B sectors; a one-sector L1 misses every access.
    const rows = Array.from({ length: 16 }, (_, r) => [r % 2 === 0 ? 8 + r / 2 : (r - 1) / 2]);
    const g = matrixFactors(pattern(rows), { lineBytes: 16, cacheBytes: 16, l1Bytes: 32, share: { chunkRows: 16, parts: 1 } });
    expect(g.hitL1).toBe(0);
    const p = predictSpmv(g, { bandwidthGBps: 100, l2BandwidthGBps: 400, format: 'csr-scalar' });
    // DRAM: 20 + 4·17/32 = 22.125 B/flop; L2: 32/2 = 16 B/flop. ns/flop = 22.125/100 + 16/400 = 0.26125.
    expect(p).toMatchObject({ model: 'hierarchy', bytesPerFlop: 22.125, l2BytesPerFlop: 16 });
    expect(p.gflops).toBeCloseTo(1 / 0.26125, 12);
    // ELL has no row offsets; here it stores no padding either.
    expect(predictSpmv(g, { bandwidthGBps: 100, l2BandwidthGBps: 400, format: 'ell' }).gflops).toBeCloseTo(1 / (0.2 + 0.04), 12);
    expect(() => predictSpmv(g, { bandwidthGBps: 100, l2BandwidthGBps: -1, format: 'ell' })).toThrow(/l2BandwidthGBps -1/);
  });
  it('refuses element sizes the locality was not measured for, and bad numbers', () => {
    expect(() => predictSpmv(f, { bandwidthGBps: 100, format: 'ell', valueBytes: 8 })).toThrow(/measured for 4-byte elements/);
    expect(() => predictSpmv(f, { bandwidthGBps: 0, format: 'ell' })).toThrow(/bandwidthGBps 0/);
    expect(() => predictSpmv(f, { bandwidthGBps: 1, format: 'ell', hitX: 2 })).toThrow(/hitX 2/);
  });
});

describe('layoutTraffic: each format\'s own slots and other bytes', () => {
  // Rows of 5, 1, 0, 2, 1 and 1 nonzeros (n = 6, nnz = 10).
  const csr = pattern([[0, 1, 2, 3, 4], [0], [], [1, 2], [5], [3]]);
  const plan = (options: SpmvKernelOptions) => planSpmv(options, rowStats(csr), { available: true, minSize: 32 });

  it('CSR, ELL, sell, fold and merge', () => {
    expect(layoutTraffic(csr, plan({ format: 'csr-scalar' }))).toEqual({ format: 'csr-scalar', nnz: 10, slots: 10, extraBytes: 4 * 7 });
    expect(layoutTraffic(csr, plan({ format: 'ell' }))).toEqual({ format: 'ell', nnz: 10, slots: 30, extraBytes: 0 });
    // Slices of 2 unsorted: widths 5, 2, 1 → 16 slots; 4 slice offsets.
    expect(layoutTraffic(csr, plan({ format: 'sell', sliceHeight: 2, sigma: 1 }))).toEqual({ format: 'sell', nnz: 10, slots: 16, extraBytes: 16 });
    // σ = 6 > 2 sorts rows 5, 2, 1, 1, 1, 0 → widths 5, 1, 1 → 14 slots, plus 6 row ids.
    expect(layoutTraffic(csr, plan({ format: 'sell', sliceHeight: 2, sigma: 6 }))).toMatchObject({ slots: 14, extraBytes: 16 + 24 });
    // Fold at 2: row 0 → a first piece of 1 and 2 extra pieces of 2. Stored rows 1 1 | 0 2 | 1 1 | 2 2 → 12 slots;
    // 5 slice offsets; the 2 pieces' partials written and read; 1 folded row, its 2 piece offsets, y read and written.
    const fold = layoutTraffic(csr, plan({ format: 'fold', sliceHeight: 2, sigma: 1, foldWidth: 2 }));
    expect(fold).toEqual({ format: 'fold', nnz: 10, slots: 12, extraBytes: 20 + 16 + 12 + 8 });
    // Fold at 2 within one window of 16 (localFold): pieces 2 2 1 (row 0) | 2 (row 3) | 1 1 1 (rows 1, 4, 5) → slices
    // of widths 2, 2, 1, 1 → 12 slots; 5 slice offsets, 2 window offsets, 6 rows' pieces; no partials, no second step.
    const local = layoutTraffic(csr, plan({ format: 'fold', sliceHeight: 2, threadsPerWorkgroup: 16, foldWidth: 2, localFold: true }));
    expect(local).toEqual({ format: 'fold', nnz: 10, slots: 12, extraBytes: 20 + 8 + 24 });
    // Merge, tiles of 32 × 2 items: one tile over the 16 row ends and nonzeros → offsets 28, tile starts 8,
    // carries 8 written and 8 read, the fixup's y 8.
    const merge = layoutTraffic(csr, plan({ format: 'csr-merge', threadsPerWorkgroup: 32, itemsPerThread: 2 }));
    expect(merge).toEqual({ format: 'csr-merge', nnz: 10, slots: 10, extraBytes: 28 + 8 + 16 + 8 });
  });

  it('predictSpmv takes a plan\'s layout, or the factors\' default plans, and refuses one of another matrix or format', () => {
    const f = matrixFactors(csr);
    const fold = layoutTraffic(csr, plan({ format: 'fold', sliceHeight: 2, sigma: 1, foldWidth: 2 }));
    const scalar = predictSpmv(f, { bandwidthGBps: 100, format: 'csr-scalar' });
    expect(predictSpmv(f, { bandwidthGBps: 100, format: 'fold', layout: fold }).gflops).toBeCloseTo((scalar.gflops * 10) / 12, 12);
    const hierarchy = predictSpmv(f, { bandwidthGBps: 100, l2BandwidthGBps: 1e9, format: 'fold', layout: fold });
    expect(hierarchy.bytesPerFlop).toBeCloseTo(scalar.bytesPerFlop + 56 / 20, 12);
    expect(f.layouts?.fold).toEqual(layoutTraffic(csr, plan({ format: 'fold' })));
    expect(() => predictSpmv(f, { bandwidthGBps: 100, format: 'sell', layout: fold })).toThrow(/layout given is a 'fold' of 10 nonzeros, not a 'sell'/);
    expect(() => predictSpmv({ ...f, layouts: undefined }, { bandwidthGBps: 100, format: 'csr-merge' })).toThrow(/predicting 'csr-merge' needs its layout/);
  });
});

describe('correlation', () => {
  it('Pearson and Spearman, ties ranked by their mean', () => {
    expect(correlation([1, 2, 3], [10, 30, 20])).toEqual({ n: 3, pearson: 0.5, spearman: 0.5 });
    const c = correlation([1, 2, 3, 4], [1, 4, 9, 16]);
    expect(c.spearman).toBeCloseTo(1, 12);
    expect(c.pearson).toBeLessThan(1);
    expect(correlation([1, 1, 2], [5, 6, 7]).spearman).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(correlation([1, 1], [2, 3]).pearson).toBeNaN();
    expect(() => correlation([1], [1, 2])).toThrow(/1 predictions but 2 measurements/);
  });
});

const DATA = '/work/shared/data';
describe.each([
  ['lagraph/karate.mtx', { n: 34, arcs: 156, max: 17 }],
  ['lagraph/jagmesh7.mtx', { n: 1138, arcs: 7450 }],
  ['lagraph/bcsstk13.mtx', { n: 2003, arcs: 83883, max: 95 }],
  ['snap/email-Eu-core.txt', { n: 1005, arcs: 25571 }],
] as const)('real matrix %s', (file, expected) => {
  const path = `${DATA}/${file}`;
  it.skipIf(!existsSync(path))(`factors and predictions (skipped when ${path} is absent: shared data not mounted)`, async () => {
    const csr = csrFromEdges(await readGraphFile(path), { sortRows: true });
    const f = matrixFactors(csr);
    expect(f).toMatchObject(expected);
    expect(f.paddingRatio).toBeCloseTo((f.n * f.max) / f.arcs, 12);
    // The whole of x fits in 50 MiB: every line is fetched once, so hit_x = 1 − lines touched / nnz.
    expect(f.spatialLocality).toBeGreaterThan(1);
    expect(f.spatialLocality).toBeLessThanOrEqual(32);
    const tiny = matrixFactors(csr, { cacheBytes: 1024 });
    expect(tiny.hitX).toBeLessThanOrEqual(f.hitX);
    expect(chooseFormat(f)).toMatch(/csr-scalar|csr-stream|ell/);
    expect(predictFormats(f, { bandwidthGBps: 3350 }).every((p) => p.gflops > 0 && p.smallMatrix)).toBe(true);
  });
});
