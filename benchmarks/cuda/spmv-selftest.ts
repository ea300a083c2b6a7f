// The SpMV and PageRank part of `--selftest`: every SpMV format (and the automatic choice) × semiring (plus-times,
// min-plus, max-min, or-and, a user-defined one) on small matrices with empty rows, a power law and a row longer
// than a warp, on CUDA against the CPU reference and WebGPU (the same bits where ⊕ is idempotent, both within the
// f32 bound for plus-times); accumulate and masked products; plain loads (ldg off) and the matrix streamed
// (streamLoads) beside __ldg; PageRank on CUDA against the f64 fixed point (dangling vertices, personalization, the
// formats with a second step).
import { availableParallelism } from 'node:os';
import {
  CUDA_SPMV_TARGET,
  CudaSpmvRunner,
  pagerank,
  planSpmvLaunches,
  spmvChecker,
  SpmvRunner,
  verifyPagerank,
  type SpmvFormat,
  type SpmvKernelOptions,
  type SpmvOperands,
  type SpmvResult,
} from '@semiforge/algorithms';
import { getSemiring, registerSemiring, type GeneratedKernel } from '@semiforge/codegen';
import { csrFromEdges, generateErdosRenyi, generateRmat, type Csr } from '@semiforge/graph-io';
// The user semiring the package's SpMV tests define too (a test helper without side effects, bundled by path).
import { maxTimesSemiring } from '../../packages/algorithms/test/user-semiring.js';
import type { Backends } from './apsp-backends.js';
import { attempt, expect, type Check } from './selftest-checks.js';

/** A semiring only this self-test knows: (max, ×) on [0, 1], most reliable paths. */
const USER_SEMIRING = 'max-times-selftest';
registerSemiring(maxTimesSemiring(USER_SEMIRING, ' (self-test)'));

/** Deterministic values in [0, 1) from an index and a seed. */
const unit = (i: number, seed: number) => (Math.imul(i + 1, 2654435761 + 2 * seed) >>> 0) / 2 ** 32;

/** A semiring under test: whether it reads the matrix as a pattern, and how x is drawn. */
const SEMIRINGS: readonly { semiring: string; pattern: boolean; x: (n: number) => number[] }[] = [
  { semiring: 'plus-times', pattern: false, x: (n) => Array.from({ length: n }, (_, i) => 2 * unit(i, 1) - 1) },
  { semiring: 'min-plus', pattern: false, x: (n) => Array.from({ length: n }, (_, i) => (i % 10 === 3 ? Infinity : 10 * unit(i, 2))) },
  { semiring: 'max-min', pattern: false, x: (n) => Array.from({ length: n }, (_, i) => (i % 10 === 4 ? -Infinity : unit(i, 3))) },
  { semiring: 'or-and', pattern: true, x: (n) => Array.from({ length: n }, (_, i) => (unit(i, 4) < 0.5 ? 1 : 0)) },
  { semiring: USER_SEMIRING, pattern: false, x: (n) => Array.from({ length: n }, (_, i) => unit(i, 5)) },
];

/** Every kernel variant of both backends: each format, both reductions, unrolled and four-row slots, and the automatic choice. */
const FORMATS: readonly { label: string; options: SpmvKernelOptions }[] = [
  { label: 'auto', options: { format: 'auto' } },
  { label: 'csr-scalar', options: { format: 'csr-scalar' } },
  { label: 'csr-vector/subgroup', options: { format: 'csr-vector', reduction: 'subgroup' } },
  { label: 'csr-vector/workgroup 32 lanes', options: { format: 'csr-vector', reduction: 'workgroup', lanesPerRow: 32 } },
  { label: 'ell', options: { format: 'ell' } },
  { label: 'ell unroll 4', options: { format: 'ell', unroll: 4 } },
  { label: 'csr-merge/subgroup', options: { format: 'csr-merge', reduction: 'subgroup' } },
  { label: 'csr-merge/workgroup', options: { format: 'csr-merge', reduction: 'workgroup' } },
  { label: 'csr-stream', options: { format: 'csr-stream' } },
  // Blocks of 64 × 2 nonzeros: the dense row of 200 is cut into pieces whose carries the fixup adds.
  { label: 'csr-stream, blocks of 64 × 2', options: { format: 'csr-stream', threadsPerWorkgroup: 64, itemsPerThread: 2 } },
  { label: 'sell σ 64', options: { format: 'sell', sigma: 64 } },
  { label: 'sell 4 rows an invocation', options: { format: 'sell', sigma: 64, rowsPerInvocation: 4 } },
  { label: 'fold width 3', options: { format: 'fold', foldWidth: 3, sigma: 64 } },
  { label: 'fold width 5, unroll 2, workgroup combine', options: { format: 'fold', foldWidth: 5, sigma: 64, unroll: 2, reduction: 'workgroup' } },
  { label: 'fold 4 rows an invocation', options: { format: 'fold', foldWidth: 3, sigma: 64, rowsPerInvocation: 4 } },
  // Columns renumbered by degree: x gathered into their order first (vec_gather), y and the mask in the user's.
  { label: 'fold width 3, columns by degree', options: { format: 'fold', foldWidth: 3, sigma: 64, reorder: 'degree' } },
  { label: 'csr-merge/subgroup, columns by degree', options: { format: 'csr-merge', reduction: 'subgroup', reorder: 'degree' } },
];

const weighted = (csr: Csr): Csr => ({ ...csr, weight: Float32Array.from({ length: csr.indices.length }, (_, k) => 0.25 + unit(k, 9)) });

/** A CSR from rows of column lists (weights added by `weighted`). */
function fromRows(rows: number[][]): Csr {
  const indptr = new Uint32Array(rows.length + 1);
  rows.forEach((r, i) => (indptr[i + 1] = indptr[i] + r.length));
  return weighted({ n: rows.length, indptr, indices: Uint32Array.from(rows.flat()), weight: null, directed: true, sorted: false });
}

/** The matrices, made when the self-test runs (run.ts imports this module for benchmark runs too). */
const matrices = (): { name: string; csr: Csr }[] => [
  { name: 'empty rows among full ones (6 rows)', csr: fromRows([[], [0, 3], [], [1], [], [0, 1, 2, 3, 4]]) },
  { name: 'Erdős–Rényi 300×300, 2400 nz', csr: weighted(csrFromEdges(generateErdosRenyi({ n: 300, m: 2400, seed: 3 }))) },
  { name: 'R-MAT scale 9, degree 16 (power law)', csr: weighted(csrFromEdges(generateRmat({ scale: 9, averageDegree: 16, seed: 5 }))) },
  { name: 'a dense row of 200 among empty ones', csr: fromRows(Array.from({ length: 257 }, (_, i) => (i === 7 ? Array.from({ length: 200 }, (_, j) => j) : []))) },
];

/** One product on a backend, the runner created and destroyed around it. */
async function product(backends: Backends, on: 'cuda' | 'webgpu', csr: Csr, x: number[], options: SpmvKernelOptions & SpmvOperands): Promise<SpmvResult> {
  if (on === 'cuda') {
    const runner = await CudaSpmvRunner.create(backends.cuda!, csr, options);
    try {
      return runner.run(x, options);
    } finally {
      runner.destroy();
    }
  }
  const runner = await SpmvRunner.create(backends.webgpu!, csr, options);
  try {
    return await runner.run(x, options);
  } finally {
    runner.destroy();
  }
}

/** CUDA's y against the CPU and WebGPU's: the same bits where ⊕ is idempotent; plus-times within the f32 bound on both. */
async function compareBackends(backends: Backends, csr: Csr, x: number[], options: SpmvKernelOptions & SpmvOperands): Promise<{ format: SpmvFormat; webgpu: boolean }> {
  const cuda = await product(backends, 'cuda', csr, x, options);
  const cpu = spmvChecker(csr, x, options);
  const what = `${options.semiring} ${cuda.plan.format}`;
  const atCpu = cpu.check(cuda.y);
  expect(atCpu.ok, `${what}: CUDA row ${atCpu.row} = ${atCpu.got}, the CPU's ${atCpu.expected} (bound ${atCpu.bound})`);
  expect(cuda.gpuTimeMs !== undefined && cuda.gpuTimeMs >= 0, `${what}: no CUDA event time`);
  if (!backends.webgpu) return { format: cuda.plan.format, webgpu: false };
  const webgpu = await product(backends, 'webgpu', csr, x, options);
  expect(webgpu.plan.format === cuda.plan.format, `${what}: WebGPU chose ${webgpu.plan.format}`);
  const atWebgpuCpu = cpu.check(webgpu.y);
  expect(atWebgpuCpu.ok, `${what}: WebGPU row ${atWebgpuCpu.row} = ${atWebgpuCpu.got}, the CPU's ${atWebgpuCpu.expected}`);
  if (getSemiring(options.semiring ?? 'plus-times').idempotent) {
    const row = cuda.y.findIndex((v, i) => !Object.is(v, webgpu.y[i]));
    expect(row === -1, `${what}: row ${row} is ${cuda.y[row]} on CUDA, ${webgpu.y[row]} on WebGPU`);
  }
  return { format: cuda.plan.format, webgpu: true };
}

async function spmvChecks(backends: Backends, made: readonly { name: string; csr: Csr }[]): Promise<Check[]> {
  const checks: Check[] = [];
  const also = backends.webgpu ? ' and WebGPU' : '';
  for (const m of made) {
    for (const f of FORMATS) {
      checks.push(
        await attempt(`spmv ${f.label}, ${m.name}: CUDA vs CPU${also}, 5 semirings`, async () => {
          let format = '';
          for (const s of SEMIRINGS) {
            const csr = s.pattern ? { ...m.csr, weight: null } : m.csr;
            format = (await compareBackends(backends, csr, s.x(csr.n), { ...f.options, semiring: s.semiring })).format;
          }
          return `n = ${m.csr.n}, ${m.csr.indices.length} nz, format ${format}`;
        }),
      );
    }
    checks.push(
      await attempt(`spmv accumulate and masked, ${m.name}: CUDA vs CPU${also}, every format`, async () => {
        const n = m.csr.n;
        const mask = Uint32Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 0 : i + 1));
        for (const f of FORMATS) {
          const y = SEMIRINGS[1].x(n).map((v, i) => (i % 4 === 0 ? v : v / 2));
          await compareBackends(backends, m.csr, SEMIRINGS[0].x(n), { ...f.options, semiring: 'plus-times', accumulate: true, y: SEMIRINGS[0].x(n).reverse() });
          await compareBackends(backends, m.csr, SEMIRINGS[1].x(n), { ...f.options, semiring: 'min-plus', accumulate: true, y, mask, masked: true });
          await compareBackends(backends, { ...m.csr, weight: null }, SEMIRINGS[3].x(n), { ...f.options, semiring: 'or-and', y: SEMIRINGS[3].x(n), mask, masked: true });
        }
        return `${FORMATS.length} formats × (plus-times ⊕ y, masked min-plus ⊕ y, masked or-and)`;
      }),
    );
  }
  checks.push(
    await attempt('spmv plain loads (ldg: false) = __ldg loads, bit for bit', async () => {
      const { csr } = made[2];
      const x = SEMIRINGS[0].x(csr.n);
      for (const f of FORMATS) {
        const [a, b] = [await product(backends, 'cuda', csr, x, { ...f.options, ldg: true }), await product(backends, 'cuda', csr, x, { ...f.options, ldg: false })];
        const row = a.y.findIndex((v, i) => !Object.is(v, b.y[i]));
        expect(row === -1, `${f.label}: row ${row} is ${a.y[row]} with __ldg, ${b.y[row]} without`);
      }
      return `${FORMATS.length} formats, plus-times`;
    }),
  );
  checks.push(
    await attempt('spmv streamed matrix (streamLoads: __ldcs) = __ldg loads, bit for bit, and a pattern too', async () => {
      const { csr } = made[2];
      for (const s of [SEMIRINGS[0], SEMIRINGS[3]]) {
        const matrix = s.pattern ? { ...csr, weight: null } : csr;
        const x = s.x(matrix.n);
        for (const f of FORMATS) {
          const options = { ...f.options, semiring: s.semiring };
          const [a, b] = [await product(backends, 'cuda', matrix, x, { ...options, streamLoads: false }), await product(backends, 'cuda', matrix, x, { ...options, streamLoads: true })];
          expect(b.plan.spec.streamLoads === true, `${f.label}: the plan did not stream the matrix`);
          const row = a.y.findIndex((v, i) => !Object.is(v, b.y[i]));
          expect(row === -1, `${f.label}, ${s.semiring}: row ${row} is ${a.y[row]} with __ldg, ${b.y[row]} streamed`);
        }
      }
      return `${FORMATS.length} formats, plus-times and or-and (pattern)`;
    }),
  );
  return checks;
}

/** PageRank graphs: dangling vertices (every 5th vertex's out-arcs removed), a power law, a personalization. */
function pagerankCases(): { name: string; csr: Csr; options: Parameters<typeof pagerank>[2] }[] {
  const er = csrFromEdges(generateErdosRenyi({ n: 500, m: 3000, seed: 3 }));
  const rows = Array.from({ length: er.n }, (_, u) => (u % 5 === 0 ? [] : Array.from(er.indices.subarray(er.indptr[u], er.indptr[u + 1]))));
  const dangling = { ...fromRows(rows), weight: null };
  const rmat = csrFromEdges(generateRmat({ scale: 11, averageDegree: 8, seed: 5 }));
  return [
    { name: 'Erdős–Rényi n = 500, every 5th vertex dangling', csr: dangling, options: {} },
    { name: 'R-MAT scale 11 (power law, many dangling)', csr: rmat, options: {} },
    { name: 'R-MAT scale 11, csr-merge', csr: rmat, options: { format: 'csr-merge' } },
    { name: 'R-MAT scale 11, fold', csr: rmat, options: { format: 'fold' } },
    { name: 'R-MAT scale 11, fold, Pᵀ\'s columns by degree', csr: rmat, options: { format: 'fold', reorder: 'degree' } },
    { name: 'R-MAT scale 11, personalized (restart at 3 vertices)', csr: rmat, options: { personalization: { vertices: [0, 5, 9], weights: [2, 1, 1] }, maxIterations: 200 } },
  ];
}

async function pagerankChecks(backends: Backends): Promise<Check[]> {
  const checks: Check[] = [];
  for (const c of pagerankCases()) {
    checks.push(
      await attempt(`pagerank ${c.name}: CUDA vs the f64 fixed point${backends.webgpu ? ', beside WebGPU' : ''}`, async () => {
        const r = await pagerank(backends.cuda!, c.csr, c.options);
        const v = verifyPagerank(c.csr, r.ranks, r.residual, c.options);
        expect(r.converged, `did not converge in ${r.iterations} iterations (residual ${r.residual})`);
        expect(v.ok, `‖ranks − r*‖₁ = ${v.error.toExponential(2)} above the bound ${v.bound.toExponential(2)}`);
        let beside = '';
        if (backends.webgpu) {
          const w = await pagerank(backends.webgpu, c.csr, c.options);
          // Each within its own bound of r*, so within the sum of both of each other.
          const bound = v.bound + verifyPagerank(c.csr, w.ranks, w.residual, c.options).bound;
          let l1 = 0;
          for (let i = 0; i < c.csr.n; i++) l1 += Math.abs(r.ranks[i] - w.ranks[i]);
          expect(l1 <= bound, `‖CUDA − WebGPU‖₁ = ${l1.toExponential(2)} above the sum of their bounds ${bound.toExponential(2)}`);
          beside = `; WebGPU ${w.iterations} iterations, ‖CUDA − WebGPU‖₁ = ${l1.toExponential(2)}`;
        }
        return `${r.format}, ${r.iterations} iterations, residual ${r.residual.toExponential(2)}, error ${v.error.toExponential(2)} ≤ ${v.bound.toExponential(2)}, ${r.timePerIterationMs.toFixed(3)} ms an iteration${beside}`;
      }),
    );
  }
  return checks;
}

/**
 * Compiles (or loads from the cubin cache) every SpMV kernel the checks run, as many at once as the host has
 * cores: one nvcc after another, the ~150 kernels of a fresh machine would take minutes of the command's 600 s.
 */
async function precompile(backends: Backends, made: readonly { name: string; csr: Csr }[]): Promise<Check> {
  return attempt('spmv kernels compiled for this device (nvcc, in parallel)', async () => {
    const kernels = new Map<string, GeneratedKernel>();
    const modes: (SpmvKernelOptions & { pattern?: boolean })[] = [
      ...SEMIRINGS.map((s) => ({ semiring: s.semiring, pattern: s.pattern })),
      { semiring: 'plus-times', accumulate: true },
      { semiring: 'min-plus', accumulate: true, masked: true },
      { semiring: 'or-and', masked: true, pattern: true },
      { semiring: 'plus-times', ldg: false },
    ];
    for (const m of made) {
      for (const f of FORMATS) {
        for (const { pattern, ...mode } of modes) {
          const csr = pattern ? { ...m.csr, weight: null } : m.csr;
          for (const l of planSpmvLaunches(csr, { ...f.options, ...mode }, CUDA_SPMV_TARGET).launches) kernels.set(l.kernel.name, l.kernel);
        }
      }
    }
    const queue = [...kernels.values()];
    const started = performance.now();
    let cached = 0;
    await Promise.all(
      Array.from({ length: availableParallelism() }, async () => {
        for (let k = queue.pop(); k; k = queue.pop()) if ((await backends.cuda!.kernel(k)).cached) cached++;
      }),
    );
    return `${kernels.size} kernels (${cached} from the cache) in ${((performance.now() - started) / 1e3).toFixed(1)} s`;
  });
}

/** The SpMV checks (each matrix × format with every semiring, accumulate and masked, ldg), then PageRank's. */
export async function spmvSelftest(backends: Backends): Promise<Check[]> {
  const made = matrices();
  return [await precompile(backends, made), ...(await spmvChecks(backends, made)), ...(await pagerankChecks(backends))];
}
