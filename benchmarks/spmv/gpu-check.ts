// SpMV on the GPU at sizes lavapipe cannot reach: every format × semiring on power-law (R-MAT), stencil (2-D
// grid) and uniform (G(n, m)) matrices, each product checked against the CPU reference, with GPU times. A
// correctness check and first figures for issue 4, not its benchmark (no cuSPARSE peer, no bandwidth limit yet).
//   node .device/gpu-check.mjs [--scale 20] [--runs 5]   → JSON on stdout and in $OUT/spmv-check.json
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suiteArgs } from '../lib/suite-args.js';
import { SpmvRunner, spmvChecker, type SpmvFormat } from '@semiforge/algorithms';
import { csrFromEdges, generateErdosRenyi, generateGrid, generateRmat, type Csr } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';
import { summarize } from '../lib/results.js';

const args = suiteArgs({ options: { scale: { type: 'string', default: '20' }, runs: { type: 'string', default: '5' } } });
const scale = Number(args.scale);
const runs = Number(args.runs);
const n = 2 ** scale;
const side = 2 ** Math.ceil(scale / 2);

const matrices: [string, () => Csr][] = [
  [`rmat scale ${scale} (power-law)`, () => csrFromEdges(generateRmat({ scale, seed: 1 }), { symmetrize: true, sortRows: true })],
  [`grid ${side}x${side} (stencil)`, () => csrFromEdges(generateGrid({ rows: side, cols: side, weights: { min: 1, max: 9 }, seed: 1 }).graph, { sortRows: true })],
  [`G(n, m) n=${n} m=${16 * n} (uniform)`, () => csrFromEdges(generateErdosRenyi({ n, m: 16 * n, seed: 1 }), { sortRows: true })],
];
const variants: { format: SpmvFormat | 'auto'; reduction?: 'subgroup' | 'workgroup' }[] = [
  { format: 'auto' },
  { format: 'csr-scalar' },
  { format: 'csr-vector', reduction: 'subgroup' },
  { format: 'csr-vector', reduction: 'workgroup' },
  { format: 'ell' },
];
const semirings: [string, 'f32' | 'u32'][] = [['plus-times', 'f32'], ['min-plus', 'f32'], ['or-and', 'u32']];

const device = await openDevice();
console.error(`device: ${device.describe().description ?? JSON.stringify(device.describe())}`);
const rows: Record<string, unknown>[] = [];
for (const [name, make] of matrices) {
  const csr = make();
  const nnz = csr.indices.length;
  // Weights in [1, 2): plus-times sums stay well scaled; min-plus and or-and are exact anyway.
  const weighted: Csr = { ...csr, weight: Float32Array.from({ length: nnz }, (_, k) => 1 + ((k * 2654435761) >>> 0) / 2 ** 32) };
  const x = Float32Array.from({ length: csr.n }, (_, k) => 1 + (k % 7) / 8);
  for (const [semiring, type] of semirings) {
    // or-and reads the pattern (every stored entry true) and a 0/1 frontier.
    const matrix = type === 'u32' ? { ...csr, weight: null } : weighted;
    const xs = type === 'u32' ? Uint32Array.from({ length: csr.n }, (_, k) => (k % 3 === 0 ? 1 : 0)) : x;
    // One reference per matrix and semiring, for all its variants.
    const checker = spmvChecker(matrix, xs, { semiring, type });
    for (const v of variants) {
      const label = `${name} ${semiring} ${v.format}${v.reduction ? `/${v.reduction}` : ''}`;
      let runner: SpmvRunner | undefined;
      try {
        runner = await SpmvRunner.create(device, matrix, { semiring, type, format: v.format, reduction: v.reduction });
        const first = await runner.run(xs);
        const check = checker.check(first.y);
        const times: number[] = [];
        for (let r = 0; r < runs; r++) times.push((await runner.run(xs)).gpuTimeMs ?? Number.NaN);
        const t = summarize(times);
        const gflops = (2 * nnz) / (t.median * 1e6);
        rows.push({ case: label, n: csr.n, nnz, format: first.plan.format, kernel: first.plan.spec.op, validated: check.ok, ...(check.ok ? {} : { check }), time_ms: t, gflops });
        console.error(`${label.padEnd(70)} ${check.ok ? 'ok ' : 'BAD'} ${t.median.toFixed(3)} ms  ${gflops.toFixed(1)} GFLOP/s (${first.plan.format})`);
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        rows.push({ case: label, n: csr.n, nnz, refused: message });
        console.error(`${label.padEnd(70)} refused: ${message}`);
      } finally {
        runner?.destroy();
      }
    }
  }
}
const json = JSON.stringify({ device: device.describe(), scale, runs, rows }, null, 2);
if (process.env.OUT) writeFileSync(join(process.env.OUT, 'spmv-check.json'), json);
console.log(json);
if (rows.some((r) => r.validated === false)) process.exitCode = 1;
device.destroy();
