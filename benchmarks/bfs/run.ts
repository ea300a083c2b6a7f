// BFS suite (issue 5, paper 003): Graph500 Kronecker graphs of the given scales and a road-like grid, 64
// random non-isolated sources each, the ablation of the paper's Fig. 6 (hybrid + degree ordering, + m_f
// approximation, + CoreBFS; the hybrid without degree ordering on request), harmonic-mean TEPS with
// per-level times and preprocessing apart, every search validated, against the bandwidth-bound limit (copy
// bandwidth measured in this run) and CPU BFS peers in the same run (cpu-peers.ts: a multi-threaded
// direction-optimising BFS and SciPy's breadth_first_order, each validated). Writes results/bfs-<device>-<date>.json
// after every graph, so that a run cut short keeps what it measured.
//   tsx --conditions=source benchmarks/bfs/run.ts [--scales 20,21] [--edge-factor 16] [--road 2048x2048|none]
//       [--sources 64] [--variants baseline,approx,core,multi] [--cpu-checks 4] [--cpu-sources 4] [--threads N]
//       [--cpu-peers parallel,scipy|none] [--cpu-threads N] [--scipy-undirected]
//       [--alpha 16 --beta 16] [--profile-sources 2] [--budget-s 540] [--min-sources 8]
//       [--cache DIR] [--prepare-only] [--merge EARLIER.json] [--out DIR]
//       [--dispatch auto|indirect|fixed] [--fixed-workgroups 1024] [--skip-validation] [--batch K] [--single N] [--cuda-clock] [--chunk-mib M]
// --dispatch: how a level's steps are launched (BfsOptions.dispatch; auto: the runner's default for the device); --skip-validation: open the device with
// Dawn's skip_validation toggle (no validation pass before each indirect dispatch). Both go in every result's params.
// --batch K: after the one-at-a-time searches, the same sources again K to a runMany call (a pass per search, up to 8
// searches a submit, no read-back between searches; GPU time per search from its own pass's timestamps), reported as a result of its own
// (method <variant>/batchK) with the one-at-a-time TEPS beside it; 0 (the default; --quick: 4) skips it. Not for 'multi'.
// --cuda-clock: hold a CUDA context open for the run (the H100 keeps Dawn's work at its idle clock otherwise).
// --single N (with --batch): only the first N sources also one at a time, every source in the batched measurement.
// --cpu-sources K: the first K sources searched by each CPU peer (the first of them validated); --cpu-threads: the
// parallel peer's workers (default all cores but one); --scipy-undirected: call SciPy with directed=False, which
// builds the transpose inside every call (the default, directed=True, is the same search on the symmetric CSR).
// --budget-s: no graph or variant starts after it, and a variant's sources stop there (after --min-sources);
// --prepare-only: build the graphs into --cache and stop (a scale too big to build and measure in one command).
//   tsx --conditions=source benchmarks/bfs/run.ts --quick      (scale 10 and a 48 × 48 grid: a check on lavapipe)
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { suiteArgs } from '../lib/suite-args.js';
import { defaultBfsDispatch, type BfsDispatch } from '@semiforge/algorithms';
import { openDevice } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { copyBandwidth } from '../lib/copy-bandwidth.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { earlierResults } from '../lib/merge-results.js';
import { writeResults, type BenchResult } from '../lib/results.js';
import { kroneckerGraph, roadGraph, type BenchGraph } from './graphs.js';
import { graph500Sources } from '../lib/graph500-sources.js';
import { EnginePool, measureVariant, VARIANTS, type Variant } from './measure.js';
import { CPU_PEERS, cpuPeers, type CpuPeerKind } from './cpu-peers.js';
import { batchedResult, variantResult } from './report.js';

const args = suiteArgs({
  options: {
    scales: { type: 'string', default: '20' },
    'edge-factor': { type: 'string', default: '16' },
    road: { type: 'string', default: '2048x2048' },
    sources: { type: 'string', default: '64' },
    variants: { type: 'string', default: 'baseline,approx,core,multi' },
    // Searches per variant that the CPU validator checks besides the GPU check every search gets (the CPU's is
    // single-threaded: seconds per search from scale 22 up).
    'cpu-checks': { type: 'string', default: '4' },
    'cpu-sources': { type: 'string', default: '4' },
    'cpu-peers': { type: 'string', default: CPU_PEERS.join(',') },
    'cpu-threads': { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
    'scipy-undirected': { type: 'boolean', default: false },
    threads: { type: 'string', default: String(availableParallelism()) },
    alpha: { type: 'string', default: '16' },
    beta: { type: 'string', default: '16' },
    'bandwidth-mib': { type: 'string', default: '1024' },
    // Searches repeated a level a submit with GPU timestamps: the per-level times and the GPU-time TEPS.
    'profile-sources': { type: 'string', default: '2' },
    'budget-s': { type: 'string', default: '540' },
    'min-sources': { type: 'string', default: '8' },
    // Open a CUDA context for the run (benchmarks/lib/compute-clock.ts): the H100 then runs Dawn's work at its
    // compute clock instead of the idle one. Marked in every result (cuda_context_held) and its case.
    'cuda-clock': { type: 'boolean', default: false },
    // With --batch: how many sources are also searched one at a time (default all).
    single: { type: 'string' },
    'prepare-only': { type: 'boolean', default: false },
    // Keep each graph here, in degree order (.sfg), and read it back in later commands.
    cache: { type: 'string' },
    // An earlier run's results file on the same device, kept in this run's file (absent or '': nothing to keep),
    // so that scales split over several commands end in one file.
    merge: { type: 'string' },
    quick: { type: 'boolean', default: false },
    dispatch: { type: 'string', default: 'auto' },
    'fixed-workgroups': { type: 'string', default: '1024' },
    'skip-validation': { type: 'boolean', default: false },
    batch: { type: 'string', default: '0' },
    // Largest adjacency binding in MiB (BfsOptions.chunkBytes; default: the device's limit): smaller uploads, more bindings.
    'chunk-mib': { type: 'string' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
});

const int = (name: string, value: string) => {
  const v = Number(value);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name}: expected a non-negative integer, got '${value}'`);
  return v;
};
const scales = args.quick ? [10] : args.scales === 'none' ? [] : args.scales.split(',').map((s) => int('scales', s));
const road = args.quick ? [48, 48] : args.road === 'none' ? undefined : args.road.split('x').map((s) => int('road', s));
if (road && road.length !== 2) throw new Error(`--road: expected ROWSxCOLS or none, got '${args.road}'`);
const variants = args.variants.split(',') as Variant[];
for (const v of variants) if (!(v in VARIANTS)) throw new Error(`--variants: unknown variant '${v}' (expected ${Object.keys(VARIANTS).join(', ')})`);
const sourceCount = args.quick ? 8 : int('sources', args.sources);
const cpuChecks = int('cpu-checks', args['cpu-checks']);
const cpuSources = int('cpu-sources', args['cpu-sources']);
const peerKinds = (args['cpu-peers'] === 'none' ? [] : args['cpu-peers'].split(',')) as CpuPeerKind[];
for (const p of peerKinds) if (!CPU_PEERS.includes(p)) throw new Error(`--cpu-peers: unknown peer '${p}' (expected ${CPU_PEERS.join(', ')} or none)`);
const cpuThreads = int('cpu-threads', args['cpu-threads']);
if (cpuThreads < 1) throw new Error(`--cpu-threads: expected at least 1 worker thread, got ${cpuThreads}`);
if (!['auto', 'indirect', 'fixed'].includes(args.dispatch)) throw new Error(`--dispatch: expected auto, indirect or fixed, got '${args.dispatch}'`);
const tuning = { alpha: Number(args.alpha), beta: Number(args.beta) };
for (const [name, v] of Object.entries(tuning)) if (!(v > 0 && Number.isFinite(v))) throw new Error(`--${name}: expected a positive number, got '${args[name as 'alpha' | 'beta']}'`);

const started = performance.now();
const stopAt = started + 1000 * Number(args['budget-s']);
if (!(stopAt > started)) throw new Error(`--budget-s: expected a positive number of seconds, got '${args['budget-s']}'`);
const elapsed = () => `${((performance.now() - started) / 1e3).toFixed(0)} s`;
const device = await openDevice(args['skip-validation'] ? { dawnFlags: ['enable-dawn-features=skip_validation'] } : {});
const context = webgpuContext('bfs', device);
const clockHold = await cudaClockFlag(args['cuda-clock']);
const dispatch: BfsDispatch = args.dispatch === 'auto' ? defaultBfsDispatch(device.describe().isFallbackAdapter) : (args.dispatch as BfsDispatch);
const launch = {
  dispatch,
  ...(dispatch === 'fixed' ? { fixedWorkgroups: int('fixed-workgroups', args['fixed-workgroups']) } : {}),
  ...(args['chunk-mib'] === undefined ? {} : { chunkBytes: int('chunk-mib', args['chunk-mib']) * 2 ** 20 }),
};
const outDirs = args.out;
console.error(`bfs suite on ${context.device} (${device.describe().description}); scales ${scales.join(', ') || 'none'}, road ${road?.join(' × ') ?? 'none'}, budget ${args['budget-s']} s`);
// The adjacency of scale 25 and 26 spans 3 to 5 bindings beside a step's 7 or 8 others: these two limits say whether it fits.
console.error(`limits: maxStorageBufferBindingSize ${device.limits.maxStorageBufferBindingSize}, maxStorageBuffersPerShaderStage ${device.limits.maxStorageBuffersPerShaderStage}, maxBufferSize ${device.limits.maxBufferSize}`);

// The limit, measured first; its copying also brings an idle GPU up to its clocks.
const bandwidth = await copyBandwidth(device, { bytes: (args.quick ? 16 : Number(args['bandwidth-mib'])) * 2 ** 20, runs: 5, warmupMs: args.quick ? 50 : 1500 });
console.error(bandwidth ? `bandwidth ${(bandwidth.value / 1e9).toFixed(0)} GB/s: ${bandwidth.name}` : 'no GPU timestamps: no bandwidth limit');

const skipped: string[] = [];
const results: BenchResult[] = args.merge && existsSync(args.merge) ? earlierResults(args.merge, 'bfs', context.device) : [];
// Every variant but 'no-order' orders by degree: do it once, before them (its time is reported apart).
const degreeOrder = !variants.includes('no-order');
const graphOptions = { degreeOrder, cacheDir: args.cache, threads: int('threads', args.threads) };
const makers: (() => Promise<BenchGraph>)[] = [
  ...scales.map((scale) => () => kroneckerGraph(scale, int('edge-factor', args['edge-factor']), graphOptions)),
  ...(road ? [() => roadGraph(road[0], road[1], graphOptions)] : []),
];
for (const [i, make] of makers.entries()) {
  if (performance.now() > stopAt) {
    skipped.push(`graph ${i + 1} of ${makers.length}: the budget of ${args['budget-s']} s was spent`);
    continue;
  }
  const graph = await make();
  console.error(`[${elapsed()}] ${graph.name}: n ${graph.csr.n}, ${graph.csr.indices.length} arcs, built in ${(graph.buildMs / 1e3).toFixed(1)} s, ordered by degree in ${(graph.relabelMs / 1e3).toFixed(1)} s`);
  if (args['prepare-only']) continue;
  const sources = graph500Sources(graph.csr, sourceCount);
  console.error(`  [${elapsed()}] CPU peers (${peerKinds.join(', ') || 'none'}) from ${Math.min(cpuSources, sources.length)} sources…`);
  const cpu = await cpuPeers(graph, sources.slice(0, cpuSources), {
    peers: peerKinds, threads: cpuThreads, ...tuning, scipyUndirected: args['scipy-undirected'], stopAt, log: (line) => console.error(`  [${elapsed()}] ${line}`),
  });
  skipped.push(...cpu.skipped);
  // Variants with the same options (the baseline and the multi-source mode) share one runner: one upload.
  const engines = new EnginePool(variants.map((v) => ({ options: { ...VARIANTS[v].options, ...tuning, ...launch }, core: VARIANTS[v].core })));
  for (const variant of variants) {
    if (performance.now() > stopAt) {
      console.error(`  ${VARIANTS[variant].label}: skipped, the budget of ${args['budget-s']} s is spent`);
      skipped.push(`${graph.name}, ${variant}: the budget of ${args['budget-s']} s was spent`);
      continue;
    }
    console.error(`  [${elapsed()}] ${VARIANTS[variant].label}: preprocessing…`);
    let run;
    try {
      run = await measureVariant(device, graph, sources, variant, {
        cpuCheck: (i) => i < cpuChecks,
        warmupMs: args.quick ? 0 : 1000,
        // Each preprocessing step as it ends: a step that runs long at a large scale shows before it ends the budget.
        options: { ...tuning, ...launch, onPhase: (step, ms) => console.error(`    [${elapsed()}] ${step}: ${(ms / 1e3).toFixed(2)} s`) },
        profileSources: int('profile-sources', args['profile-sources']),
        stopAt,
        minSources: int('min-sources', args['min-sources']),
        progress: (done, total) => console.error(`    [${elapsed()}] ${done} of ${total} sources`),
        detail: (line) => console.error(`    [${elapsed()}] ${line}`),
        batch: args.quick && args.batch === '0' ? 4 : int('batch', args.batch),
        ...(args.single === undefined ? {} : { single: int('single', args.single) }),
      }, engines);
    } catch (e) {
      // A variant the device cannot hold (a limit named in the message) leaves the others to run.
      console.error(`  ${VARIANTS[variant].label}: skipped: ${(e as Error).message}`);
      skipped.push(`${graph.name}, ${variant}: ${(e as Error).message}`);
      continue;
    }
    const launchParams = {
      dispatch,
      ...('fixedWorkgroups' in launch ? { fixed_workgroups: launch.fixedWorkgroups } : {}),
      ...('chunkBytes' in launch ? { chunk_bytes: launch.chunkBytes } : {}),
      ...(args['skip-validation'] ? { dawn_skip_validation: true } : {}),
    };
    const measured = variantResult(graph, run, bandwidth, cpu.peers);
    const r = clockHold.markHeld({ ...measured, params: { ...measured.params, ...launchParams } });
    results.push(r);
    const ratio = r.ratio_to_limit === undefined ? '' : `, ${(100 * r.ratio_to_limit).toFixed(1)}% of the bandwidth bound`;
    const gpuTeps = r.params.gpu_teps as number | undefined;
    const gpu = gpuTeps === undefined ? '' : ` (GPU time only: ${(gpuTeps / 1e9).toFixed(2)} GTEPS)`;
    const cut = run.cut > 0 ? `, ${run.cut} sources cut by the budget` : '';
    console.error(
      `  [${elapsed()}] ${VARIANTS[variant].label}: ${(r.value / 1e9).toFixed(3)} GTEPS${ratio}${gpu}, search median ${r.time_ms.median.toFixed(2)} ms, ` +
        `preprocessing ${(run.preprocessMs / 1e3).toFixed(1)} s${cut}, ${r.validated ? r.validation : `NOT VALID: ${r.validation}`}`,
    );
    const batched = batchedResult(graph, run, bandwidth, cpu.peers);
    if (batched) {
      results.push(clockHold.markHeld({ ...batched, params: { ...batched.params, ...launchParams } }));
      const gpuBatched = batched.params.gpu_teps as number | undefined;
      console.error(
        `  [${elapsed()}] ${VARIANTS[variant].label}, ${batched.params.batch} a runMany call: ${(batched.value / 1e9).toFixed(3)} GTEPS (one at a time ${(r.value / 1e9).toFixed(3)})` +
          `${gpuBatched === undefined ? '' : `, GPU time only ${(gpuBatched / 1e9).toFixed(2)} GTEPS`}, search median ${batched.time_ms.median.toFixed(3)} ms, ` +
          `${batched.params.rerun_alone} run again alone, ${batched.validated ? batched.validation : `NOT VALID: ${batched.validation}`}`,
      );
    }
    writeResults('bfs', context, results, outDirs);
  }
  engines.destroy();
}

const files = writeResults('bfs', context, results, outDirs);
console.error(`wrote ${files.join(', ')}`);
for (const s of skipped) console.error(`skipped ${s}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;
