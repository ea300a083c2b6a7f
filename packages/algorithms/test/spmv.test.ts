import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, readGraphFile, type Csr } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { spmv, spmvReference, SpmvRunner, subgroupSupport, verifySpmv, type SpmvKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, FORMAT_CASES, MATRIX_CASES, SEMIRING_CASES, type SemiringCase } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());
const subgroups = device && subgroupSupport(device).available;

/** The formats this device runs: the subgroup reduction needs the `subgroups` feature. */
const formats = FORMAT_CASES.filter((f) => f.options.reduction !== 'subgroup' || subgroups);
if (device && !subgroups) console.warn('spmv subgroup-reduction tests skipped: the device lacks the subgroups feature');

/** Runs one product on the GPU and checks it against the CPU reference (exact, or within the f32 bound). */
async function expectMatchesReference(csr: Csr, sc: SemiringCase, options: SpmvKernelOptions & { y?: number[]; mask?: Uint32Array }, seed = 1) {
  const matrix = sc.pattern ? asPattern(csr) : csr;
  const x = sc.x(matrix.n, seed);
  const all = { ...options, semiring: sc.semiring };
  const { y, plan } = await spmv(device!, matrix, x, all);
  expect(plan.format).toBe(options.format);
  const check = verifySpmv(matrix, x, y, all);
  expect(check).toEqual({ ok: true });
  if (sc.semiring !== 'plus-times') expect(Array.from(y)).toEqual(Array.from(spmvReference(matrix, x, all)));
}

describe.skipIf(!device)('spmv on the GPU against the CPU reference', () => {
  describe.each(formats)('$name', ({ options }) => {
    describe.each(MATRIX_CASES)('$name', ({ csr }) => {
      it.each(SEMIRING_CASES)('$semiring', (sc) => expectMatchesReference(csr, sc, options));
    });

    it('y = A ⊗ x ⊕ y (plus-times, min-plus)', async () => {
      const { csr } = MATRIX_CASES[0];
      for (const sc of SEMIRING_CASES.slice(0, 2)) {
        await expectMatchesReference(csr, sc, { ...options, accumulate: true, y: sc.x(csr.n, 99) });
      }
    });

    it('masked rows keep their y (min-plus accumulate, or-and assign)', async () => {
      const { csr } = MATRIX_CASES[1];
      const mask = Uint32Array.from({ length: csr.n }, (_, i) => (i % 3 === 0 ? 0 : 1 + i));
      const y = SEMIRING_CASES[1].x(csr.n, 7);
      await expectMatchesReference(csr, SEMIRING_CASES[1], { ...options, accumulate: true, y, mask });
      const bits = SEMIRING_CASES[3].x(csr.n, 8);
      await expectMatchesReference(csr, SEMIRING_CASES[3], { ...options, y: bits, mask });
      const { y: got } = await spmv(device!, csr, SEMIRING_CASES[1].x(csr.n, 1), { ...options, semiring: 'min-plus', accumulate: true, y, mask });
      for (let i = 0; i < csr.n; i += 3) expect(got[i]).toBe(Math.fround(y[i]));
    });

    it.each([
      ['empty rows among full ones', csrFromRows([[], [[0, 2], [3, 1]], [], [[1, 0.5]], [], [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]])],
      ['a single dense row', csrFromRows(Array.from({ length: 300 }, (_, i) => (i === 5 ? Array.from({ length: 300 }, (_, j) => [j, (j % 13) / 4] as [number, number]) : [])))],
      ['n = 1 with its one entry', csrFromRows([[[0, 3]]])],
      ['n = 1, empty', csrFromRows([[]])],
      ['n = 0', csrFromRows([])],
    ])('%s', async (_name, csr) => {
      for (const sc of SEMIRING_CASES) await expectMatchesReference(csr, sc, options);
    });
  });

  describe.each([
    ['lagraph/bcsstk13.mtx', 'FEM stiffness matrix, 2003 rows'],
    ['lagraph/west0067.mtx', 'unsymmetric, 67 rows'],
  ])('real matrix %s (%s)', (file) => {
    const path = new URL(`../../../../shared/data/${file}`, import.meta.url).pathname;
    it.skipIf(!existsSync(path))(`every format, plus-times and min-plus${existsSync(path) ? '' : ` (skipped: ${path} not found)`}`, async () => {
      const csr = csrFromEdges(await readGraphFile(path));
      for (const { options } of formats) {
        for (const sc of SEMIRING_CASES.slice(0, 2)) await expectMatchesReference(csr, sc, options);
      }
    });
  });

  it('auto picks a format from the rows and agrees with the reference', async () => {
    const grid = MATRIX_CASES[2].csr;
    const { y, plan } = await spmv(device!, grid, SEMIRING_CASES[0].x(grid.n, 1), { semiring: 'plus-times' });
    expect(plan.format).toBe('ell');
    expect(verifySpmv(grid, SEMIRING_CASES[0].x(grid.n, 1), y, { semiring: 'plus-times' }).ok).toBe(true);
  });

  // Row r holds one entry, so y[r] = w[r] ⊗ x[r]: the generated ⊗ at the values where saturation decides.
  it.each([
    ['i32', [-5, 10, 10, 10, 3, -5, 0, 1], [2147483647, 2147483646, 2147483637, 2147483636, 5, -2147483647, 2147483647, 0], [2147483647, 2147483647, 2147483647, 2147483646, 8, 2147483644, 2147483647, 1]],
    ['u32', [5, 10, 10, 0, 3], [4294967295, 4294967290, 4294967285, 4294967295, 5], [4294967295, 4294967295, 4294967295, 4294967295, 8]],
  ] as const)('min-plus %s: sums past INF saturate there, as the host computes them', async (type, weights, x, expected) => {
    const csr = csrFromRows(weights.map((w, r) => [[r, w]]));
    for (const { options } of formats) {
      const { y } = await spmv(device!, csr, x, { ...options, semiring: 'min-plus', type });
      expect(Array.from(y), options.format).toEqual(expected);
      expect(Array.from(y)).toEqual(Array.from(spmvReference(csr, x, { semiring: 'min-plus', type })));
    }
  });

  it('a runner uploads the matrix once and multiplies many times', async () => {
    const { csr } = MATRIX_CASES[0];
    const runner = await SpmvRunner.create(device!, csr, { semiring: 'min-plus', format: 'csr-vector', accumulate: true });
    try {
      // dist = A ⊗ dist ⊕ dist, four times: Bellman-Ford rounds in pull form (row i relaxes over its entries).
      let dist: ArrayLike<number> = Array.from({ length: csr.n }, (_, i) => (i === 0 ? 0 : Infinity));
      for (let step = 0; step < 4; step++) {
        const ref = spmvReference(csr, dist, { semiring: 'min-plus', accumulate: true, y: dist });
        const { y } = await runner.run(dist, { y: dist });
        expect(Array.from(y)).toEqual(Array.from(ref));
        dist = y;
      }
    } finally {
      runner.destroy();
    }
  });

  describe('bad input', () => {
    const small = csrFromRows([[[1, 1]], [[0, 2]], []]);
    it('x of the wrong length names both lengths', async () => {
      await expect(spmv(device!, small, [1, 2], { semiring: 'plus-times' })).rejects.toThrow('spmv: x has 2 elements but the matrix is 3 × 3; x needs 3');
    });
    it('y of the wrong length names both lengths', async () => {
      await expect(spmv(device!, small, [1, 2, 3], { accumulate: true, y: [1] })).rejects.toThrow('spmv: y has 1 elements but the matrix is 3 × 3; y needs 3');
    });
    it('a column outside the rows: not square', async () => {
      const wide = csrFromRows([[[5, 1]], [], []]);
      await expect(spmv(device!, wide, [1, 2, 3])).rejects.toThrow('spmv: the entry of row 0 in column 5 is outside the 3 × 3 matrix; SpMV here needs a square matrix');
    });
    it('NaN in x, in y and in the matrix', async () => {
      await expect(spmv(device!, small, [1, NaN, 3])).rejects.toThrow('spmv x: NaN at element 1');
      await expect(spmv(device!, small, [1, 2, 3], { accumulate: true, y: [0, 0, NaN] })).rejects.toThrow('spmv y: NaN at element 2');
      for (const format of ['csr-scalar', 'ell'] as const) {
        await expect(spmv(device!, csrFromRows([[], [[0, 1], [1, NaN]]]), [1, 2], { format })).rejects.toThrow('spmv: the matrix entry at row 1, column 1 is NaN');
      }
    });
    it('a mask of the wrong length', async () => {
      await expect(spmv(device!, small, [1, 2, 3], { mask: new Uint32Array(2) })).rejects.toThrow('spmv: mask has 2 elements but the matrix is 3 × 3; mask needs 3');
    });
    it('an ELL layout beyond one storage binding names both sizes, before building it', async () => {
      const allowed = device!.limits.maxStorageBufferBindingSize;
      const n = 1024;
      const width = Math.floor(allowed / 4 / n) + 1;
      const long = csrFromRows(Array.from({ length: n }, (_, i) => (i === 0 ? Array.from({ length: width }, (_, j) => [j % n, 1] as [number, number]) : [])));
      const run = spmv(device!, long, new Float32Array(n), { format: 'ell' });
      await expect(run).rejects.toThrow(LimitError);
      await expect(spmv(device!, long, new Float32Array(n), { format: 'ell' })).rejects.toThrow(
        `spmv: the ELL slots (${n} rows × ${width} slots) as 4-byte elements needs ${n * width * 4} for maxStorageBufferBindingSize, but this device allows ${allowed}`,
      );
    });
  });
});
