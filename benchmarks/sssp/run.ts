// SSSP suite (issue 6): paper 001's edge-parallel Bellman-Ford (both read modes), frontier Bellman-Ford and
// near-far on paper 001's R-MAT set (average degree 32), Graph500 Kronecker graphs (f32 weights and integers
// 1..255) and a road-like grid; every run validated by the Graph500 SSSP rules, SciPy's Dijkstra on the same
// graphs and sources in the same run (capped by --peer-budget-s). Metric: paper 001's edges processed per
// second (arcs / time of distances + parents). Printed and written per graph: the best method's speed-up over
// paper 001's Bellman-Ford and over SciPy. Results are written after every method (a run cut short keeps
// them); no case starts past --budget-s; progress and host-side phase times go to stderr.
//   tsx --conditions=source benchmarks/sssp/run.ts [--rmat 14,16,18,20] [--kron 20,22] [--road 3163]
//       [--methods bellman-ford,bellman-ford-snapshot,frontier,near-far,near-far/l4/d2] [--sources 4] [--peer-sources 2]
//       [--peer-budget-s 30] [--no-peer] [--budget-s 540] [--threads T] [--cache DIR] [--out DIR]
//       [--weights f32,u32] [--merge EARLIER.json] [--segment P] [--batch K] [--delta-scale X] [--lanes L]
//       [--chunk C] [--workgroup W] [--dispatch fixed|indirect] [--fixed-workgroups G]
// --dispatch sets how the frontier methods launch their passes (default: fixed on a hardware GPU, indirect on a
// software adapter); a method variant's /fixed or /indirect overrides it, so `--methods near-far/indirect,near-far/fixed`
// compares the two in one run. The table shows GPU time and host wall time (the wall is where indirect dispatch pays).
// A large graph's methods or weightings may run in separate commands (each under the GPU host's time limit):
// --merge keeps an earlier file's results, and the speed-ups over paper 001's Bellman-Ford are computed over
// all results of the file, so they appear once both sides have run.
//   tsx --conditions=source benchmarks/sssp/run.ts --quick      (small graphs: a check on a software adapter)
import { suiteArgs } from '../lib/suite-args.js';
import { SsspRunner, ssspWeights, type DispatchMode, type SsspKernelOptions, type SsspWeights } from '@semiforge/algorithms';
import { inShared, type Csr } from '@semiforge/graph-io';
import { LimitError, openDevice } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { earlierResults } from '../lib/merge-results.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { formatTable } from '../lib/text-table.js';
import { kroneckerGraph, parseWeightTypes, rmatGraph, roadGraph, type SsspGraph } from './graphs.js';
import { measureSssp, ssspResult, variantOptions, type Measured } from './measure.js';
import { BELLMAN_FORD, METHODS, parseMethod } from './methods.js';
import { scipyDijkstra, type ScipyDijkstra } from './scipy-peer.js';
import { graph500Sources } from '../lib/graph500-sources.js';

const args = suiteArgs({
  options: {
    rmat: { type: 'string', default: '14,16,18,20' },
    kron: { type: 'string', default: '20' },
    road: { type: 'string', default: '' },
    methods: { type: 'string', default: Object.keys(METHODS).join(',') },
    sources: { type: 'string', default: '4' },
    'peer-sources': { type: 'string', default: '2' },
    'peer-budget-s': { type: 'string', default: '30' },
    peer: { type: 'boolean', default: true },
    quick: { type: 'boolean', default: false },
    'budget-s': { type: 'string', default: '540' },
    threads: { type: 'string' },
    cache: { type: 'string' },
    segment: { type: 'string' },
    batch: { type: 'string' },
    'delta-scale': { type: 'string' },
    lanes: { type: 'string' },
    chunk: { type: 'string' },
    workgroup: { type: 'string' },
    dispatch: { type: 'string' },
    'fixed-workgroups': { type: 'string' },
    weights: { type: 'string' },
    merge: { type: 'string' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
    // Dawn toggles for the device, e.g. enable-dawn-features=skip_validation (no validation pass before each
    // indirect dispatch, which cost the BFS loop ~0.5 ms a dispatch on the H100); recorded in the summary.
    'dawn-flag': { type: 'string', multiple: true, default: [] },
    // Open a CUDA context for the run (benchmarks/lib/compute-clock.ts): the H100 then runs Dawn's work at its
    // compute clock instead of the idle one. Marked in every result (cuda_context_held) and its case.
    'cuda-clock': { type: 'boolean', default: false },
  },
  allowNegative: true,
});

const started = performance.now();
const list = (text: string) => (text ? text.split(',').map(Number) : []);
const graphs: SsspGraph[] = args.quick
  ? [rmatGraph(10), kroneckerGraph(10), roadGraph(48)]
  : [...list(args.rmat).map(rmatGraph), ...list(args.kron).map(kroneckerGraph), ...list(args.road).map(roadGraph)];
// A variant's tuning (near-far/l4/d2: lanes, delta scale; see methods.ts) overrides the flags below.
const methods = args.methods.split(',').map(parseMethod);
const weightTypes = parseWeightTypes(args.weights);
const sourceCount = args.quick ? 2 : Number(args.sources);
const peerSources = Math.min(sourceCount, Number(args['peer-sources']));
const peerBudgetS = Number(args['peer-budget-s']);
const budgetMs = Number(args['budget-s']) * 1000;
const graphOptions = { ...(args.threads === undefined ? {} : { threads: Number(args.threads) }), ...(args.cache === undefined ? {} : { cacheDir: args.cache }) };
const tuning: SsspKernelOptions = {
  ...(args.segment === undefined ? {} : { segment: Number(args.segment) }),
  ...(args.batch === undefined ? {} : { batch: Number(args.batch) }),
  ...(args.lanes === undefined ? {} : { lanesPerVertex: Number(args.lanes) }),
  ...(args.chunk === undefined ? {} : { chunk: Number(args.chunk) }),
  ...(args.workgroup === undefined ? {} : { workgroupSize: Number(args.workgroup) }),
  ...(args.dispatch === undefined ? {} : { dispatch: args.dispatch as DispatchMode }),
  ...(args['fixed-workgroups'] === undefined ? {} : { fixedWorkgroups: Number(args['fixed-workgroups']) }),
};

const dawnFlags = args['dawn-flag'];
const device = await openDevice({ dawnFlags });
const context = webgpuContext('sssp', device);
const clockHold = await cudaClockFlag(args['cuda-clock']);
const outDirs = args.out;
const timing = device.hasTimestamps ? 'gpu' : 'wall';
console.error(
  `sssp suite on ${context.device}; ${graphs.length} graphs, methods ${methods.map((m) => m.name).join(', ')}, ${sourceCount} sources (SciPy on ≤ ${peerSources}, ≤ ${peerBudgetS} s); ` +
    `budget ${budgetMs / 1000} s; times from ${timing === 'gpu' ? 'GPU timestamps' : 'host wall clock (no timestamps)'}`,
);

const results: BenchResult[] = args.merge ? earlierResults(args.merge, 'sssp', context.device) : [];
const table: string[][] = [['graph', 'weights', 'method', 'median ms (min–max)', 'wall ms', 'passes', 'GTEPS', '× SciPy', '× BF', '× BF dist.', 'valid']];
const skipped: string[] = [];
let peerMissing = args.peer ? undefined : 'not run (--no-peer)';

const elapsedS = () => (performance.now() - started) / 1000;
const log = (line: string) => console.error(`[${elapsedS().toFixed(0).padStart(4)} s] ${line}`);
/** Whether the budget still allows starting `what`; records it as skipped otherwise. */
function inBudget(what: string): boolean {
  if (performance.now() - started < budgetMs) return true;
  skipped.push(what);
  log(`${what}: skipped, the ${budgetMs / 1000} s budget is spent`);
  return false;
}
const save = () => writeResults('sssp', context, results, outDirs, summary());

for (const graph of graphs) {
  const weightings = graph.weightings.filter((w) => weightTypes.includes(w.type));
  if (weightings.length === 0) {
    log(`${graph.name}: skipped, its weights are ${graph.weightings.map((w) => `${w.label} (${w.type})`).join(', ')}, not --weights ${weightTypes.join(',')}`);
    continue;
  }
  if (!inBudget(graph.name)) continue;
  const made = performance.now();
  const built = await graph.make(graphOptions);
  // The arcs in shared memory once (graph-io's parallel builders leave them there already): each check's workers read them.
  const base = { ...built, indptr: inShared(built.indptr), indices: inShared(built.indices) };
  log(`${graph.name}: n ${base.n}, arcs ${base.indices.length}, made in ${((performance.now() - made) / 1e3).toFixed(1)} s`);
  const sources = graph500Sources(base, sourceCount);
  for (const weighting of weightings) {
    const csr = weighting.apply(base);
    // In shared memory once: each method's checks (validateSsspParallel) would otherwise copy them there per run.
    const checked = ssspWeights(csr, weighting.type);
    const weights = { ...checked, values: inShared(checked.values) };
    const peer = runPeer(csr, weights, sources.slice(0, peerSources));
    const peerMs = peer && summarize(peer.runs.map((r) => r.seconds * 1000)).median;
    if (peer) log(`  ${weighting.label} SciPy dijkstra: ${peerMs!.toFixed(1)} ms median over ${peer.runs.length} sources`);
    for (const method of methods) {
      if (!inBudget(`${graph.name} ${weighting.label} ${method.name}`)) continue;
      let row: Measured;
      try {
        const options = variantOptions(method, tuning, weighting.type, csr, weights, args['delta-scale'] === undefined ? undefined : Number(args['delta-scale']));
        row = await measureSssp(() => SsspRunner.create(device, csr, options), csr, weights, method.name, sources, timing);
      } catch (e) {
        // A device limit, or options this graph refuses (e.g. hub rounds where its degrees are not skewed, so no
        // hubs wait): the other variants still run.
        if (!(e instanceof LimitError) && !(e instanceof RangeError)) throw e;
        log(`  ${weighting.label} ${method.name}: skipped, ${e.message}`);
        continue;
      }
      const result = clockHold.markHeld(ssspResult({ graph, weighting, csr, row, sources, peer, peerMs, timing, backend: 'webgpu' }));
      results.push(result);
      addSpeedups(results);
      save();
      const bf = result.params.speedup_vs_paper001_bellman_ford;
      // The distance passes alone: Bellman-Ford's parent step differs from the frontier methods' tree step.
      const bfDistances = result.params.distances_speedup_vs_paper001_bellman_ford;
      table.push([
        graph.name,
        weighting.label,
        row.method,
        `${row.time.median.toFixed(2)} (${row.time.min.toFixed(2)}–${row.time.max.toFixed(2)})`,
        summarize(row.wallMs).median.toFixed(1),
        String(summarize(row.passes).median),
        (result.value / 1e9).toFixed(3),
        result.ratio_to_peer === undefined ? '—' : result.ratio_to_peer.toFixed(1),
        typeof bf === 'number' ? bf.toFixed(2) : '—',
        typeof bfDistances === 'number' ? bfDistances.toFixed(2) : '—',
        result.validated ? 'yes' : 'NO',
      ]);
      log(`  ${table.at(-1)!.slice(1).join('  ')}  [prepare ${row.prepareMs.toFixed(0)} ms (${Object.entries(row.preparePhases).map(([step, ms]) => `${step} ${ms.toFixed(0)}`).join(', ')}), validate ${summarize(row.validateMs).median.toFixed(0)} ms a run${row.clock ? `, SM clock ${row.clock.mhz} MHz after` : ''}]`);
    }
    const best = bestOf(graphKey(graph.class, csr.n, weighting.label) + (clockHold.held ? ' cuda-clock' : ''));
    if (best) log(`  ${weighting.label} best: ${best.method} ${best.ms.toFixed(2)} ms${best.speedupVsBf === undefined ? '' : `, ${best.speedupVsBf.toFixed(2)}× paper 001's Bellman-Ford${distancesAlone(best)}`}${best.ratioToScipy === undefined ? '' : `, ${best.ratioToScipy.toFixed(1)}× SciPy`}`);
  }
  log(`${graph.name} done`);
}

console.log(formatTable(table));
for (const b of bestTable()) {
  console.log(`${b.graph} ${b.weights}: best ${b.method} ${b.ms.toFixed(2)} ms; ${b.speedupVsBf?.toFixed(2) ?? '—'}× paper 001's Bellman-Ford${distancesAlone(b)}; ${b.ratioToScipy?.toFixed(1) ?? '—'}× SciPy`);
}
if (peerMissing) console.error(`no SciPy peer in this run: ${peerMissing}`);
if (skipped.length) console.error(`skipped for the budget: ${skipped.join('; ')}`);
console.error(`wrote ${save().join(', ')}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;

/** SciPy's Dijkstra on the first sources, with the graph's weights as f32; undefined (with the reason printed once) when it cannot run. */
function runPeer(csr: Csr, weights: SsspWeights, sources: number[]): ScipyDijkstra | undefined {
  if (peerMissing || sources.length === 0) return undefined;
  const tried = scipyDijkstra(csr, Float32Array.from(weights.values), sources, peerBudgetS);
  if ('unavailable' in tried) {
    console.error((peerMissing = tried.unavailable));
    return undefined;
  }
  return tried;
}

function graphKey(cls: unknown, n: unknown, weights: unknown): string {
  return `${cls} ${n} ${weights}`;
}

function keyOf(r: BenchResult): string {
  return graphKey(r.params.class, r.params.n, r.params.weights) + (r.params.cuda_context_held ? ' cuda-clock' : '');
}


/**
 * speedup_vs_paper001_bellman_ford (and the same for the distance passes alone) on every result whose graph
 * and weights also have a Bellman-Ford result (the faster read mode), in this run or a merged one.
 */
function addSpeedups(all: BenchResult[]): void {
  const best = new Map<string, { total: number; distances: number }>();
  for (const r of all) {
    if (!BELLMAN_FORD.includes(String(r.params.method).split('/')[0]) || !r.validated) continue;
    const was = best.get(keyOf(r)) ?? { total: Infinity, distances: Infinity };
    best.set(keyOf(r), { total: Math.min(was.total, r.time_ms.median), distances: Math.min(was.distances, Number(r.params.distances_ms_median)) });
  }
  for (const r of all) {
    const bf = best.get(keyOf(r));
    if (bf === undefined) continue;
    r.params.speedup_vs_paper001_bellman_ford = bf.total / r.time_ms.median;
    // The same without the parent step (paper 001 times distances only; the methods' parent steps differ).
    r.params.distances_speedup_vs_paper001_bellman_ford = bf.distances / Number(r.params.distances_ms_median);
  }
}

interface Best {
  graph: string;
  weights: string;
  method: string;
  ms: number;
  speedupVsBf?: number;
  /** The same ratio of the distance passes alone (each method's parent step left out). */
  distancesSpeedupVsBf?: number;
  ratioToScipy?: number;
}

/** " (distances alone N×)" where the best method has that ratio. */
function distancesAlone(b: Best): string {
  return b.distancesSpeedupVsBf === undefined ? '' : ` (distances alone ${b.distancesSpeedupVsBf.toFixed(2)}×)`;
}

/** The fastest validated method of one graph and weighting, with its ratios. */
function bestOf(key: string): Best | undefined {
  const rows = results.filter((r) => r.validated && keyOf(r) === key);
  if (rows.length === 0) return undefined;
  const r = rows.reduce((a, b) => (b.time_ms.median < a.time_ms.median ? b : a));
  const bf = r.params.speedup_vs_paper001_bellman_ford;
  const bfDistances = r.params.distances_speedup_vs_paper001_bellman_ford;
  return {
    graph: `${r.params.class} ${r.params.scale ?? r.params.side ?? r.params.n}${r.params.cuda_context_held ? ' (CUDA context held)' : ''}`,
    weights: String(r.params.weights),
    method: String(r.params.method),
    ms: r.time_ms.median,
    ...(typeof bf === 'number' ? { speedupVsBf: bf } : {}),
    ...(typeof bfDistances === 'number' ? { distancesSpeedupVsBf: bfDistances } : {}),
    ...(r.ratio_to_peer === undefined ? {} : { ratioToScipy: r.ratio_to_peer }),
  };
}

function bestTable(): Best[] {
  const keys = new Map(results.map((r) => [keyOf(r), r] as const));
  return [...keys.keys()].map(bestOf).filter((b) => b !== undefined);
}

function summary() {
  return {
    ...(dawnFlags.length ? { dawn_flags: dawnFlags } : {}),
    peer: peerMissing ?? `scipy.sparse.csgraph.dijkstra, same host, same run (≤ ${peerSources} sources, ≤ ${peerBudgetS} s a graph)`,
    metric: "paper 001's edges processed per second: arcs / (distances + parents time)",
    best: bestTable().map((b) => ({
      graph: b.graph,
      weights: b.weights,
      method: b.method,
      time_ms_median: b.ms,
      ...(b.speedupVsBf === undefined ? {} : { speedup_vs_paper001_bellman_ford: b.speedupVsBf }),
      ...(b.distancesSpeedupVsBf === undefined ? {} : { distances_speedup_vs_paper001_bellman_ford: b.distancesSpeedupVsBf }),
      ...(b.ratioToScipy === undefined ? {} : { ratio_to_scipy: b.ratioToScipy }),
    })),
    ...(skipped.length ? { skipped_for_budget: skipped } : {}),
  };
}
