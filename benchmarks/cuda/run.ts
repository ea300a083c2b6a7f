// CUDA suite: APSP (paper 000's blocked Floyd-Warshall) on the CUDA backend and on WebGPU side by side in one run,
// f32 and i32 (i32 with and without DPX), every result validated (the CPU reference at small n, Dijkstra rows at
// large n, and the whole matrix against the other results of the same n and type), relaxations/s against the
// min-plus peak, results/cuda-<device>-<date>.json written after each case. `--selftest` checks every CUDA path
// on tiny inputs instead and exits non-zero on a mismatch.
//   tsx --conditions=source benchmarks/cuda/run.ts --n 1024,2048,4096,8192 [--types f32,i32] [--backends cuda,webgpu]
//       [--runs 5] [--warmup-ms 1500] [--budget-s 540] [--out DIR] [--quick] [--selftest] [--cuda-device 0]
//       [--tile T] [--unroll U] [--stage KC] [--k-unroll K]   (shape overrides, both backends)
//   GPU host: scripts/device-bundle.sh cuda, then `. .device/env.sh && node .device/cuda.mjs ...`
import { parseArgs } from 'node:util';
import { loadCudaRuntime, verifyApsp, type ApspKernelOptions, type ApspResult } from '@semiforge/algorithms';
import { generateRandom4n, type EdgeList } from '@semiforge/graph-io';
import { normalizeSpec, type ElementType } from '@semiforge/codegen';
import { openDevice } from '@semiforge/runtime';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchContext, type BenchResult } from '../lib/results.js';
import { compareMatrices, prepareApsp, type BackendName, type Backends } from './apsp-backends.js';
import { cudaContext, cudaMinPlusPeak } from './cuda-context.js';
import { selftest } from './selftest.js';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string' },
    types: { type: 'string', default: 'f32,i32' },
    backends: { type: 'string', default: 'cuda,webgpu' },
    runs: { type: 'string' },
    'warmup-ms': { type: 'string' },
    'budget-s': { type: 'string', default: '540' },
    sources: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    tile: { type: 'string' },
    unroll: { type: 'string' },
    stage: { type: 'string' },
    'k-unroll': { type: 'string' },
    'cuda-device': { type: 'string' },
    quick: { type: 'boolean', default: false },
    selftest: { type: 'boolean', default: false },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
});

const started = performance.now();
const deadline = started + 1e3 * Number(args['budget-s']);
const wanted = args.backends.split(',') as BackendName[];
const backends: Backends = {};
const rt = wanted.includes('cuda') || args.selftest ? await loadCudaRuntime() : undefined;
if (rt) {
  try {
    backends.cuda = await rt.openCudaDevice({ index: args['cuda-device'] === undefined ? undefined : Number(args['cuda-device']) });
    const { info } = backends.cuda;
    console.error(`CUDA: ${info.name}, ${info.arch}, ${backends.cuda.compiler?.version ?? 'no compiler'}, cubins in ${backends.cuda.cache.dir}`);
  } catch (e) {
    if (!args.selftest) console.error(`CUDA backend skipped: ${(e as Error).message}`);
    else {
      console.error(`selftest: no CUDA device to test: ${(e as Error).message}`);
      process.exit(1);
    }
  }
}
if (wanted.includes('webgpu') || args.selftest) {
  try {
    backends.webgpu = await openDevice();
    console.error(`WebGPU: ${backends.webgpu.describe().description}`);
  } catch (e) {
    console.error(`WebGPU backend skipped: ${(e as Error).message}`);
  }
}

if (args.selftest) {
  const ok = await selftest(rt!, backends);
  backends.cuda?.destroy();
  backends.webgpu?.destroy();
  process.exit(ok ? 0 : 1);
}

const quick = args.quick || (!backends.cuda && backends.webgpu?.describe().isFallbackAdapter === true);
if (quick && !args.n) console.error('quick mode (or a software adapter): n = 128,256 only; pass --n for other sizes');
const ns = (args.n ?? (quick ? '128,256' : '1024,2048,4096,8192')).split(',').map(Number);
const types = args.types.split(',') as ElementType[];
const runs = Number(args.runs ?? (quick ? 2 : 5));
const warmupMs = Number(args['warmup-ms'] ?? (quick ? 0 : 1500));
const limit = backends.cuda && cudaMinPlusPeak(backends.cuda);
const context: BenchContext = backends.cuda
  ? cudaContext('cuda', backends.cuda, wanted.filter((b) => backends[b]))
  : webgpuContext('cuda', backends.webgpu!);
const out = [...args.out, ...(process.env.OUT ? [process.env.OUT] : [])];

/** The variants of one n and type, WebGPU first so that CUDA's figures can be given as ratios to it. */
function variants(type: ElementType): { label: string; backend: BackendName; options: ApspKernelOptions }[] {
  // Shape overrides for both backends (tuning on the GPU host); the plan's defaults otherwise.
  const shape = Object.fromEntries(
    (
      [
        ['tile', args.tile],
        ['unroll', args.unroll],
        ['stage', args.stage],
        ['kUnroll', args['k-unroll']],
      ] as const
    ).flatMap(([key, value]) => (value === undefined ? [] : [[key, Number(value)]])),
  ) as ApspKernelOptions;
  const list: { label: string; backend: BackendName; options: ApspKernelOptions }[] = [];
  if (backends.webgpu && wanted.includes('webgpu')) list.push({ label: 'webgpu', backend: 'webgpu', options: { type, ...shape } });
  if (backends.cuda && wanted.includes('cuda')) {
    list.push({ label: 'cuda', backend: 'cuda', options: { type, dpx: false, ...shape } });
    if (type === 'i32') list.push({ label: 'cuda-dpx', backend: 'cuda', options: { type, dpx: true, ...shape } });
  }
  return list;
}

/** Sampled rows against Dijkstra (the CPU reference up to n = 256), and the whole matrix against the first result of this n and type. */
function validate(g: EdgeList, r: ApspResult, first: { label: string; dist: ArrayLike<number> } | undefined): { ok: boolean; how: string } {
  const check = verifyApsp(g, r.dist, r.plan, Number(args.sources));
  let how = `${check.rows} rows vs ${check.method === 'dijkstra' ? 'Dijkstra' : 'the CPU reference'}`;
  let ok = check.ok;
  if (!ok) console.error(`  MISMATCH vs CPU: ${JSON.stringify(check.first)}`);
  if (first) {
    const diff = compareMatrices(r.dist, first.dist, g.n);
    how += `, full matrix = ${first.label}`;
    if (diff.mismatches) console.error(`  MISMATCH vs ${first.label} in ${diff.mismatches} entries, first ${JSON.stringify(diff.first)}`);
    ok &&= diff.mismatches === 0;
  }
  return { ok, how };
}

const results: BenchResult[] = [];
const skipped: string[] = [];
for (const n of ns) {
  const g = generateRandom4n(n, Number(args.seed));
  for (const type of types) {
    let first: { label: string; dist: ArrayLike<number> } | undefined;
    let webgpuRate: number | undefined;
    for (const v of variants(type)) {
      if (performance.now() > deadline) {
        skipped.push(`${v.label} n=${n} ${type}: past the run's time budget (--budget-s)`);
        continue;
      }
      const prepared = await prepareApsp(backends, v.backend, g, v.options);
      const warmUntil = performance.now() + warmupMs; // compile, ramp clocks up
      do await prepared.time();
      while (performance.now() < warmUntil);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await prepared.time());
      const last = await prepared.run();
      prepared.destroy();
      const { ok, how } = validate(g, last, first);
      first ??= { label: v.label, dist: last.dist };
      const time = summarize(times);
      const rate = n ** 3 / (time.median / 1e3);
      const plan = last.plan;
      const update = plan.blocked && normalizeSpec(plan.blocked.update);
      const result: BenchResult = {
        case: `fw ${v.label} n=${n} ${type} (validated: ${how})`,
        params: {
          n,
          tile: plan.tile,
          unroll: plan.blocked?.update.unroll ?? 1,
          kUnroll: update?.kUnroll ?? 1,
          stage: update?.stage ?? 1,
          method: plan.method,
          layout: plan.layout,
          type,
          semiring: 'min-plus',
          backend: v.backend,
          dpx: plan.dpx,
          metric: 'relaxations_per_s',
        },
        metric: 'relaxations_per_s',
        value: rate,
        unit: '1/s',
        time_ms: time,
        validated: ok,
        validation: how,
      };
      if (limit) Object.assign(result, { limit, ratio_to_limit: rate / limit.value });
      if (v.backend === 'webgpu') webgpuRate = rate;
      else if (webgpuRate) Object.assign(result, { peer: { name: `the WebGPU backend (Dawn), same GPU, same ${type} kernels' specs`, value: webgpuRate, same_run: true }, ratio_to_peer: rate / webgpuRate });
      results.push(result);
      writeResults('cuda', context, results, out);
      console.error(
        `n=${n} ${type} ${v.label.padEnd(8)} ${time.median.toFixed(2).padStart(9)} ms  ${(rate / 1e12).toFixed(3)} T/s` +
          (limit ? `  ${((100 * rate) / limit.value).toFixed(1)}% of peak` : '') +
          (result.ratio_to_peer ? `  ${result.ratio_to_peer.toFixed(2)}x WebGPU` : '') +
          `  ${ok ? 'valid' : 'INVALID'}`,
      );
    }
  }
}

for (const s of skipped) console.error(`skipped ${s}`);
const files = writeResults('cuda', context, results, out);
console.error(`wrote ${files.join(', ')}`);
backends.cuda?.destroy();
backends.webgpu?.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;
