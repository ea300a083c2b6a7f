import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { getSemiring, type ElementType } from '@semiforge/codegen';
import { csrFromEdges, generateRmat, type Csr } from '@semiforge/graph-io';
import { planSpmv, planSpmvLaunches, SPMV_DEFAULTS, spmv, spmvReference, verifySpmv, type SpmvOptions } from '../src/index.js';
import { ROW_BLOCK_CARRY, ROW_BLOCK_LONG, ROW_BLOCK_ROW, streamRowBlocks } from '../src/spmv/layouts/row-blocks.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, row, SEMIRING_CASES, skewed, SKEWED_EDGE_CASES, integerCase, type SemiringCase } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

type Options = SpmvOptions & { y?: number[] };

/**
 * Small row blocks, so that tiny matrices cross many workgroups: 8 invocations × 2 nonzeros (blocks of at most
 * 16 nonzeros and 8 rows), 4 × 3 (12), and one invocation of one nonzero (every nonzero a block of its own).
 * Each distinct kernel costs lavapipe seconds to compile: every semiring runs on SMALL, the others on plus-times.
 */
const SMALL: Options = { threadsPerWorkgroup: 8, itemsPerThread: 2 };
const SHAPES: readonly Options[] = [SMALL, { threadsPerWorkgroup: 4, itemsPerThread: 3 }, { threadsPerWorkgroup: 1, itemsPerThread: 1 }];

/** One csr-stream product on the GPU against the CPU reference: exact where ⊕ is idempotent or integer. */
async function expectStream(csr: Csr, semiring: string, x: number[], options: Options = {}) {
  const all: Options = { ...options, semiring, format: 'csr-stream' };
  const { y, plan } = await spmv(device!, csr, x, all);
  expect(plan.spec.op).toBe('spmv_csr_stream');
  expect(verifySpmv(csr, x, y, all)).toEqual({ ok: true });
  if (plan.type !== 'f32' || getSemiring(semiring).idempotent) expect(Array.from(y)).toEqual(Array.from(spmvReference(csr, x, all)));
}

/** Runs a semiring case (a pattern matrix for or-and) on the given block shapes. */
async function expectCase(csr: Csr, sc: SemiringCase, extra: Options = {}, shapes: readonly Options[] = SHAPES, seed = 1) {
  const matrix = sc.pattern ? asPattern(csr) : csr;
  for (const shape of shapes) await expectStream(matrix, sc.semiring, sc.x(matrix.n, seed), { ...shape, ...extra });
}


/** Row offsets of these row lengths. */
const offsets = (lengths: readonly number[]) => Uint32Array.from([0, ...lengths.map((_, i) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0))]);

describe('streamRowBlocks (no GPU)', () => {
  it('keeps short rows together and cuts a long row into pieces, flagged, as documented', () => {
    const L = ROW_BLOCK_LONG;
    const C = ROW_BLOCK_CARRY;
    expect(Array.from(streamRowBlocks(Uint32Array.of(0, 3, 4, 13), 4, 256))).toEqual([0, 0, (L | 2) >>> 0, 4, (L | C | 2) >>> 0, 8, (L | C | 2) >>> 0, 12, 3, 13]);
    // A row of exactly the budget is no piece; empty rows ride along with it, up to maxRows a block.
    expect(Array.from(streamRowBlocks(offsets([4, 0, 0, 0, 0, 1]), 4, 3))).toEqual([0, 0, 3, 4, 6, 5]);
    expect(Array.from(streamRowBlocks(offsets([2, 3, 0, 1]), 4, 8))).toEqual([0, 0, 1, 2, 4, 6]);
    expect(Array.from(streamRowBlocks(offsets([]), 4, 3))).toEqual([0, 0]);
  });

  it('covers every row and nonzero once, in order, within the budget and the rows a block may hold (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 60 })), { maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (lengths, budget, maxRows) => {
          const indptr = offsets(lengths);
          const words = streamRowBlocks(indptr, budget, maxRows);
          const blocks = words.length / 2 - 1;
          expect([words[2 * blocks], words[2 * blocks + 1]]).toEqual([lengths.length, indptr[lengths.length]]);
          let nextRow = 0;
          for (let b = 0; b < blocks; b++) {
            const head = words[2 * b];
            const first = head & ROW_BLOCK_ROW;
            const start = words[2 * b + 1];
            const end = words[2 * b + 3];
            expect(end - start).toBeLessThanOrEqual(budget);
            if (head & ROW_BLOCK_LONG) {
              // A piece of the row after the blocks before: budget-sized, the first one without CARRY.
              expect(first).toBe(nextRow);
              expect(lengths[first]).toBeGreaterThan(budget);
              expect((start - indptr[first]) % budget).toBe(0);
              expect((head & ROW_BLOCK_CARRY) !== 0).toBe(start > indptr[first]);
              expect(end).toBe(Math.min(start + budget, indptr[first + 1]));
              if (end === indptr[first + 1]) nextRow = first + 1;
            } else {
              expect(first).toBe(nextRow);
              const last = words[2 * b + 2] & ROW_BLOCK_ROW;
              expect(last - first).toBeGreaterThanOrEqual(1);
              expect(last - first).toBeLessThanOrEqual(maxRows);
              expect([start, end]).toEqual([indptr[first], indptr[last]]);
              nextRow = last;
            }
          }
          expect(nextRow).toBe(lengths.length);
        },
      ),
      { seed: 11 },
    );
  });
});

describe('planSpmv for csr-stream (no GPU)', () => {
  const stats = { n: 1000, arcs: 32000, mean: 32, max: 5000, paddingRatio: 156 };
  it('plans blocks of 256 invocations × 8 nonzeros and merge’s fixup with the same mode and mask; auto picks it for long rows up to streamMaxArcs nonzeros', () => {
    const plan = planSpmv({ format: 'csr-stream', masked: true }, stats, { available: false, minSize: 4 });
    expect(plan.spec).toEqual({
      op: 'spmv_csr_stream',
      semiring: 'plus-times',
      type: 'f32',
      target: 'wgsl',
      rowsPerWorkgroup: 256,
      lanesPerRow: 1,
      itemsPerThread: 8,
      accumulate: false,
      masked: true,
    });
    expect(plan.combine).toMatchObject({ op: 'spmv_merge_fixup', rowsPerWorkgroup: 256, accumulate: true, masked: true });
    expect(planSpmv({}, { ...stats, mean: 8 }, { available: true, minSize: 32 }).format).toBe('csr-stream');
    expect(planSpmv({}, { ...stats, mean: 8, arcs: SPMV_DEFAULTS.streamMaxArcs + 1 }, { available: true, minSize: 32 }).format).not.toBe('csr-stream');
  });
  it('takes the block from threadsPerWorkgroup and itemsPerThread, and refuses what codegen refuses, naming the field', () => {
    expect(planSpmv({ format: 'csr-stream', threadsPerWorkgroup: 128, itemsPerThread: 16 }, stats, { available: true, minSize: 32 }).spec).toMatchObject({ rowsPerWorkgroup: 128, itemsPerThread: 16 });
    const csr = skewed(20, 3, 50);
    expect(() => planSpmvLaunches(csr, { format: 'csr-stream', threadsPerWorkgroup: 96 }, { target: 'wgsl', subgroups: { available: false, minSize: 4 }, limits: { maxStorageBufferBindingSize: 2 ** 27 } })).toThrow(
      /rowsPerWorkgroup.*power of two, got 96/,
    );
  });
  it('runs the fixup only when some row is longer than a block', () => {
    const target = { target: 'wgsl' as const, subgroups: { available: false, minSize: 4 }, limits: { maxStorageBufferBindingSize: 2 ** 27 } };
    const short = planSpmvLaunches(skewed(20, 3, 16), { format: 'csr-stream', ...SMALL }, target);
    expect(short.launches.map((l) => l.kernel.spec.op)).toEqual(['spmv_csr_stream']);
    const long = planSpmvLaunches(skewed(20, 3, 17), { format: 'csr-stream', ...SMALL }, target);
    expect(long.launches.map((l) => l.kernel.spec.op)).toEqual(['spmv_csr_stream', 'spmv_merge_fixup']);
    expect(long.layout.arrays.rowBlocks).toBeInstanceOf(Uint32Array);
  });
});

describe.skipIf(!device)('csr-stream on the GPU against the CPU reference', () => {
  it.each(SKEWED_EDGE_CASES)('%s: every semiring, and every block shape on plus-times', async (_name, csr) => {
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc, {}, [SMALL]);
    await expectCase(csr, SEMIRING_CASES[0], {}, SHAPES.slice(1));
  });

  it('rows crossing block budgets: rows that fill a block exactly, one over, and runs that just fit', async () => {
    // Blocks of 16 nonzeros: 16 fits one block, 17 is a long row in two pieces, 8 + 8 share a block, 8 + 9 do not.
    for (const lengths of [
      [16, 17, 16, 1],
      [8, 8, 8, 9, 15, 1, 0, 33],
      [5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
    ]) {
      const csr = csrFromRows(lengths.map((l, i) => row(l, i, lengths.length)));
      for (const sc of SEMIRING_CASES) await expectCase(csr, sc, {}, [SMALL], 3);
    }
  });

  it('a power-law matrix (R-MAT), on small blocks and on the default ones, where rows are longer than a default block', async () => {
    const rmat = csrFromEdges(generateRmat({ scale: 8, averageDegree: 16, seed: 5, weights: 'f32-unit' }));
    for (const sc of SEMIRING_CASES) await expectCase(rmat, sc, {}, [SMALL]);
    // A hub of 5000 nonzeros beside the R-MAT rows: three pieces of 2048 at the default 256 × 8.
    const hub = csrFromRows(Array.from({ length: 300 }, (_, i) => (i === 150 ? row(5000, 1, 300) : row(i % 40, i, 300))));
    for (const sc of SEMIRING_CASES.slice(0, 2)) await expectCase(hub, sc, {}, [{}]);
    await expectCase(rmat, SEMIRING_CASES[0], {}, [{}]);
  });

  it('y = A ⊗ x ⊕ y, and masked rows keep their y, with a long row over several blocks', async () => {
    const csr = skewed(60, 31, 500);
    const mask = Uint32Array.from({ length: csr.n }, (_, i) => (i % 4 === 1 ? 0 : i + 1));
    for (const sc of SEMIRING_CASES) await expectCase(csr, sc, { accumulate: true, y: sc.x(csr.n, 9), mask }, [SMALL]);
    const [plusTimes, minPlus, , orAnd] = SEMIRING_CASES;
    await expectCase(csr, plusTimes, { accumulate: true, y: plusTimes.x(csr.n, 9) }, [SMALL]);
    await expectCase(csr, orAnd, { y: orAnd.x(csr.n, 9), mask }, [SMALL]);
    await expectCase(csr, minPlus, { accumulate: true, y: minPlus.x(csr.n, 9), mask }, SHAPES.slice(1, 2));
    // The long row itself masked out: neither its first piece nor its carries may reach y.
    const keep = Uint32Array.from({ length: csr.n }, (_, i) => (i === 31 ? 0 : 1));
    const y = plusTimes.x(csr.n, 4);
    const { y: got } = await spmv(device!, csr, plusTimes.x(csr.n, 2), { ...SMALL, format: 'csr-stream', y, mask: keep });
    expect(got[31]).toBe(Math.fround(y[31]));
  });

  it('a pattern matrix (no values) under plus-times and the user semiring', async () => {
    const csr = asPattern(skewed(50, 20, 120));
    for (const sc of [SEMIRING_CASES[0], SEMIRING_CASES[4]]) await expectStream(csr, sc.semiring, sc.x(csr.n, 6), SMALL);
    const { plan } = await spmv(device!, csr, SEMIRING_CASES[0].x(csr.n, 6), { ...SMALL, format: 'csr-stream' });
    expect(plan.spec.pattern).toBe(true);
  });

  it('more blocks than one grid dimension holds: the grid spills into y, and the extra workgroups leave', async () => {
    // Blocks of one row: 70 000 rows make 70 000 workgroups.
    const csr = csrFromRows(Array.from({ length: 70_000 }, (_, i) => (i % 7 < 4 ? row(1, i * 3, 70_000) : [])));
    await expectStream(csr, 'min-plus', SEMIRING_CASES[1].x(csr.n, 5), { threadsPerWorkgroup: 1, itemsPerThread: 1 });
  });

  it.each([
    ['plus-times', 'i32'],
    ['min-plus', 'u32'],
    ['max-min', 'i32'],
  ] as const)('%s on %s', async (semiring, type: ElementType) => {
    const { csr, x } = integerCase(semiring, type);
    await expectStream(csr, semiring, x, { ...SMALL, type, accumulate: true, y: x });
  });

  it('random skewed CSR shapes agree with the reference (fast-check)', async () => {
    const matrices = fc.record({
      lengths: fc.array(fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3 }), weight: 8 }, { arbitrary: fc.integer({ min: 0, max: 400 }), weight: 1 }), {
        minLength: 1,
        maxLength: 120,
      }),
      shape: fc.constantFrom(...SHAPES.slice(0, 2)),
      semiring: fc.constantFrom(...SEMIRING_CASES.slice(0, 2)),
      // Accumulate and mask together or neither: kernels the tests above have built.
      modes: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(matrices, async ({ lengths, shape, semiring: sc, modes: accumulate, seed }) => {
        const n = lengths.length;
        const base = csrFromRows(lengths.map((l, i) => row(l, i * 13 + seed, n)));
        const csr = sc.pattern ? asPattern(base) : base;
        const mask = accumulate ? Uint32Array.from({ length: n }, (_, i) => (i + seed) % 3) : undefined;
        await expectStream(csr, sc.semiring, sc.x(n, seed), { ...shape, accumulate, y: sc.x(n, seed + 1), mask });
      }),
      { numRuns: 30, seed: 20261123 },
    );
  });
});
