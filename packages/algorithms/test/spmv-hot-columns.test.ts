import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, generateRmat } from '@semiforge/graph-io';
import {
  CUDA_SPMV_TARGET,
  hotColumnsFirst,
  planSpmv,
  planSpmvLaunches,
  spmv,
  spmvReference,
  SPMV_DEFAULTS,
  verifySpmv,
  type SpmvKernelOptions,
  type SpmvTarget,
} from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, PORTABLE_FORMATS, SEMIRING_CASES } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const WGSL_TARGET: SpmvTarget = {
  target: 'wgsl',
  subgroups: { available: true, minSize: 8 },
  limits: { maxStorageBufferBindingSize: 2 ** 27 },
};
const RMAT = csrFromEdges(generateRmat({ scale: 8, averageDegree: 12, seed: 11, weights: 'f32-unit' }), { duplicates: 'sum', sortRows: true });
/** Empty rows 0, 2, 4 and empty columns 4, 5; column 0 the busiest. */
const EMPTY = csrFromRows([
  [],
  [
    [0, 2],
    [3, 1],
  ],
  [],
  [
    [1, 0.5],
    [0, 4],
  ],
  [],
  [
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 1],
  ],
]);

describe('hotColumnsFirst', () => {
  it('puts the k busiest columns first (ties by column), every column c at k + c, rows sorted by their new columns', () => {
    const csr = csrFromRows([
      [
        [2, 1],
        [1, 1],
      ],
      [[2, 1]],
      [
        [0, 1],
        [2, 1],
        [1, 1],
      ],
      [],
    ]);
    const { order, matrix } = hotColumnsFirst(csr, 2)!;
    // Column 2 has three entries, column 1 two: x in the product's order is x[2], x[1], then x as it is.
    expect(Array.from(order)).toEqual([2, 1, 0, 1, 2, 3]);
    expect(Array.from(matrix.indptr)).toEqual(Array.from(csr.indptr));
    // Row 2 was (0, 2, 1) → (2, 0, 1) renumbered, sorted: hot entries first.
    expect(Array.from(matrix.indices)).toEqual([0, 1, 0, 0, 1, 2]);
    expect(matrix.sorted).toBe(true);
    expect(Array.from(hotColumnsFirst(csr, 10)!.order)).toEqual([2, 1, 0, 3, 0, 1, 2, 3]);
    expect(hotColumnsFirst(csr, 0)).toBeUndefined();
    // Already first: column 0 busiest, then 1.
    expect(
      hotColumnsFirst(
        csrFromRows([
          [
            [0, 1],
            [1, 1],
          ],
          [[0, 1]],
          [[2, 1]],
        ]),
        2,
      ),
    ).toBeUndefined();
    expect(() => hotColumnsFirst(csr, 1.5)).toThrow(/hotColumns = 1.5 is not a count/);
  });

  it.each(SEMIRING_CASES)('the renumbered matrix times x in its order is the product ($semiring, on the CPU)', (sc) => {
    const matrix = sc.pattern ? asPattern(RMAT) : RMAT;
    const x = sc.x(matrix.n, 3);
    for (const k of [17, matrix.n]) {
      const { order, matrix: renumbered } = hotColumnsFirst(matrix, k)!;
      const gathered = Array.from(order, (c) => x[c]);
      // Square for the reference: k empty rows more, so that it takes x of n + k entries.
      const indptr = Uint32Array.from({ length: order.length + 1 }, (_, r) => renumbered.indptr[Math.min(r, matrix.n)]);
      const y = spmvReference({ ...renumbered, n: order.length, indptr }, gathered, { semiring: sc.semiring }).subarray(0, matrix.n);
      expect(verifySpmv(matrix, x, y, { semiring: sc.semiring })).toEqual({
        ok: true,
      });
    }
  });
});

describe("reorder 'hot' in the plan", () => {
  const stats = {
    n: 1000,
    arcs: 32000,
    mean: 32,
    max: 3200,
    paddingRatio: 100,
  };
  const sub = { available: false, minSize: 8 };

  it('renumbers with the default or the given count, and refuses hotColumns elsewhere or not a positive integer', () => {
    expect(planSpmv({ reorder: 'hot' }, stats, sub)).toMatchObject({
      reorder: true,
      hotColumns: SPMV_DEFAULTS.hotColumns,
    });
    expect(planSpmv({ format: 'fold', reorder: 'hot', hotColumns: 64 }, stats, sub)).toMatchObject({ reorder: true, hotColumns: 64 });
    expect(planSpmv({ reorder: 'degree' }, stats, sub).hotColumns).toBeUndefined();
    expect(() => planSpmv({ hotColumns: 64 }, stats, sub)).toThrow(/hotColumns = 64 is for reorder 'hot', not 'none'/);
    expect(() => planSpmv({ reorder: 'hot', hotColumns: 0 }, stats, sub)).toThrow(/hotColumns = 0 is not a positive integer/);
  });

  it('gathers n + k entries of x first, the same on CUDA as on WebGPU, and refuses an x over the binding limit', () => {
    const options: SpmvKernelOptions = {
      format: 'fold',
      foldWidth: 4,
      reorder: 'hot',
      hotColumns: 16,
    };
    const wgsl = planSpmvLaunches(RMAT, options, WGSL_TARGET);
    const cuda = planSpmvLaunches(RMAT, options, CUDA_SPMV_TARGET);
    for (const planned of [wgsl, cuda]) {
      expect(planned.launches[0].kernel.spec.op).toBe('vec_gather');
      expect(Array.from(planned.launches[0].params.subarray(0, 1))).toEqual([RMAT.n + 16]);
      expect(planned.layout.scratch.xOrdered).toBe(4 * (RMAT.n + 16));
    }
    expect(cuda.launches.map((l) => l.sources)).toEqual(wgsl.launches.map((l) => l.sources));
    // EMPTY's arrays fit 44 bytes (10 nonzeros), its x of 6 + 6 entries does not.
    const tight = {
      ...WGSL_TARGET,
      limits: { maxStorageBufferBindingSize: 44 },
    };
    expect(() => planSpmvLaunches(EMPTY, { format: 'csr-scalar', reorder: 'hot', hotColumns: 6 }, tight)).toThrow(
      /x with its 6 hot columns first takes 48 bytes, over the device's binding limit of 44; use fewer hotColumns or reorder 'degree'/,
    );
    expect(planSpmvLaunches(EMPTY, { format: 'csr-scalar', reorder: 'hot', hotColumns: 5 }, tight).plan.reorder).toBe(true);
  });
});

describe.skipIf(!device)("products with reorder 'hot' on the GPU against the CPU reference", () => {
  it.each(PORTABLE_FORMATS.map((options) => ({ name: options.format, options })))(
    '$name: every semiring, accumulated and masked, a few or all columns hot',
    async ({ options }) => {
      const mask = Uint32Array.from({ length: RMAT.n }, (_, i) => (i % 3 === 0 ? 0 : 1 + i));
      for (const [csr, hotColumns] of [
        [RMAT, 17],
        [RMAT, 10_000],
        [EMPTY, 3],
      ] as const) {
        for (const sc of SEMIRING_CASES) {
          const matrix = sc.pattern ? asPattern(csr) : csr;
          const x = sc.x(matrix.n, 5);
          for (const extra of [
            {},
            {
              accumulate: true,
              y: sc.x(matrix.n, 9),
              mask: mask.subarray(0, matrix.n),
              masked: true,
            },
          ]) {
            const all = {
              ...options,
              ...extra,
              semiring: sc.semiring,
              reorder: 'hot' as const,
              hotColumns,
            };
            const { y, plan } = await spmv(device!, matrix, x, all);
            expect(plan.reorder).toBe(true);
            expect(verifySpmv(matrix, x, y, all)).toEqual({ ok: true });
          }
        }
      }
    },
    60_000,
  );
});
