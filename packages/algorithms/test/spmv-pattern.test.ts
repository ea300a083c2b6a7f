import { afterAll, describe, expect, it } from 'vitest';
import { getSemiring } from '@semiforge/codegen';
import { connectedComponents, csrFromEdges, generateErdosRenyi, type Csr } from '@semiforge/graph-io';
import { CUDA_SPMV_TARGET, planSpmvLaunches, spmv, spmvReference, SpmvRunner, subgroupSupport, verifySpmv } from '../src/index.js';
import { layoutFor } from '../src/spmv/layouts/index.js';
import { testDevice } from './gpu-device.js';
import { asPattern, csrFromRows, FORMAT_CASES, MATRIX_CASES, SEMIRING_CASES } from './spmv-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());
const subgroups = device && subgroupSupport(device).available;
const formats = FORMAT_CASES.filter((f) => f.options.reduction !== 'subgroup' || subgroups);

/** The matrix with every stored value the semiring's one, stored: what a pattern stands for. */
const withOnes = (csr: Csr, semiring: string): Csr => ({ ...csr, weight: new Float32Array(csr.indices.length).fill(getSemiring(semiring).oneOf('f32')) });

const MATRICES = [
  MATRIX_CASES[1],
  { name: 'empty rows among full ones', csr: asPattern(csrFromRows([[], [[0, 2], [3, 1]], [], [[1, 0.5]], [], [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]])) },
];

describe('planning a pattern matrix, without a device', () => {
  it.each(FORMAT_CASES)('$name: a matrix without weights uploads no values and binds none; one with weights keeps them', ({ options }) => {
    const csr = MATRIX_CASES[1].csr;
    const pattern = planSpmvLaunches(asPattern(csr), options, CUDA_SPMV_TARGET);
    expect(pattern.plan.spec.pattern).toBe(true);
    expect(pattern.layout.arrays).not.toHaveProperty('values');
    for (const launch of pattern.launches) expect(launch.sources.map(([, buffer]) => buffer)).not.toContain('values');
    const valued = planSpmvLaunches(csr, options, CUDA_SPMV_TARGET);
    expect(valued.plan.spec.pattern).toBeUndefined();
    expect(valued.layout.arrays).toHaveProperty('values');
    // A pattern's plan laid out over weights would drop them: refused, naming what to do.
    expect(() => layoutFor(csr, pattern.plan, CUDA_SPMV_TARGET.limits)).toThrow(/the plan is a pattern's \(no values\) but the matrix has weights; plan with this matrix/);
  });
});

describe.skipIf(!device)('spmv on a pattern matrix (no weights: no values array bound or read)', () => {
  describe.each(formats)('$name', ({ options }) => {
    it.each(MATRICES)('$name: every semiring agrees with the CPU and, bit for bit, with stored ones', async ({ csr }) => {
      const pattern = asPattern(csr);
      for (const sc of SEMIRING_CASES) {
        const all = { ...options, semiring: sc.semiring };
        const x = sc.x(csr.n, 5);
        const got = await spmv(device!, pattern, x, all);
        expect(got.plan.spec.pattern).toBe(true);
        expect(verifySpmv(pattern, x, got.y, all)).toEqual({ ok: true });
        if (sc.semiring !== 'plus-times') expect(Array.from(got.y)).toEqual(Array.from(spmvReference(pattern, x, all)));
        // Weights are f32 here; or-and's one, the u32 1, converts exactly.
        const stored = await spmv(device!, withOnes(csr, sc.semiring), x, all);
        expect(stored.plan.spec.pattern).toBeUndefined();
        expect(Array.from(got.y)).toEqual(Array.from(stored.y));
      }
    });
  });

  it('min-plus over a symmetric pattern, y = A ⊗ x ⊕ y until nothing changes: each vertex ends with its component\'s least vertex', async () => {
    // 160 arcs over 200 vertices: many components, some of them trees of several levels.
    const graph = asPattern(csrFromEdges(generateErdosRenyi({ n: 200, m: 160, seed: 11 }), { symmetrize: true }));
    const { label } = connectedComponents(graph);
    const least = new Map<number, number>();
    label.forEach((c, v) => {
      if (!least.has(c)) least.set(c, v);
    });
    for (const format of ['csr-scalar', 'ell', 'fold'] as const) {
      const runner = await SpmvRunner.create(device!, graph, { semiring: 'min-plus', format, accumulate: true });
      try {
        let labels = Float32Array.from({ length: graph.n }, (_, v) => v);
        for (let round = 0; round <= graph.n; round++) {
          const { y } = await runner.run(labels, { y: labels });
          if (Array.from(y).every((l, v) => l === labels[v])) break;
          labels = Float32Array.from(y);
        }
        expect(Array.from(labels)).toEqual(Array.from(label, (c) => least.get(c)));
      } finally {
        runner.destroy();
      }
    }
  });
});
