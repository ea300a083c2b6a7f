import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { getSemiring, type ElementType } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { planSpmv, spmv, spmvReference, subgroupSupport, verifySpmv, type SpmvOptions } from '../src/index.js';
import { mergePathRows } from '../src/spmv/layouts/merge-path.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, row, SEMIRING_CASES, skewed, SKEWED_EDGE_CASES, integerCase, type SemiringCase } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());
const subgroups = device !== undefined && subgroupSupport(device).available;
if (device && !subgroups) console.warn('csr-merge subgroup-scan tests skipped: the device lacks the subgroups feature');

type Options = SpmvOptions & { y?: number[] };

/**
 * Small tiles of the merge path, so that tiny matrices cross many workgroups and invocations: 8 items in 4
 * invocations, 3 in one, 32 in 32 of one item, scanned through workgroup memory; and by subgroup shuffles
 * where the device has them (lavapipe's subgroups hold 8: 32 invocations make 4 subgroups, 4 fill half of
 * one). spmv.test.ts runs the default tile over its matrices.
 */
const SMALL: Options = { threadsPerWorkgroup: 4, itemsPerThread: 2, reduction: 'workgroup' };
const SUBGROUP: readonly Options[] = subgroups
  ? [
      { threadsPerWorkgroup: 32, itemsPerThread: 2, reduction: 'subgroup' },
      { threadsPerWorkgroup: 4, itemsPerThread: 3, reduction: 'subgroup' },
    ]
  : [];
const SHAPES: readonly Options[] = [
  SMALL,
  { threadsPerWorkgroup: 1, itemsPerThread: 3, reduction: 'workgroup' },
  { threadsPerWorkgroup: 32, itemsPerThread: 1, reduction: 'workgroup' },
  ...SUBGROUP,
];
/**
 * A shape of each scan, for the tests that multiply modes. Each distinct kernel costs lavapipe seconds to
 * compile, so the tests below reuse a few: every semiring on SMALL, the other shapes on plus-times.
 */
const EACH_SCAN: readonly Options[] = [SMALL, ...SUBGROUP.slice(0, 1)];

/** One merge-path product on the GPU against the CPU reference: exact where ⊕ is idempotent or integer. */
async function expectMerge(csr: Csr, semiring: string, x: number[], options: Options = {}) {
  const all: Options = { ...options, semiring, format: 'csr-merge' };
  const { y, plan } = await spmv(device!, csr, x, all);
  expect(plan.spec.op).toBe('spmv_csr_merge');
  expect(verifySpmv(csr, x, y, all)).toEqual({ ok: true });
  const type = plan.type;
  if (type !== 'f32' || getSemiring(semiring).idempotent) expect(Array.from(y)).toEqual(Array.from(spmvReference(csr, x, all)));
}

/** Runs a semiring case (pattern matrix for or-and) on the given tile shapes. */
async function expectCase(csr: Csr, sc: SemiringCase, extra: Options = {}, shapes: readonly Options[] = SHAPES, seed = 1) {
  const matrix = sc.pattern ? asPattern(csr) : csr;
  for (const shape of shapes) await expectMerge(matrix, sc.semiring, sc.x(matrix.n, seed), { ...shape, ...extra });
}


describe('mergePathRows (no GPU)', () => {
  /** Rows passed at each diagonal, by walking the path item by item. */
  function walk(indptr: Uint32Array): number[] {
    const n = indptr.length - 1;
    const passed = [0];
    for (let row = 0, nz = 0; row < n || nz < indptr[n]; ) {
      if (row < n && indptr[row + 1] <= nz) row++;
      else nz++;
      passed.push(row);
    }
    return passed;
  }

  it('matches a walk of the path at every tile start, for random row lengths and tiles', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 40 }), fc.integer({ min: 1, max: 9 }), (lengths, tile) => {
        const indptr = Uint32Array.from([0, ...lengths.map((_, i) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0))]);
        const passed = walk(indptr);
        const total = passed.length - 1;
        const want = Array.from({ length: Math.ceil(total / tile) + 1 }, (_, t) => passed[Math.min(t * tile, total)]);
        expect(Array.from(mergePathRows(indptr, tile))).toEqual(want);
      }),
      { seed: 7 },
    );
  });
});

describe('planSpmv for csr-merge (no GPU)', () => {
  const stats = { n: 1000, arcs: 32000, mean: 32, max: 5000, paddingRatio: 156 };
  it('plans the product over 256 invocations × 7 items and the fixup with the same mode and mask', () => {
    const plan = planSpmv({ format: 'csr-merge', masked: true }, stats, { available: false, minSize: 4 });
    expect(plan.spec).toEqual({
      op: 'spmv_csr_merge',
      semiring: 'plus-times',
      type: 'f32',
      target: 'wgsl',
      rowsPerWorkgroup: 256,
      lanesPerRow: 1,
      reduction: 'workgroup',
      itemsPerThread: 7,
      accumulate: false,
      masked: true,
    });
    expect(plan.combine).toMatchObject({ op: 'spmv_merge_fixup', rowsPerWorkgroup: 256, accumulate: true, masked: true });
  });
  it('refuses the subgroup scan on a device without subgroups, saying what to use', () => {
    expect(() => planSpmv({ format: 'csr-merge', reduction: 'subgroup' }, stats, { available: false, minSize: 4 })).toThrow(
      "spmv: reduction 'subgroup' needs the device feature 'subgroups', which this device lacks; use reduction 'workgroup'",
    );
  });
  it('takes the tile from threadsPerWorkgroup and itemsPerThread, and the subgroup scan where the device has it', () => {
    const plan = planSpmv({ format: 'csr-merge', semiring: 'min-plus', type: 'u32', threadsPerWorkgroup: 128, itemsPerThread: 11 }, stats, { available: true, minSize: 32 });
    expect(plan.spec).toMatchObject({ type: 'u32', rowsPerWorkgroup: 128, itemsPerThread: 11, reduction: 'subgroup' });
    expect(plan.combine).toMatchObject({ type: 'u32', rowsPerWorkgroup: 128 });
  });
});

describe.skipIf(!device)('csr-merge on the GPU against the CPU reference', () => {
  it.each(SKEWED_EDGE_CASES)('%s: every semiring, and every tile shape on plus-times', async (_name, csr) => {
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc, {}, [SMALL]);
    await expectCase(csr, SEMIRING_CASES[0], {}, SHAPES.slice(1));
  });

  it('rows ending exactly at tile and invocation boundaries', async () => {
    // Tiles of 4 × 2 = 8 items: a row of 7 nonzeros is 8 items, so every tile ends on a row end; rows of
    // 3 end on every other invocation, a row of 8 puts its end first in the next tile.
    for (const lengths of [
      [7, 7, 7, 7],
      [3, 3, 3, 3, 3, 3],
      [8, 0, 7, 8, 15, 1],
    ]) {
      const csr = csrFromRows(lengths.map((l, i) => row(l, i, lengths.length)));
      for (const sc of SEMIRING_CASES.slice(0, 2)) {
        await expectMerge(csr, sc.semiring, sc.x(csr.n, 3), SMALL);
      }
    }
  });

  it('y = A ⊗ x ⊕ y, and masked rows keep their y, with a long row spanning tiles', async () => {
    const csr = skewed(60, 31, 500);
    const mask = Uint32Array.from({ length: csr.n }, (_, i) => (i % 4 === 1 ? 0 : i + 1));
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc, { accumulate: true, y: sc.x(csr.n, 9), mask }, [SMALL]);
    const [plusTimes, minPlus, , orAnd] = SEMIRING_CASES;
    await expectCase(csr, plusTimes, { accumulate: true, y: plusTimes.x(csr.n, 9) }, [SMALL]);
    await expectCase(csr, orAnd, { y: orAnd.x(csr.n, 9), mask }, [SMALL]);
    await expectCase(csr, minPlus, { accumulate: true, y: minPlus.x(csr.n, 9), mask }, EACH_SCAN.slice(1));
    // The long row itself masked out: its carries must not reach y.
    const keep = Uint32Array.from({ length: csr.n }, (_, i) => (i === 31 ? 0 : 1));
    const y = SEMIRING_CASES[0].x(csr.n, 4);
    const { y: got } = await spmv(device!, csr, SEMIRING_CASES[0].x(csr.n, 2), { ...SMALL, format: 'csr-merge', y, mask: keep });
    expect(got[31]).toBe(Math.fround(y[31]));
  });

  it('more tiles than one grid dimension holds: the grid spills into y, and the extra workgroups leave', async () => {
    // Tiles of one item: 40 000 rows of one nonzero and 30 000 empty ones make 110 000 workgroups.
    const csr = csrFromRows(Array.from({ length: 70_000 }, (_, i) => (i % 7 < 4 ? row(1, i * 3, 70_000) : [])));
    await expectMerge(csr, 'min-plus', SEMIRING_CASES[1].x(csr.n, 5), { threadsPerWorkgroup: 1, itemsPerThread: 1, reduction: 'workgroup' });
  });

  it('min-plus with unreachable entries: ∞ in x stays ∞ unless another path is finite', async () => {
    const csr = skewed(30, 5, 200);
    const x = Array.from({ length: csr.n }, (_, i) => (i % 2 === 0 ? Infinity : i));
    for (const shape of EACH_SCAN) await expectMerge(csr, 'min-plus', x, shape);
    const { y } = await spmv(device!, csr, new Array(csr.n).fill(Infinity), { ...SMALL, semiring: 'min-plus', format: 'csr-merge' });
    expect(Array.from(y).every((v) => v === Infinity)).toBe(true);
  });

  it.each([
    ['plus-times', 'i32'],
    ['min-plus', 'u32'],
    ['max-min', 'i32'],
  ] as const)('%s on %s', async (semiring, type: ElementType) => {
    const { csr, x } = integerCase(semiring, type);
    await expectMerge(csr, semiring, x, { ...SMALL, type, accumulate: true, y: x });
  });

  it('random skewed CSR shapes agree with the reference (fast-check)', async () => {
    const matrices = fc.record({
      lengths: fc.array(fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3 }), weight: 8 }, { arbitrary: fc.integer({ min: 0, max: 400 }), weight: 1 }), {
        minLength: 1,
        maxLength: 120,
      }),
      shape: fc.constantFrom(...EACH_SCAN),
      semiring: fc.constantFrom(...SEMIRING_CASES.slice(0, 2)),
      // Accumulate and mask together or neither: kernels the tests above have built.
      modes: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(matrices, async ({ lengths, shape, semiring: sc, modes: accumulate, seed }) => {
        const masked = accumulate;
        const n = lengths.length;
        const base = csrFromRows(lengths.map((l, i) => row(l, i * 13 + seed, n)));
        const csr = sc.pattern ? asPattern(base) : base;
        const mask = masked ? Uint32Array.from({ length: n }, (_, i) => (i + seed) % 3) : undefined;
        const y = sc.x(n, seed + 1);
        await expectMerge(csr, sc.semiring, sc.x(n, seed), { ...shape, accumulate, y, mask });
      }),
      { numRuns: 30, seed: 20261122 },
    );
  });
});
