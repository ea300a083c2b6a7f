// Paper 001's Bellman-Ford pass and its parents step, one launch at a time, on CUDA and on WebGPU: what one pass
// of each costs on the GPU, apart from the query loop (batches, read-backs, launch gaps, what each backend's
// batch timing covers). Each query runs its passes one by one from the same start (a pass per launch or per
// submit, timed alone: CUDA events around the launch, WebGPU timestamps around its compute pass), until a pass
// changes nothing, then one surplus pass (what a batch's passes after convergence cost), then the parent
// passes. The CUDA kernel is run as generated (relaxed device-scope live accesses, `ld.relaxed.gpu`, as WGSL's
// atomicLoad) and in variants of its live accesses: `volatile` (system scope, LDG.E.STRONG.SYS, the kernels
// before), `weak` (plain L1-cached loads: a pass may read stale distances, which Bellman-Ford tolerates;
// for comparison only) and `stream` (as generated, the pair arrays read with __ldcs: LDG.E.EF, evict-first,
// so that the 12 bytes a pair streamed per pass evict less of the distances and parents from L2; WGSL cannot
// say this). Variants and WebGPU alternate per query, so clock drift spreads over all of them.
// Every variant's distances must equal the first's, and the first variant's of each backend pass the Graph500
// SSSP rules with its parents.
//   tsx --conditions=source benchmarks/cuda/sssp-pass-probe.ts [--kron 22] [--sources 2] [--reps 2]
//       [--variants relaxed,volatile,weak,stream] [--backends cuda,webgpu] [--cache DIR] [--out DIR]
// On the GPU host (bundled with scripts/device-bundle.sh cuda/sssp-pass-probe):
//   . .device/env.sh && node .device/sssp-pass-probe.mjs --kron 22 --out $OUT
import { suiteArgs } from '../lib/suite-args.js';
import { kernelFor, loadCudaRuntime, prepareSssp, validateSssp, type SsspSetup } from '@semiforge/algorithms';
import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { openDevice, type Device } from '@semiforge/runtime';
import type { CudaBuffer, CudaDevice, CudaKernel } from '@semiforge/runtime-cuda';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { kroneckerGraph } from '../sssp/graphs.js';
import { cudaContext } from './cuda-context.js';
import { graph500Sources } from '../lib/graph500-sources.js';

const args = suiteArgs({
  options: {
    kron: { type: 'string', default: '22' },
    sources: { type: 'string', default: '2' },
    reps: { type: 'string', default: '2' },
    variants: { type: 'string', default: 'relaxed,volatile,weak,stream' },
    backends: { type: 'string', default: 'cuda,webgpu' },
    cache: { type: 'string' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results/probes'] },
  },
});

const UNREACHED = 0xffffffff;
const LIMIT = UNREACHED - 1;

// The generated live accesses (templates/cuda/partials/sssp-prelude.cu.hbs) and what each variant puts instead.
const LIVE_LOAD = 'asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");';
const LIVE_STORE = 'asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");';
const VARIANTS: Record<string, { load: string; store: string; streamPairs?: boolean }> = {
  relaxed: { load: LIVE_LOAD, store: LIVE_STORE },
  volatile: { load: 'v = *(const volatile unsigned*)p;', store: '*(volatile unsigned*)p = v;' },
  weak: { load: 'v = *p;', store: '*p = v;' },
  stream: { load: LIVE_LOAD, store: LIVE_STORE, streamPairs: true },
};
// The pair loads of both kernels (templates/cuda/sssp/edges.cu.hbs, parents.cu.hbs), and streamed.
const PAIR_LOADS: readonly [string, string][] = [
  ['const unsigned a = src[e], b = dst[e];', 'const unsigned a = __ldcs(&src[e]), b = __ldcs(&dst[e]);'],
  ['const T w = weight[e];', 'const T w = __ldcs(&weight[e]);'],
];

/** The kernel with its live accesses replaced by a variant's, under a name of its own (kernels load by name). */
function variantOf(kernel: GeneratedKernel, variant: string): GeneratedKernel {
  const { load, store, streamPairs } = VARIANTS[variant];
  const replaced: [string, string][] = [[LIVE_LOAD, load], [LIVE_STORE, store], ...(streamPairs ? PAIR_LOADS : [])];
  let source = kernel.source;
  for (const [from, to] of replaced) {
    if (!source.includes(from)) throw new Error(`${kernel.name}: no '${from}' to replace for variant ${variant} (the SSSP templates changed; update this probe)`);
    source = source.replaceAll(from, to);
  }
  return { ...kernel, name: `${kernel.name}__${variant}`, source };
}

/** One query's pass times (ms): the passes until one changed nothing (that one included), the surplus pass, the parent passes. */
interface QueryTimes {
  passes: number[];
  surplus: number;
  parents: number[];
  dist: Uint32Array;
  parent: Uint32Array;
}

/** Runs one backend's pass; resolves with its GPU time and the flag word after it. */
type RunPass = (step: 'relax' | 'parents', params: Uint32Array) => Promise<{ ms: number; flag: number }>;

/** A backend's runner of single passes over one query's buffers. */
interface PassEngine {
  start(dist: Uint32Array, parent: Uint32Array): Promise<void>;
  /** Clears the flag word before the parent passes. */
  clearFlag(): Promise<void>;
  pass: RunPass;
  read(): Promise<{ dist: Uint32Array; parent: Uint32Array }>;
}

async function runQuery(engine: PassEngine, setup: SsspSetup, source: number, aux: number): Promise<QueryTimes> {
  const n = setup.graph.n;
  const dist = new Uint32Array(n).fill(UNREACHED);
  dist[source] = 0;
  const parent = new Uint32Array(n).fill(UNREACHED);
  parent[source] = source;
  await engine.start(dist, parent);
  const passes: number[] = [];
  for (let iter = 1; ; iter++) {
    if (iter > n) throw new Error(`source ${source}: the distances still fell after ${n} passes`);
    const { ms, flag } = await engine.pass('relax', Uint32Array.of(setup.items, iter, LIMIT, 0));
    passes.push(ms);
    if (flag < iter) break;
  }
  const surplus = (await engine.pass('relax', Uint32Array.of(setup.items, passes.length + 1, LIMIT, 0))).ms;
  await engine.clearFlag();
  const parents: number[] = [];
  for (let iter = 1; ; iter++) {
    if (iter > n) throw new Error(`source ${source}: parents still changing after ${n} passes`);
    const { ms, flag } = await engine.pass('parents', Uint32Array.of(setup.items, iter, 0, aux));
    parents.push(ms);
    if (flag < iter) break;
  }
  return { passes, surplus, parents, ...(await engine.read()) };
}

/** Buffers by binding name for a kernel, from a pool (params travel apart). */
const bound = <B>(bindings: readonly { name: string; kind: string }[], pool: Record<string, B>) =>
  Object.fromEntries(bindings.filter((b) => b.kind !== 'uniform').map((b) => [b.name, pool[b.name]]));

async function cudaEngine(device: CudaDevice, setup: SsspSetup, variant: string): Promise<PassEngine & { free(): void }> {
  const n = setup.graph.n;
  const kernels: Record<'relax' | 'parents', CudaKernel> = {
    relax: await device.kernel(variantOf(kernelFor(setup.plan.relax), variant)),
    parents: await device.kernel(variantOf(kernelFor(setup.plan.parents), variant)),
  };
  const pool: Record<string, CudaBuffer> = {};
  for (const [name, data] of Object.entries(setup.arrays)) pool[name] = device.upload(`probe.${name}`, data);
  for (const name of ['dist', 'parent', 'flag']) pool[name] = device.alloc(`probe.${name}`, name === 'flag' ? 4 : n * 4);
  const grids = { relax: setup.grids.relax, parents: setup.grids.parents };
  const launches = {
    relax: device.prepare(kernels.relax, { buffers: bound(kernels.relax.source.bindings, pool), params: new Uint32Array(4), grid: [grids.relax[0], grids.relax[1] ?? 1, 1] }),
    parents: device.prepare(kernels.parents, { buffers: bound(kernels.parents.source.bindings, pool), params: new Uint32Array(4), grid: [grids.parents[0], grids.parents[1] ?? 1, 1] }),
  };
  return {
    start: async (dist, parent) => {
      device.write(pool.dist, dist);
      device.write(pool.parent, parent);
      device.fill32(pool.flag, 0);
      device.synchronize();
    },
    clearFlag: async () => device.fill32(pool.flag, 0),
    pass: async (step, params) => {
      const launch = launches[step];
      launch.params.set(params);
      const before = device.record();
      device.launchPrepared(launch);
      const after = device.record();
      // elapsedMs waits for the launch and destroys both events.
      return { ms: device.elapsedMs(before, after), flag: device.download(pool.flag, Uint32Array)[0] };
    },
    read: async () => ({ dist: device.download(pool.dist, Uint32Array), parent: device.download(pool.parent, Uint32Array) }),
    free: () => Object.values(pool).forEach((b) => device.free(b)),
  };
}

async function webgpuEngine(device: Device, setup: SsspSetup): Promise<PassEngine & { free(): void }> {
  const n = setup.graph.n;
  const kernels = { relax: kernelFor({ ...setup.plan.relax, target: 'wgsl' }), parents: kernelFor({ ...setup.plan.parents, target: 'wgsl' }) };
  const pool: Record<string, GPUBuffer> = {};
  for (const [name, data] of Object.entries(setup.arrays)) pool[name] = await device.createStorage(`probe.${name}`, data);
  for (const name of ['dist', 'parent', 'flag']) pool[name] = await device.createBuffer(`probe.${name}`, name === 'flag' ? 4 : n * 4, 'storage');
  return {
    start: async (dist, parent) => {
      device.upload(pool.dist, dist);
      device.upload(pool.parent, parent);
      device.upload(pool.flag, Uint32Array.of(0));
    },
    clearFlag: async () => device.upload(pool.flag, Uint32Array.of(0)),
    pass: async (step, params) => {
      const kernel = kernels[step];
      const grid = setup.grids[step]!;
      const { gpuTimeMs } = await device
        .batch({ label: `probe ${step}` })
        .dispatch(kernel, { buffers: bound(kernel.bindings, pool), params, workgroups: [grid[0], grid[1] ?? 1, 1] })
        .submit();
      if (gpuTimeMs === undefined) throw new Error('WebGPU: this adapter has no timestamp queries; the probe needs GPU times');
      return { ms: gpuTimeMs, flag: (await device.read(pool.flag, Uint32Array, 0, 1))[0] };
    },
    read: async () => ({ dist: await device.read(pool.dist, Uint32Array), parent: await device.read(pool.parent, Uint32Array) }),
    free: () => Object.values(pool).forEach((b) => b.destroy()),
  };
}

const decode = (keys: Uint32Array) => Float64Array.from(keys, (k) => (k === UNREACHED ? Infinity : k));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const scale = Number(args.kron);
const graph = kroneckerGraph(scale);
const u32 = graph.weightings.find((w) => w.type === 'u32')!;
console.error(`[probe] building ${graph.name} (${u32.label})`);
const csr: Csr = u32.apply(await graph.make({ ...(args.cache === undefined ? {} : { cacheDir: args.cache }) }));
const setup = prepareSssp(csr, { method: 'bellman-ford', weights: 'u32' }, 'cuda');
const aux = setup.weights.min >= 0 ? 1 : 0;
const sources = graph500Sources(csr, Number(args.sources));
console.error(`[probe] n ${csr.n}, ${setup.items} pairs, grid ${setup.grids.relax.join('x')} of ${setup.plan.relax.workgroupSize}, sources ${sources.join(', ')}`);

const wanted = args.backends.split(',');
const engines: { label: string; backend: 'cuda' | 'webgpu'; engine: PassEngine & { free(): void } }[] = [];
let cuda: CudaDevice | undefined;
let webgpu: Device | undefined;
if (wanted.includes('cuda')) {
  cuda = await (await loadCudaRuntime()).openCudaDevice();
  for (const variant of args.variants.split(',')) {
    if (!VARIANTS[variant]) throw new Error(`--variants: unknown '${variant}' (expected ${Object.keys(VARIANTS).join(', ')})`);
    engines.push({ label: `cuda ${variant}`, backend: 'cuda', engine: await cudaEngine(cuda, setup, variant) });
  }
}
if (wanted.includes('webgpu')) {
  webgpu = await openDevice();
  engines.push({ label: 'webgpu', backend: 'webgpu', engine: await webgpuEngine(webgpu, setup) });
}
if (engines.length === 0) throw new Error('--backends: none of cuda, webgpu opened');

const times = new Map<string, QueryTimes[]>(engines.map((e) => [e.label, []]));
const problems: string[] = [];
for (let rep = 0; rep < Number(args.reps); rep++) {
  for (const source of sources) {
    let first: QueryTimes | undefined;
    for (const { label, backend, engine } of engines) {
      const q = await runQuery(engine, setup, source, aux);
      times.get(label)!.push(q);
      if (first && q.dist.some((k, v) => k !== first!.dist[v])) problems.push(`${label}, source ${source}: distances differ from ${engines[0].label}'s`);
      const firstOfBackend = engines.find((e) => e.backend === backend)!.label === label;
      if (rep === 0 && firstOfBackend) {
        const check = validateSssp(csr, source, { dist: decode(q.dist), parent: q.parent }, { weights: 'u32' });
        if (!check.valid) problems.push(`${label}, source ${source}: ${check.violation!.message}`);
      }
      first ??= q;
      console.error(`[probe] ${label.padEnd(13)} source ${source}: ${q.passes.length} passes ${sum(q.passes).toFixed(3)} ms (each ${q.passes.map((t) => t.toFixed(3)).join(' ')}), surplus ${q.surplus.toFixed(3)} ms, parents ${q.parents.length} passes ${sum(q.parents).toFixed(3)} ms (${q.parents.map((t) => t.toFixed(3)).join(' ')})`);
    }
  }
}

const baseline = summarize(times.get(engines.find((e) => e.backend === 'webgpu')?.label ?? engines[0].label)!.map((q) => sum(q.passes))).median;
const results: BenchResult[] = engines.map(({ label, backend }) => {
  const qs = times.get(label)!;
  const distances = summarize(qs.map((q) => sum(q.passes)));
  return {
    case: `sssp pass probe ${label} kronecker scale=${scale} integers 1..255 bellman-ford, one pass a launch`,
    params: {
      scale,
      backend,
      variant: label,
      pairs: setup.items,
      grid: setup.grids.relax.join('x'),
      workgroup: setup.plan.relax.workgroupSize,
      passes_median: summarize(qs.map((q) => q.passes.length)).median,
      distances_ms_median: distances.median,
      ms_per_pass_median: summarize(qs.flatMap((q) => q.passes)).median,
      surplus_pass_ms_median: summarize(qs.map((q) => q.surplus)).median,
      parents_ms_median: summarize(qs.map((q) => sum(q.parents))).median,
      parent_passes_median: summarize(qs.map((q) => q.parents.length)).median,
    },
    metric: 'ms',
    value: distances.median,
    unit: 'ms (distance passes, summed)',
    time_ms: distances,
    peer: { name: 'WebGPU (Dawn), same passes, one dispatch a submit', value: baseline, same_run: true },
    ratio_to_peer: baseline / distances.median,
    validated: problems.length === 0,
    validation: problems.length === 0 ? 'distances equal across variants and backends; Graph500 SSSP rules on the first query of each backend' : problems.join('; '),
  };
});
for (const r of results) {
  const p = r.params;
  console.error(`${String(p.variant).padEnd(13)} distances ${Number(p.distances_ms_median).toFixed(3)} ms (${p.passes_median} passes, ${Number(p.ms_per_pass_median).toFixed(3)} ms a pass, ${r.ratio_to_peer!.toFixed(3)}x WebGPU), surplus pass ${Number(p.surplus_pass_ms_median).toFixed(3)} ms, parents ${Number(p.parents_ms_median).toFixed(3)} ms (${p.parent_passes_median} passes)`);
}
for (const problem of problems) console.error(`NOT VALID: ${problem}`);
const backendsRun = engines.map((e) => e.backend).filter((b, i, all) => all.indexOf(b) === i);
const context = { ...(cuda ? cudaContext('cuda', cuda, backendsRun) : webgpuContext('cuda', webgpu!)), command: `node benchmarks/cuda/sssp-pass-probe.ts ${process.argv.slice(2).join(' ')}`.trim() };
for (const path of writeResults('cuda-sssp-passes', context, results, args.out)) console.error(`wrote ${path}`);
for (const { engine } of engines) engine.free();
cuda?.destroy();
webgpu?.destroy();
process.exit(problems.length === 0 ? 0 : 1);
