import { afterAll, describe, expect, it } from 'vitest';
import { planSpmvLaunches, spmvReference, SpmvRunner, type SpmvKernelOptions } from '../src/index.js';
import { rowExtraRanges, type SpmvTarget } from '../src/spmv/spmv.steps.js';
import { testDevice } from './gpu-device.js';
import { csrFromRows, row, skewed } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const WGSL: SpmvTarget = { target: 'wgsl', subgroups: { available: false, minSize: 4 }, limits: { maxStorageBufferBindingSize: 2 ** 31 - 4 } };
/** Rows of 0 to 6 entries and two long ones (rows 3 and 9), folded at width 2. */
const matrix = csrFromRows(Array.from({ length: 23 }, (_, i) => (i === 3 ? row(9, 1, 23) : i === 9 ? row(5, 4, 23) : row(i % 7, i, 23))));
const fold: SpmvKernelOptions = { format: 'fold', foldWidth: 2, sliceHeight: 4, reduction: 'workgroup', localFold: false, semiring: 'plus-times', type: 'f32' };

describe("a fold product's extra pieces, for a caller adding them itself (no GPU)", () => {
  it('gives each row the range of its extra pieces in partial, empty for rows not folded', () => {
    const planned = planSpmvLaunches(matrix, fold, WGSL);
    const ranges = rowExtraRanges(planned)!;
    expect(ranges.length).toBe(matrix.n + 1);
    for (let i = 0; i < matrix.n; i++) {
      const length = matrix.indptr[i + 1] - matrix.indptr[i];
      // A row of L > 2 entries has ⌈L / 2⌉ − 1 extra pieces.
      expect(ranges[i + 1] - ranges[i]).toBe(length > 2 ? Math.ceil(length / 2) - 1 : 0);
    }
    expect(ranges[matrix.n]).toBe(planned.layout.scratch.partial / 4);
  });

  it.each([
    ['sell', { format: 'sell', sliceHeight: 4, semiring: 'plus-times', type: 'f32' }],
    ['fold on rows no longer than its width', { ...fold, foldWidth: 100 }],
    ['fold with its pieces in their windows (localFold)', { ...fold, localFold: true, threadsPerWorkgroup: 32 }],
    ['csr-scalar', { format: 'csr-scalar', semiring: 'plus-times', type: 'f32' }],
  ] as const)('has none for %s', (_, options) => {
    expect(rowExtraRanges(planSpmvLaunches(matrix, options, WGSL))).toBeUndefined();
  });
});

describe.skipIf(!device)('a fold product without its combine step (WGSL)', () => {
  it.each([
    ['rows of 0 to 6 entries and two long ones', matrix],
    ['one very long row among short and empty ones', skewed(41, 17, 90)],
  ])('%s: y holds the first pieces, and adding partial over each row range gives the product', async (_, csr) => {
    const runner = await SpmvRunner.create(device!, csr, fold);
    const x = Array.from({ length: csr.n }, (_, i) => Math.fround(1 + (i % 5) / 4));
    const buffers = { x: await device!.createStorage('x', Float32Array.from(x)), y: await device!.createStorage('y', new Float32Array(csr.n)) };
    try {
      const extras = runner.extraPieces!;
      expect(extras).toBeDefined();
      const batch = device!.batch();
      runner.encode(batch, buffers, { combine: false });
      await batch.submit();
      const y = await device!.read(buffers.y, Float32Array, 0, csr.n);
      const partial = await device!.read(extras.partial, Float32Array, 0, extras.rowExtra[csr.n]);
      const want = spmvReference(csr, x, { semiring: 'plus-times', type: 'f32' });
      // Folded rows whose y lacks their extra pieces' share (all of them: x and the weights are positive).
      let short = 0;
      for (let i = 0; i < csr.n; i++) {
        let total = y[i];
        for (let q = extras.rowExtra[i]; q < extras.rowExtra[i + 1]; q++) total += partial[q];
        if (extras.rowExtra[i + 1] > extras.rowExtra[i] && y[i] < want[i] - 1e-3) short++;
        expect(Math.abs(total - want[i])).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(want[i])));
      }
      expect(short).toBeGreaterThan(0);
    } finally {
      for (const b of Object.values(buffers)) b.destroy();
      runner.destroy();
    }
  });

  it('refuses combine: false on a masked plan, naming why', async () => {
    const runner = await SpmvRunner.create(device!, matrix, { ...fold, masked: true });
    try {
      const buffers = { x: await device!.createStorage('x', new Float32Array(matrix.n)), y: await device!.createStorage('y', new Float32Array(matrix.n)) };
      const mask = await device!.createStorage('mask', new Uint32Array(matrix.n));
      expect(() => runner.encode(device!.batch(), { ...buffers, mask }, { combine: false })).toThrow(/combine: false leaves the extra pieces to the caller, which a masked plan cannot/);
      for (const b of [...Object.values(buffers), mask]) b.destroy();
    } finally {
      runner.destroy();
    }
  });
});
