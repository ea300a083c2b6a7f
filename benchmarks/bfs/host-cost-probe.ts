// Diagnostic: the host's cost per BFS search (issue 5: on the H100 a Kronecker search's wall time is 10–20× its GPU
// time, with no read-back between the searches of a runMany call). For each variant (baseline: hybrid + degree
// ordering; core: + m_f approximation + CoreBFS) and each mode (one: `run` a search at a time; many: `runMany`, K
// searches a call) it prints, per search:
//   - host ms: the main thread's time in our code, JavaScript and the WebGPU calls it makes (V8's sampling
//     profiler; see host-profile.ts), and of that the time inside WebGPU calls;
//   - queued ms (many): from the call to the return of its last queue.submit (every search encoded and queued);
//   - wall ms, GPU ms (timestamps, where the device has them and the mode gives them);
//   - WebGPU calls: dispatches, setBindGroup, createBindGroup, createBuffer, writeBuffer, submits, mapAsync,
//     copies and clears, query sets.
// Counts do not depend on how busy the machine is; times do (on lavapipe the "GPU" shares the host's cores).
// After the timing every search is checked by the Graph500 rules on the GPU (bfs_check) and the first
// --cpu-checks of each mode also by the CPU validator. --budget-s: no variant or mode starts after it.
//   tsx --conditions=source benchmarks/bfs/host-cost-probe.ts [--scale 13] [--sources 64] [--batch 64]
//       [--variants baseline,core] [--modes one,many] [--repeats 3] [--dispatch auto|indirect|fixed]
//       [--cpu-checks 4] [--threads N] [--profile-top 0] [--budget-s 500] [--out DIR]
//   tsx --conditions=source benchmarks/bfs/host-cost-probe.ts --scale 12 --sources 32 --batch 32 --repeats 2   (lavapipe)
import { availableParallelism } from 'node:os';
import { suiteArgs } from '../lib/suite-args.js';
import { BfsRunner, CoreBfs, defaultBfsDispatch, treeDepths, validateBfs, type BfsDispatch } from '@semiforge/algorithms';
import { openDevice } from '@semiforge/runtime';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { GpuOpCounter, type OpCounts } from './gpu-op-counter.js';
import { HostProfiler } from './host-profile.js';
import { kroneckerGraph } from './graphs.js';
import { graph500Sources } from '../lib/graph500-sources.js';

const args = suiteArgs({
  options: {
    scale: { type: 'string', default: '13' },
    sources: { type: 'string', default: '64' },
    batch: { type: 'string', default: '64' },
    variants: { type: 'string', default: 'baseline,core' },
    modes: { type: 'string', default: 'one,many' },
    repeats: { type: 'string', default: '3' },
    dispatch: { type: 'string', default: 'auto' },
    'cpu-checks': { type: 'string', default: '4' },
    threads: { type: 'string', default: String(availableParallelism()) },
    'budget-s': { type: 'string', default: '500' },
    // Prints the functions with the most self time in our code, this many, for each variant and mode.
    'profile-top': { type: 'string', default: '0' },
    out: { type: 'string', multiple: true, default: [] },
  },
});
const positive = (name: string, value: string) => {
  const v = Number(value);
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: expected a positive integer, got '${value}'`);
  return v;
};
const VARIANTS = ['baseline', 'core'] as const;
const MODES = ['one', 'many'] as const;
const variants = args.variants.split(',') as (typeof VARIANTS)[number][];
for (const v of variants) if (!VARIANTS.includes(v)) throw new Error(`--variants: unknown variant '${v}' (expected ${VARIANTS.join(', ')})`);
const modes = args.modes.split(',') as (typeof MODES)[number][];
for (const m of modes) if (!MODES.includes(m)) throw new Error(`--modes: unknown mode '${m}' (expected ${MODES.join(', ')})`);
if (!['auto', 'indirect', 'fixed'].includes(args.dispatch)) throw new Error(`--dispatch: expected auto, indirect or fixed, got '${args.dispatch}'`);
const scale = positive('scale', args.scale);
const batch = positive('batch', args.batch);
const repeats = positive('repeats', args.repeats);
const profileTop = Number(args['profile-top']);
const cpuChecks = Number(args['cpu-checks']);
const stopAt = performance.now() + 1000 * positive('budget-s', args['budget-s']);

const device = await openDevice();
const context = { ...webgpuContext('bfs-host-cost', device), command: `node benchmarks/bfs/host-cost-probe.ts ${process.argv.slice(2).join(' ')}`.trim() };
const dispatch: BfsDispatch = args.dispatch === 'auto' ? defaultBfsDispatch(device.describe().isFallbackAdapter) : (args.dispatch as BfsDispatch);
const ops = new GpuOpCounter(device);
const profiler = await HostProfiler.open();
console.error(`bfs host-cost probe on ${context.device}; Kronecker scale ${scale}, dispatch ${dispatch}`);
const graph = await kroneckerGraph(scale, 16, { degreeOrder: true, threads: Number(args.threads) });
const sources = graph500Sources(graph.csr, positive('sources', args.sources));

/** One measured call: what it cost the host and the GPU, per search. */
interface Sample {
  /** The main thread's time in our code (JavaScript and the WebGPU calls it makes). */
  readonly hostMs: number;
  /** many: from the call to the return of its last queue.submit (every search encoded and queued). */
  readonly queuedMs?: number;
  readonly dawnMs: number;
  readonly wallMs: number;
  readonly gpuMs?: number;
  readonly ops: OpCounts;
  readonly selfMs: ReadonlyMap<string, number>;
}

/** Runs `work` over `count` searches and measures it, per search; `queued`: also the time to its last submit. */
async function measure(count: number, work: () => Promise<{ gpuMs?: number }>, queued: boolean): Promise<Sample> {
  const before = ops.snapshot();
  const { result, time, wallMs, started } = await profiler.measure(work);
  const counted = ops.since(before);
  const per = (x: number) => x / count;
  return {
    hostMs: per(time.ownMs),
    ...(queued ? { queuedMs: per(ops.lastSubmitAt - started) } : {}),
    dawnMs: per(counted.dawnMs),
    wallMs: per(wallMs),
    ...(result.gpuMs === undefined ? {} : { gpuMs: per(result.gpuMs) }),
    ops: { calls: perEntry(counted.calls, count), ms: perEntry(counted.ms, count), dawnMs: per(counted.dawnMs) },
    selfMs: new Map([...time.selfMs].map(([k, v]) => [k, per(v)])),
  };
}

function perEntry(record: Readonly<Record<string, number>>, count: number): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v / count]));
}

const results: BenchResult[] = [];
const rows: string[] = [];
for (const variant of variants) {
  const options = { dispatch, ...(variant === 'core' ? { mfApprox: true } : {}) };
  const engine = variant === 'core' ? await CoreBfs.create(device, graph.csr, options) : await BfsRunner.create(device, graph.csr, options);
  try {
    const parents = new Map<number, Int32Array>();
    const one = async (s: number) => {
      const r = await engine.run(s);
      parents.set(s, r.parent);
      return r;
    };
    // Compiles the pipelines and lets runMany learn the depth.
    await one(sources[0]);
    for (const mode of modes) {
      if (performance.now() > stopAt) {
        console.error(`${variant} ${mode}: skipped, the budget of ${args['budget-s']} s is spent`);
        continue;
      }
      const samples: Sample[] = [];
      for (let r = 0; r < repeats; r++) {
        if (mode === 'one') {
          for (const s of sources) samples.push(await measure(1, async () => (await one(s), {}), false));
          continue;
        }
        for (let i = 0; i < sources.length; i += batch) {
          const chunk = sources.slice(i, i + batch);
          samples.push(
            await measure(chunk.length, async () => {
              const many = await engine.runMany(chunk);
              many.results.forEach((x, k) => parents.set(chunk[k], x.parent));
              const gpu = 'gpuMs' in many && many.gpuMs ? many.gpuMs.reduce((a, b) => a + b, 0) : undefined;
              return gpu === undefined ? {} : { gpuMs: gpu };
            }, true),
          );
        }
      }
      // After the timing: every source's answer by the Graph500 rules on the GPU, the first few also on the CPU.
      for (const [i, s] of sources.entries()) {
        const parent = parents.get(s)!;
        const tree = treeDepths(parent, s);
        const gpu = 'brokenAt' in tree ? { ok: false, rule: 'tree', vertex: tree.brokenAt } : await engine.check(s, parent, tree.depth);
        if (!gpu.ok) throw new Error(`${variant} ${mode}, source ${s}: bfs_check: rule ${gpu.rule} broken at vertex ${gpu.vertex}`);
        const cpu = i < cpuChecks ? validateBfs(graph.csr, s, parent) : { ok: true as const };
        if (!cpu.ok) throw new Error(`${variant} ${mode}, source ${s}: ${cpu.rule}: ${cpu.message}`);
      }
      const median = (pick: (x: Sample) => number | undefined) => {
        const xs = samples.map(pick).filter((x): x is number => x !== undefined);
        return xs.length === 0 ? undefined : summarize(xs).median;
      };
      const calls = (name: string) => median((x) => x.ops.calls[name]) ?? 0;
      const counts = {
        dispatches: calls('dispatchWorkgroups') + calls('dispatchWorkgroupsIndirect'),
        set_bind_group: calls('setBindGroup'),
        create_bind_group: calls('createBindGroup'),
        create_buffer: calls('createBuffer'),
        write_buffer: calls('writeBuffer'),
        submits: calls('submit'),
        map_async: calls('mapAsync'),
        copies_clears: calls('copyBufferToBuffer') + calls('clearBuffer'),
        query_sets: calls('createQuerySet'),
        passes: calls('beginComputePass'),
      };
      const times = { host_ms: median((x) => x.hostMs)!, queued_ms: median((x) => x.queuedMs), dawn_ms: median((x) => x.dawnMs)!, wall_ms: median((x) => x.wallMs)!, gpu_ms: median((x) => x.gpuMs) };
      const label = `${variant} ${mode === 'one' ? 'one at a time' : `${batch} a runMany call`}`;
      const fmt = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
      rows.push(
        `${label.padEnd(26)} host ${fmt(times.host_ms)} (in WebGPU ${fmt(times.dawn_ms)})  queued ${fmt(times.queued_ms)}  wall ${fmt(times.wall_ms)}  gpu ${fmt(times.gpu_ms)} ms | ` +
          Object.entries(counts).map(([k, v]) => `${k} ${+v.toFixed(2)}`).join(', '),
      );
      console.error(rows.at(-1));
      // Where the time inside WebGPU went, the largest first.
      const inside = Object.keys(samples[0].ops.ms).map((k) => [k, median((x) => x.ops.ms[k])!] as const).filter(([, v]) => v >= 0.005).sort((a, b) => b[1] - a[1]);
      rows.push(`${''.padEnd(26)} inside WebGPU, ms a search: ${inside.map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', ')}`);
      console.error(rows.at(-1));
      if (profileTop > 0) {
        const self = new Map<string, number>();
        for (const x of samples) for (const [k, v] of x.selfMs) self.set(k, (self.get(k) ?? 0) + v / samples.length);
        const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, profileTop);
        rows.push(`${''.padEnd(26)} self time, ms a search: ${top.map(([k, v]) => `${k} ${v.toFixed(3)}`).join('; ')}`);
        console.error(rows.at(-1));
      }
      const hostTimes = samples.map((x) => x.hostMs);
      results.push({
        case: `bfs host cost, ${label}, kronecker scale ${scale} edge factor 16, ${sources.length} sources`,
        params: { scale, n: graph.csr.n, method: variant, mode, batch: mode === 'many' ? batch : 1, dispatch, backend: 'webgpu', ...Object.fromEntries(Object.entries(times).filter(([, v]) => v !== undefined)), ...counts } as Record<string, number | string>,
        metric: 'host_ms_per_search',
        value: times.host_ms,
        unit: 'ms',
        time_ms: summarize(hostTimes),
        validated: true,
        validation: `Graph500 rules on every search on the GPU (bfs_check) after the timing, ${Math.min(cpuChecks, sources.length)} of them also by the CPU validator`,
      });
    }
  } finally {
    engine.destroy();
  }
}
console.log(`bfs host cost per search, Kronecker scale ${scale}, ${sources.length} sources, ${context.device}, dispatch ${dispatch} (medians of ${repeats} repeats)`);
for (const row of rows) console.log(row);
if (args.out.length > 0 || process.env.OUT) for (const path of writeResults('bfs-host-cost', context, results, args.out)) console.error(`wrote ${path}`);
profiler.close();
device.destroy();
