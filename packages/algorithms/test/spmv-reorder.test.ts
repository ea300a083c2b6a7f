import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, generateRmat, relabelByDegree, type Csr } from '@semiforge/graph-io';
import { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS, kernelArgs } from '@semiforge/runtime-cuda';
import {
  chooseReorder,
  CUDA_SPMV_TARGET,
  orderColumnsByDegree,
  pagerank,
  planSpmv,
  planSpmvLaunches,
  spmv,
  spmvReference,
  SpmvRunner,
  SPMV_DEFAULTS,
  verifyPagerank,
  verifySpmv,
  type RowStats,
  type SpmvKernelOptions,
  type SpmvTarget,
} from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, PORTABLE_FORMATS, SEMIRING_CASES, type SemiringCase } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const WGSL_TARGET: SpmvTarget = { target: 'wgsl', subgroups: { available: true, minSize: 8 }, limits: { maxStorageBufferBindingSize: 2 ** 27 } };

/** Power law without duplicate arcs: R-MAT scale 8, parallel arcs merged. */
const RMAT = csrFromEdges(generateRmat({ scale: 8, averageDegree: 12, seed: 11, weights: 'f32-unit' }), { duplicates: 'sum', sortRows: true });
/** The same graph undirected and relabelled by degree, as `rmat-s22-by-degree`: rows and columns already in degree order. */
const BY_DEGREE = relabelByDegree(csrFromEdges(generateRmat({ scale: 8, averageDegree: 12, seed: 11, weights: 'f32-unit' }), { symmetrize: true, duplicates: 'sum', sortRows: true }));
/** Empty rows 0, 2, 4 and empty columns 4, 5; column 0 the busiest. */
const EMPTY = csrFromRows([[], [[0, 2], [3, 1]], [], [[1, 0.5], [0, 4]], [], [[0, 1], [1, 1], [2, 1], [3, 1]]]);
const MATRICES = [
  { name: 'r-mat scale 8 without duplicates', csr: RMAT },
  { name: 'empty rows and empty columns', csr: EMPTY },
];

const FORMATS = PORTABLE_FORMATS;

// Power-law rows of mean 512: at reorderMinRows rows, beyond streamMaxArcs nonzeros (fold's side of the choice).
const uneven = (n: number): RowStats => ({ n, arcs: 512 * n, mean: 512, max: 512 * 100, paddingRatio: 100 });

describe('orderColumnsByDegree', () => {
  it('orders columns by count, ties by column, and renumbers the entries in place', () => {
    const csr = csrFromRows([[[2, 1], [1, 1]], [[2, 1]], [[0, 1], [2, 1], [1, 1]], []]);
    const { order, matrix } = orderColumnsByDegree(csr)!;
    expect(Array.from(order)).toEqual([2, 1, 0, 3]);
    expect(Array.from(matrix.indptr)).toEqual(Array.from(csr.indptr));
    // Rows sorted by their new columns, weights following: row 2 was (0, 2, 1) → (2, 0, 1) renumbered.
    expect(Array.from(matrix.indices)).toEqual([0, 1, 0, 0, 1, 2]);
    expect(matrix.sorted).toBe(true);
    expect(matrix.weight).not.toBe(csr.weight);
  });

  it('leaves a matrix already in degree order alone', () => {
    expect(orderColumnsByDegree(BY_DEGREE)).toBeUndefined();
    expect(orderColumnsByDegree(csrFromRows([]))).toBeUndefined();
  });

  it.each(SEMIRING_CASES)('the renumbered matrix times x in its order is the product ($semiring, on the CPU)', (sc) => {
    const matrix = sc.pattern ? asPattern(RMAT) : RMAT;
    const x = sc.x(matrix.n, 3);
    const { order, matrix: renumbered } = orderColumnsByDegree(matrix)!;
    const gathered = Array.from(order, (c) => x[c]);
    expect(verifySpmv(matrix, x, spmvReference(renumbered, gathered, { semiring: sc.semiring }), { semiring: sc.semiring })).toEqual({ ok: true });
  });
});

describe('when columns are renumbered', () => {
  it('the automatic choice does on power-law rows from reorderMinRows rows on, and nowhere else', () => {
    const big = SPMV_DEFAULTS.reorderMinRows;
    expect(chooseReorder(uneven(big))).toBe(true);
    expect(chooseReorder(uneven(big - 1))).toBe(false);
    // Uneven but not skewed (longest ≤ 16 × the mean), short rows (csr-scalar), even rows (ELL), no rows.
    expect(chooseReorder({ ...uneven(big), max: 16 * 512 })).toBe(false);
    // Up to streamMaxArcs nonzeros the choice is csr-stream, which reads x in its own order.
    expect(chooseReorder({ n: big, arcs: 32 * big, mean: 32, max: 3200, paddingRatio: 100 })).toBe(false);
    expect(chooseReorder({ n: big, arcs: 4 * big, mean: 4, max: 4000, paddingRatio: 1000 })).toBe(false);
    expect(chooseReorder({ n: big, arcs: 32 * big, mean: 32, max: 40, paddingRatio: 1.25 })).toBe(false);
    expect(chooseReorder({ n: 0, arcs: 0, mean: 0, max: 0, paddingRatio: 1 })).toBe(false);
  });

  it("never by default; 'auto' follows the rule only when the format is chosen too; 'degree' and 'none' are obeyed for any format", () => {
    const sub = { available: false, minSize: 8 };
    const stats = uneven(SPMV_DEFAULTS.reorderMinRows);
    expect(planSpmv({}, stats, sub)).toMatchObject({ format: 'fold', reorder: false });
    expect(planSpmv({ reorder: 'auto' }, stats, sub)).toMatchObject({ format: 'fold', reorder: true });
    expect(planSpmv({ format: 'auto', reorder: 'none' }, stats, sub).reorder).toBe(false);
    expect(planSpmv({ format: 'fold', reorder: 'auto' }, stats, sub).reorder).toBe(false);
    expect(planSpmv({ format: 'csr-scalar', reorder: 'degree' }, uneven(10), sub).reorder).toBe(true);
    expect(() => planSpmv({ reorder: 'rows' as never }, stats, sub)).toThrow(/reorder = rows \(expected 'auto', 'degree', 'hot' or 'none'\)/);
  });

  it('the launches gather x first and the products read it; the same on CUDA as on WebGPU', () => {
    for (const options of FORMATS) {
      const wgsl = planSpmvLaunches(RMAT, { ...options, reorder: 'degree', masked: true }, WGSL_TARGET);
      const cuda = planSpmvLaunches(RMAT, { ...options, reorder: 'degree', masked: true }, CUDA_SPMV_TARGET);
      for (const planned of [wgsl, cuda]) {
        expect(planned.plan.reorder).toBe(true);
        expect(planned.reorderMs).toBeGreaterThanOrEqual(0);
        const [gather, ...products] = planned.launches;
        expect(gather.kernel.spec.op).toBe('vec_gather');
        expect(gather.sources).toEqual([['index', 'columnOrder'], ['src', 'x'], ['dst', 'xOrdered']]);
        for (const launch of products) {
          const bound = new Map(launch.sources);
          expect(bound.get('x') ?? 'xOrdered').toBe('xOrdered');
          // y and the mask stay the caller's, in the user's order.
          if (bound.has('mask')) expect(bound.get('mask')).toBe('mask');
        }
      }
      expect(cuda.launches.map((l) => l.sources)).toEqual(wgsl.launches.map((l) => l.sources));
      // On CUDA every parameter of the gather gets its buffer, and its grid fits the device.
      const [gather] = cuda.launches;
      const addresses = Object.fromEntries(gather.sources.map(([binding], k) => [binding, 0x7f00_0000_0000n + BigInt(k) * 256n]));
      expect(kernelArgs(gather.kernel.name, gather.kernel.bindings, addresses, gather.params).map((a) => a.kind)).toEqual(['bytes', 'ptr', 'ptr', 'ptr']);
      checkLaunchConfig(gather.kernel.name, { grid: gather.grid, block: gather.kernel.workgroupSize, staticSharedBytes: 0 }, DEFAULT_LAUNCH_LIMITS);
      expect(gather.grid[0] * gather.kernel.workgroupSize[0]).toBeGreaterThanOrEqual(RMAT.n);
      expect(cuda.layout.scratch).toEqual(wgsl.layout.scratch);
    }
  });

  it('a matrix already in degree order is not renumbered, and says so', () => {
    const planned = planSpmvLaunches(BY_DEGREE, { format: 'fold', reorder: 'degree' }, WGSL_TARGET);
    expect(planned.plan.reorder).toBe(false);
    expect(planned.launches.map((l) => l.kernel.spec.op)).not.toContain('vec_gather');
  });
});

/** One reordered product on the GPU against the CPU reference of the matrix as given. */
async function expectReordered(csr: Csr, sc: SemiringCase, options: SpmvKernelOptions & { y?: number[]; mask?: Uint32Array }) {
  const matrix = sc.pattern ? asPattern(csr) : csr;
  const x = sc.x(matrix.n, 5);
  const all = { ...options, semiring: sc.semiring, reorder: 'degree' as const };
  const { y, plan } = await spmv(device!, matrix, x, all);
  expect(plan.reorder).toBe(true);
  expect(verifySpmv(matrix, x, y, all)).toEqual({ ok: true });
  if (sc.semiring !== 'plus-times') expect(Array.from(y)).toEqual(Array.from(spmvReference(matrix, x, all)));
}

describe.skipIf(!device)('reordered products on the GPU against the CPU reference', () => {
  describe.each(FORMATS.map((options) => ({ name: options.format, options })))('$name', ({ options }) => {
    it.each(MATRICES)('$name, every semiring', async ({ csr }) => {
      for (const sc of SEMIRING_CASES) await expectReordered(csr, sc, options);
    });

    it('y = A ⊗ x ⊕ y and masked rows, in the user order', async () => {
      const mask = Uint32Array.from({ length: RMAT.n }, (_, i) => (i % 3 === 0 ? 0 : 1 + i));
      for (const sc of SEMIRING_CASES) await expectReordered(RMAT, sc, { ...options, accumulate: true, y: sc.x(RMAT.n, 9) });
      await expectReordered(RMAT, SEMIRING_CASES[1], { ...options, accumulate: true, y: SEMIRING_CASES[1].x(RMAT.n, 7), mask });
      await expectReordered(RMAT, SEMIRING_CASES[3], { ...options, y: SEMIRING_CASES[3].x(RMAT.n, 8), mask });
    });
  });

  it('a runner reorders once and gathers again for every x', async () => {
    const runner = await SpmvRunner.create(device!, RMAT, { format: 'fold', foldWidth: 4, reduction: 'workgroup', reorder: 'degree' });
    try {
      expect(runner.reorderMs).toBeGreaterThanOrEqual(0);
      for (const seed of [1, 2]) {
        const x = SEMIRING_CASES[0].x(RMAT.n, seed);
        expect(verifySpmv(RMAT, x, (await runner.run(x)).y)).toEqual({ ok: true });
      }
    } finally {
      runner.destroy();
    }
  });

  it('pagerank with Pᵀ renumbered gives the ranks in the graph order', async () => {
    const r = await pagerank(device!, RMAT, { reorder: 'degree', format: 'sell', tolerance: 1e-6 });
    expect(r).toMatchObject({ converged: true, reordered: true });
    expect(verifyPagerank(RMAT, r.ranks, r.residual, {})).toMatchObject({ ok: true });
    expect((await pagerank(device!, RMAT, { format: 'sell' })).reordered).toBe(false);
  });
});
