// CUDA suite: APSP (paper 000's blocked Floyd-Warshall) on the CUDA backend and on WebGPU side by side in one run,
// f32 and i32 (i32 with and without DPX), every result validated (the CPU reference at small n, Dijkstra rows at
// large n, and the whole matrix against the other results of the same n and type), relaxations/s against the
// min-plus peak, results/cuda-<device>-<date>.json written after each case. `--selftest` checks every CUDA path
// on tiny inputs instead and exits non-zero on a mismatch.
//   tsx --conditions=source benchmarks/cuda/run.ts --n 1024,2048,4096,8192 [--types f32,i32] [--backends cuda,webgpu]
//       [--runs 5] [--warmup-ms 1500] [--budget-s 540] [--out DIR] [--quick] [--selftest [--selftest-only sssp,spmv]] [--cuda-device 0]
//       [--tile T] [--unroll U] [--stage KC] [--k-unroll K] [--workgroup XxY]   (shape overrides, both backends)
//   Each shape option takes a comma list and the run sweeps their product (e.g. `--unroll 4,8 --workgroup
//   16x16,8x16 --stage 8,4`): --tile applies to every kernel, the others to the update alone (the product
//   that dominates), so the panels keep their defaults; --panel-unroll U and --panel-workgroup XxY (lists too)
//   shape the panels. Shapes a backend cannot run are skipped and named.
//   --lookahead on,off,concurrent: CUDA's blocked rounds with the next pivot closed beside the update, or not, or with
//   the next cross updated beside the update too (`lookahead: 'concurrent-cross'`; default: the plan's rule,
//   lookaheadByDefault). --async-stages 0,2,3,4: CUDA's update copying its slices with cp.async into that many
//   buffers (0: through registers, the default; not with DPX, so i32 DPX cases of those shapes are skipped).
//   --algorithms apsp,spmv (default apsp): the suites beside APSP run after it, each into its own results file
//   (cuda-spmv-…, cuda-bfs-…, cuda-sssp-…; APSP's is cuda-…), each
//   with its own options (spmv: --spmv-sizes, --spmv-formats, --spmv-plain-loads, --spmv-stream-loads, ...; see spmv-suite.ts;
//   bfs: --bfs-scales 20,21,22 --bfs-road 2048x2048 --bfs-sources 64 --bfs-variants baseline,approx,core --bfs-cache DIR; see bfs-suite.ts;
//   sssp: --sssp-rmat 20,22 --sssp-kron 22 --sssp-road 3163 --sssp-methods bellman-ford,frontier,near-far --sssp-sources 4
//   --sssp-weights f32|u32 --sssp-cache DIR; see sssp-suite.ts).
//   GPU host: scripts/device-bundle.sh cuda, then `. .device/env.sh && node .device/cuda.mjs ...`
import { suiteArgs } from '../lib/suite-args.js';
import { loadCudaRuntime, verifyApsp, type ApspKernelOptions, type ApspPlan, type ApspResult } from '@semiforge/algorithms';
import { generateRandom4n, type EdgeList } from '@semiforge/graph-io';
import { kernelIdentity, normalizeSpec, type ElementType } from '@semiforge/codegen';
import { openDevice } from '@semiforge/runtime';
import { webgpuContext } from '../lib/gpu-context.js';
import { writeResults, type BenchContext, type BenchResult } from '../lib/results.js';
import { timedRepeats } from '../lib/timed-repeats.js';
import { compareMatrices, prepareApsp, type BackendName, type Backends, type PreparedApsp } from './apsp-backends.js';
import { cudaContext, cudaMinPlusPeak } from './cuda-context.js';
import { SELFTEST_FAMILIES, selftest, type SelftestFamily } from './selftest.js';
import { SPMV_SUITE_OPTIONS, spmvSuite } from './spmv-suite.js';
import { BFS_SUITE_OPTIONS, bfsSuite } from './bfs-suite.js';
import { SSSP_SUITE_OPTIONS, ssspSuite } from './sssp-suite.js';

const args = suiteArgs({
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
    'async-stages': { type: 'string' },
    workgroup: { type: 'string' },
    'panel-unroll': { type: 'string' },
    // CUDA's blocked rounds with the next pivot beside the update, or not (`on,off,concurrent` compares; default: the plan's rule).
    lookahead: { type: 'string' },
    'panel-workgroup': { type: 'string' },
    'cuda-device': { type: 'string' },
    quick: { type: 'boolean', default: false },
    selftest: { type: 'boolean', default: false },
    // With --selftest: only these families, e.g. sssp,spmv (default all: machinery, apsp, bfs, sssp, spmv, devices).
    'selftest-only': { type: 'string' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
    algorithms: { type: 'string', default: 'apsp' },
    ...SPMV_SUITE_OPTIONS,
    ...BFS_SUITE_OPTIONS,
    ...SSSP_SUITE_OPTIONS,
  },
});

/** `--selftest-only`'s families, every one when not given; an unknown name ends the run. */
function selftestFamilies(list: string | undefined): readonly SelftestFamily[] {
  if (list === undefined) return SELFTEST_FAMILIES;
  const names = list.split(',');
  for (const name of names) {
    if (!SELFTEST_FAMILIES.includes(name as SelftestFamily)) {
      console.error(`--selftest-only: unknown family '${name}' (expected ${SELFTEST_FAMILIES.join(', ')})`);
      process.exit(2);
    }
  }
  return names as SelftestFamily[];
}

/** The suites beside APSP (the loop below), by their --algorithms name; each runs once with the backends opened. */
const SUITES = { bfs: bfsSuite, spmv: spmvSuite, sssp: ssspSuite } as const;
const algorithms = args.algorithms.split(',');
for (const a of algorithms) {
  if (a !== 'apsp' && !(a in SUITES)) {
    console.error(`--algorithms: unknown algorithm '${a}' (expected apsp, ${Object.keys(SUITES).join(', ')})`);
    process.exit(2);
  }
}

/** `--lookahead` names of `ApspKernelOptions.lookahead`. */
const LOOKAHEADS = { on: true, off: false, concurrent: 'concurrent-cross' } as const;
const lookaheads = args.lookahead?.split(',').map((s) => {
  if (s in LOOKAHEADS) return LOOKAHEADS[s as keyof typeof LOOKAHEADS];
  console.error(`--lookahead: unknown schedule '${s}' (expected a comma list of ${Object.keys(LOOKAHEADS).join(', ')})`);
  process.exit(2);
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

if (!backends.cuda && !backends.webgpu) {
  console.error('cuda: no backend opened (the reasons are above); nothing to run');
  process.exit(1);
}

if (args.selftest) {
  const ok = await selftest(rt!, backends, selftestFamilies(args['selftest-only']));
  backends.cuda?.destroy();
  backends.webgpu?.destroy();
  process.exit(ok ? 0 : 1);
}

const quick = args.quick || (!backends.cuda && backends.webgpu?.describe().isFallbackAdapter === true);
if (quick && !args.n && algorithms.includes('apsp')) console.error('quick mode (or a software adapter): n = 128,256 only; pass --n for other sizes');
const ns = algorithms.includes('apsp') ? (args.n ?? (quick ? '128,256' : '1024,2048,4096,8192')).split(',').map(Number) : [];
const types = args.types.split(',') as ElementType[];
const runs = Number(args.runs ?? (quick ? 2 : 5));
const warmupMs = Number(args['warmup-ms'] ?? (quick ? 0 : 1500));
const limit = backends.cuda && cudaMinPlusPeak(backends.cuda);
const context: BenchContext = backends.cuda
  ? cudaContext('cuda', backends.cuda, wanted.filter((b) => backends[b]))
  : webgpuContext('cuda', backends.webgpu!);
const out = args.out;

function workgroup(s: string): readonly [number, number] {
  const [x, y] = s.split('x').map(Number);
  if (!(x > 0 && y > 0)) throw new Error(`--workgroup: '${s}' is not XxY (e.g. 16x16)`);
  return [x, y];
}

/** Every combination of the shape options (tuning on the GPU host); one entry, the plan's defaults, without any. */
function shapes(): ApspKernelOptions[] {
  const axis = <T>(value: string | undefined, parse: (s: string) => T, key: string) => (value === undefined ? [{}] : value.split(',').map((s) => ({ [key]: parse(s) })));
  const combine = (axes: Record<string, unknown>[][]) => axes.reduce<Record<string, unknown>[]>((all, a) => all.flatMap((x) => a.map((y) => ({ ...x, ...y }))), [{}]);
  const panels = combine([
    axis(args.tile, Number, 'tile'),
    axis(args['panel-unroll'], Number, 'unroll'),
    axis(args['panel-workgroup'], workgroup, 'workgroup'),
    axis(args.lookahead, (s) => LOOKAHEADS[s as keyof typeof LOOKAHEADS], 'lookahead'),
  ]);
  const updates = combine([
    axis(args.unroll, Number, 'unroll'),
    axis(args.workgroup, workgroup, 'workgroup'),
    axis(args.stage, Number, 'stage'),
    axis(args['k-unroll'], Number, 'kUnroll'),
    // 0 is the register-staged default: no field.
    axis(args['async-stages'], (s) => (s === '0' ? undefined : Number(s)), 'asyncStages'),
  ]).map((u) => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)));
  return panels.flatMap((p) => updates.map((u) => ({ ...p, ...(Object.keys(u).length ? { update: u } : {}) }) as ApspKernelOptions));
}

/**
 * The update's shape as its kernel name spells it (t…u…k…c…w…x…, a<stages> for the cp.async copy), then the
 * panels' (p<unroll>w<x>x<y>), to tell swept shapes apart.
 */
function shapeName(blocked: ApspPlan['blocked']): string {
  if (!blocked) return 'plain';
  const update = /__(t\d+u\d+k\d+c\d+w\d+x\d+)/.exec(kernelIdentity(blocked.update).name)?.[1] ?? '';
  const copy = blocked.update.asyncStages ? `a${blocked.update.asyncStages}` : '';
  return `${update}${copy}/p${blocked.panelRow.unroll}w${blocked.panelRow.workgroup.join('x')}`;
}

/** The variants of one n, type and shape, WebGPU first so that CUDA's figures can be given as ratios to it. */
function variants(type: ElementType, shape: ApspKernelOptions): { label: string; backend: BackendName; options: ApspKernelOptions }[] {
  const list: { label: string; backend: BackendName; options: ApspKernelOptions }[] = [];
  // WebGPU has no lookahead: it runs once per shape, with the first --lookahead entry (or none).
  if (backends.webgpu && wanted.includes('webgpu') && shape.lookahead === lookaheads?.[0]) list.push({ label: 'webgpu', backend: 'webgpu', options: { type, ...shape } });
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
    for (const shape of shapes()) {
      let webgpuRate: number | undefined;
      for (const v of variants(type, shape)) {
        const what = `${v.label} n=${n} ${type} ${JSON.stringify(shape)}`;
        if (performance.now() > deadline) {
          skipped.push(`${what}: past the run's time budget (--budget-s)`);
          continue;
        }
        let prepared: PreparedApsp;
        try {
          prepared = await prepareApsp(backends, v.backend, g, v.options);
        } catch (e) {
          // A swept shape this backend cannot run (a spec rule, a device limit): named, and the sweep goes on.
          skipped.push(`${what}: ${(e as Error).message}`);
          console.error(`skipped ${what}: ${(e as Error).message}`);
          continue;
        }
        // The warm-up compiles and brings the clocks up.
        const time = (await timedRepeats(() => prepared.time(), runs, warmupMs))!;
        const last = await prepared.run();
        prepared.destroy();
        const { ok, how } = validate(g, last, first);
        first ??= { label: v.label, dist: last.dist };
        const rate = n ** 3 / (time.median / 1e3);
        const plan = last.plan;
        const update = plan.blocked && normalizeSpec(plan.blocked.update);
        const schedule = prepared.lookahead === 'concurrent-cross' ? '/concurrent-cross' : prepared.lookahead ? '/lookahead' : '';
        const shapeLabel = `${shapeName(plan.blocked)}${schedule}`;
        const result: BenchResult = {
          case: `fw ${v.label} ${shapeLabel} n=${n} ${type} (validated: ${how})`,
          params: {
            n,
            tile: plan.plain ? 1 : plan.tile,
            unroll: plan.blocked?.update.unroll ?? 1,
            kUnroll: update?.kUnroll ?? 1,
            stage: update?.stage ?? 1,
            workgroup: update?.workgroup.join('x') ?? '',
            asyncStages: update?.asyncStages ?? 0,
            panelUnroll: plan.blocked?.panelRow.unroll ?? 1,
            panelWorkgroup: plan.blocked?.panelRow.workgroup.join('x') ?? '',
            method: plan.method,
            layout: plan.layout,
            type,
            semiring: 'min-plus',
            backend: v.backend,
            dpx: plan.dpx,
            lookahead: prepared.lookahead,
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
          `n=${n} ${type} ${v.label.padEnd(8)} ${shapeLabel.padEnd(28)} ${time.median.toFixed(2).padStart(9)} ms  ${(rate / 1e12).toFixed(3)} T/s` +
            (limit ? `  ${((100 * rate) / limit.value).toFixed(1)}% of peak` : '') +
            (result.ratio_to_peer ? `  ${result.ratio_to_peer.toFixed(2)}x WebGPU` : '') +
            `  ${ok ? 'valid' : 'INVALID'}`,
        );
      }
    }
  }
}

// Each algorithm its own results file (`cuda-spmv-<device>-<date>.json`, …), so that a run of one does not
// replace another's figures of the same day; APSP keeps `cuda-…`.
const filed = new Map<string, BenchResult[]>();
if (algorithms.includes('apsp')) filed.set('cuda', results);
for (const name of algorithms) {
  if (name === 'apsp') continue;
  const suite = `cuda-${name}`;
  const own: BenchResult[] = [];
  filed.set(suite, own);
  await SUITES[name as keyof typeof SUITES](backends, wanted, {
    args,
    quick,
    stopAt: deadline,
    record: (result: BenchResult) => {
      own.push(result);
      writeResults(suite, context, own, out);
    },
    skip: (what: string) => skipped.push(what),
  });
}

if (shapes().length > 1) {
  // The sweep's answer: the fastest shape of each n, type and variant.
  const best = new Map<string, BenchResult>();
  for (const r of results) {
    const key = r.case.replace(/ t\d+u\S+/, '').replace(/ \(validated.*/, '');
    if (r.validated && r.value > (best.get(key)?.value ?? 0)) best.set(key, r);
  }
  for (const [key, r] of best) console.error(`best ${key}: ${/ (t\d+u\S+) /.exec(r.case)?.[1]} ${(r.value / 1e12).toFixed(3)} T/s${r.ratio_to_limit ? `  ${(100 * r.ratio_to_limit).toFixed(1)}% of peak` : ''}`);
}
for (const s of skipped) console.error(`skipped ${s}`);
const files = [...filed].flatMap(([suite, list]) => writeResults(suite, context, list, out));
console.error(`wrote ${files.join(', ')}`);
backends.cuda?.destroy();
backends.webgpu?.destroy();
if ([...filed.values()].some((list) => list.some((r) => !r.validated))) process.exitCode = 1;
