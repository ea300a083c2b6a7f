// SSSP suite (issue 6): paper 001's edge-parallel Bellman-Ford (both read modes), frontier Bellman-Ford and
// near-far on paper 001's R-MAT set, Graph500 Kronecker graphs (f32 weights and integers 1..255) and a
// road-like grid; every run validated by the Graph500 SSSP rules, SciPy's Dijkstra on the same graphs and
// sources in the same run. Metric: paper 001's edges processed per second (arcs / time of distances +
// parents). Writes results/sssp-<device>-<date>.json after every graph, so a run cut short keeps its results.
//   tsx --conditions=source benchmarks/sssp/run.ts [--rmat 14,16,18,20] [--kron 20,22] [--road 3163]
//       [--methods bellman-ford,frontier,near-far] [--sources 4] [--peer-sources 2] [--no-peer] [--out DIR]
//       [--weights f32|u32] [--merge EARLIER.json] [--segment P] [--batch K] [--delta-scale X] [--lanes L]
//       [--chunk C] [--workgroup W]
// A large graph's methods or weightings may run in separate commands (each under the GPU host's time limit):
// --merge keeps an earlier file's results, and the speed-ups over paper 001's Bellman-Ford are computed over
// all results of the file, so they appear once both sides have run.
//   tsx --conditions=source benchmarks/sssp/run.ts --quick      (small graphs: a check on a software adapter)
import { parseArgs } from 'node:util';
import { SsspRunner, ssspWeights, validateSssp, defaultDelta, type SsspKernelOptions, type SsspResult } from '@semiforge/algorithms';
import { Xoshiro128ss, type Csr } from '@semiforge/graph-io';
import { LimitError, openDevice } from '@semiforge/runtime';
import { webgpuContext } from '../lib/gpu-context.js';
import { earlierResults } from '../lib/merge-results.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { kroneckerGraph, rmatGraph, roadGraph, type SsspGraph, type Weighting } from './graphs.js';
import { BELLMAN_FORD, METHODS } from './methods.js';
import { agreesWithScipy, scipyDijkstra, type ScipyDijkstra } from './scipy-peer.js';

const { values: args } = parseArgs({
  options: {
    rmat: { type: 'string', default: '14,16,18,20' },
    kron: { type: 'string', default: '20' },
    road: { type: 'string', default: '' },
    methods: { type: 'string', default: Object.keys(METHODS).join(',') },
    sources: { type: 'string', default: '4' },
    'peer-sources': { type: 'string', default: '2' },
    peer: { type: 'boolean', default: true },
    quick: { type: 'boolean', default: false },
    segment: { type: 'string' },
    batch: { type: 'string' },
    'delta-scale': { type: 'string' },
    lanes: { type: 'string' },
    chunk: { type: 'string' },
    workgroup: { type: 'string' },
    weights: { type: 'string' },
    merge: { type: 'string' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
  allowNegative: true,
});

const list = (text: string) => (text ? text.split(',').map(Number) : []);
const graphs: SsspGraph[] = args.quick
  ? [rmatGraph(10), kroneckerGraph(10), roadGraph(48)]
  : [...list(args.rmat).map(rmatGraph), ...list(args.kron).map(kroneckerGraph), ...list(args.road).map(roadGraph)];
const methods = args.methods.split(',');
for (const m of methods) if (!(m in METHODS)) throw new Error(`--methods: unknown '${m}' (expected ${Object.keys(METHODS).join(', ')})`);
const sourceCount = args.quick ? 2 : Number(args.sources);
const peerSources = Math.min(sourceCount, Number(args['peer-sources']));
const tuning: SsspKernelOptions = {
  ...(args.segment === undefined ? {} : { segment: Number(args.segment) }),
  ...(args.batch === undefined ? {} : { batch: Number(args.batch) }),
  ...(args.lanes === undefined ? {} : { lanesPerVertex: Number(args.lanes) }),
  ...(args.chunk === undefined ? {} : { chunk: Number(args.chunk) }),
  ...(args.workgroup === undefined ? {} : { workgroupSize: Number(args.workgroup) }),
};

const device = await openDevice();
const context = webgpuContext('sssp', device);
const outDirs = [...args.out, ...(process.env.OUT ? [process.env.OUT] : [])];
const timing = device.hasTimestamps ? 'gpu' : 'wall';
console.error(`sssp suite on ${context.device}; ${graphs.length} graphs, methods ${methods.join(', ')}, ${sourceCount} sources (SciPy on ${peerSources}); times from ${timing === 'gpu' ? 'GPU timestamps' : 'host wall clock (no timestamps)'}`);

const results: BenchResult[] = args.merge ? earlierResults(args.merge, 'sssp', context.device) : [];
const table: string[][] = [['graph', 'weights', 'method', 'median ms (min–max)', 'passes', 'GTEPS', '× SciPy', 'valid']];
let peerMissing = args.peer ? undefined : 'not run (--no-peer)';

for (const graph of graphs) {
  const weightings = graph.weightings.filter((w) => !args.weights || w.type === args.weights);
  if (weightings.length === 0) continue;
  const started = performance.now();
  const base = await graph.make();
  console.error(`${graph.name}: n ${base.n}, arcs ${base.indices.length}, made in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
  const sources = pickSources(base, sourceCount);
  for (const weighting of weightings) {
    const csr = weighting.apply(base);
    const rows: Measured[] = [];
    for (const name of methods) {
      try {
        rows.push(await measure(weighting, csr, name, sources));
      } catch (e) {
        if (!(e instanceof LimitError)) throw e;
        console.error(`  ${weighting.label} ${name}: skipped, ${e.message}`);
      }
    }
    const peer = runPeer(csr, weighting, sources.slice(0, peerSources));
    for (const row of rows) {
      const peerOk = peer && row.results.slice(0, peer.runs.length).every((r, i) => agreesWithScipy(r.dist, peer.runs[i]));
      const validated = row.valid && peerOk !== false;
      const peerMs = peer ? summarize(peer.runs.map((r) => r.seconds * 1000)).median : undefined;
      const arcs = csr.indices.length;
      const result: BenchResult = {
        case: `${graph.name} ${weighting.label} ${row.method} (${sources.length} sources; Graph500 rules checked on every run${peer ? `, SciPy distances on ${peer.runs.length}` : ''})`,
        params: {
          ...graph.params,
          class: graph.class,
          type: weighting.type,
          weights: weighting.label,
          method: row.method,
          backend: 'webgpu',
          metric: 'teps',
          arcs,
          sources: sources.length,
          timing,
          passes_median: summarize(row.passes).median,
          distances_ms_median: summarize(row.distanceMs).median,
          parents_ms_median: summarize(row.parentMs).median,
          wall_ms_median: summarize(row.wallMs).median,
          ...row.settings,
        },
        metric: 'teps',
        value: arcs / (row.time.median / 1000),
        unit: 'arcs/s',
        time_ms: row.time,
        ...(peer && peerMs !== undefined
          ? { peer: { name: `scipy.sparse.csgraph.dijkstra ${peer.version} (CPU, one source a call, with predecessors)`, value: arcs / (peerMs / 1000), same_run: true }, ratio_to_peer: peerMs / row.time.median }
          : {}),
        validated,
        validation: row.violation ?? (peerOk === false ? 'reached count or distance sum differs from SciPy' : 'Graph500 SSSP rules on every run' + (peer ? '; SciPy reached count and distance sum agree' : '')),
      };
      results.push(result);
      table.push([
        graph.name,
        weighting.label,
        row.method,
        `${row.time.median.toFixed(2)} (${row.time.min.toFixed(2)}–${row.time.max.toFixed(2)})`,
        String(summarize(row.passes).median),
        (result.value / 1e9).toFixed(3),
        result.ratio_to_peer === undefined ? '—' : result.ratio_to_peer.toFixed(1),
        validated ? 'yes' : 'NO',
      ]);
      console.error(`  ${table.at(-1)!.slice(1).join('  ')}`);
    }
  }
  addSpeedups(results);
  console.error(`  ${graph.name} done in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
  writeResults('sssp', context, results, outDirs, summary());
}

console.log(formatTable(table));
for (const r of results.filter((x) => typeof x.params.speedup_vs_paper001_bellman_ford === 'number' && !BELLMAN_FORD.includes(String(x.params.method)))) {
  console.log(`${r.params.class} ${r.params.scale ?? r.params.n} ${r.params.weights} ${r.params.method}: ${Number(r.params.speedup_vs_paper001_bellman_ford).toFixed(2)}× paper 001's Bellman-Ford`);
}
if (peerMissing) console.error(`no SciPy peer in this run: ${peerMissing}`);
const files = writeResults('sssp', context, results, outDirs, summary());
console.error(`wrote ${files.join(', ')}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;

interface Measured {
  method: string;
  settings: Record<string, string | number>;
  results: SsspResult[];
  time: BenchResult['time_ms'];
  distanceMs: number[];
  parentMs: number[];
  wallMs: number[];
  passes: number[];
  valid: boolean;
  violation?: string;
}

/** One method on one weighted graph: upload, a warm-up query, then one query per source, each validated. */
async function measure(weighting: Weighting, csr: Csr, method: string, sources: number[]): Promise<Measured> {
  {
    const weights = ssspWeights(csr, weighting.type);
    const stats = { n: csr.n, arcs: csr.indices.length, minWeight: weights.min, meanWeight: weights.mean };
    const delta = args['delta-scale'] === undefined ? undefined : defaultDelta(stats, weighting.type) * Number(args['delta-scale']);
    const options: SsspKernelOptions = { ...METHODS[method], ...tuning, weights: weighting.type, ...(delta === undefined ? {} : { delta: weighting.type === 'u32' ? Math.max(1, Math.round(delta)) : delta }) };
    const runner = await SsspRunner.create(device, csr, options);
    try {
      await runner.run(sources[0]);
      const out: Measured = { method, settings: planSettings(runner), results: [], time: summarize([0]), distanceMs: [], parentMs: [], wallMs: [], passes: [], valid: true };
      const times: number[] = [];
      for (const s of sources) {
        const r = await runner.run(s);
        const check = validateSssp(csr, s, r, { weights: weighting.type, arcWeights: weights.values });
        if (!check.valid && out.valid) {
          out.valid = false;
          out.violation = `source ${s}: ${check.violation!.message}`;
        }
        const distanceMs = r.gpuTimeMs ?? r.wallTimeMs;
        const parentMs = r.parentGpuTimeMs ?? 0;
        out.results.push(r);
        out.distanceMs.push(distanceMs);
        out.parentMs.push(parentMs);
        out.wallMs.push(r.wallTimeMs);
        out.passes.push(r.passes);
        times.push(timing === 'gpu' ? distanceMs + parentMs : r.wallTimeMs);
      }
      out.time = summarize(times);
      return out;
    } finally {
      runner.destroy();
    }
  }
}

function planSettings(runner: SsspRunner): Record<string, string | number> {
  const p = runner.plan;
  return {
    workgroup: p.relax.workgroupSize,
    batch: p.batch,
    ...(p.method === 'bellman-ford' ? { reads: p.relax.reads!, segment: p.segment } : { lanes: p.relax.lanesPerVertex!, chunk: p.relax.chunk! }),
    ...(p.method === 'near-far' ? { delta: p.delta } : {}),
  };
}

/** SciPy's Dijkstra on the first sources, with the graph's weights as f32; undefined (with the reason printed once) when it cannot run. */
function runPeer(csr: Csr, weighting: Weighting, sources: number[]): ScipyDijkstra | undefined {
  if (peerMissing || sources.length === 0) return undefined;
  const tried = scipyDijkstra(csr, Float32Array.from(ssspWeights(csr, weighting.type).values), sources);
  if ('unavailable' in tried) {
    console.error((peerMissing = tried.unavailable));
    return undefined;
  }
  return tried;
}

/** Graph500's choice of sources: random vertices with at least one arc, seeded. */
function pickSources(csr: Csr, count: number): number[] {
  const rng = Xoshiro128ss.fromSeed(7);
  const out: number[] = [];
  for (let tries = 0; out.length < count && tries < 1000 * count; tries++) {
    const v = rng.nextBelow(csr.n);
    if (csr.indptr[v + 1] > csr.indptr[v]) out.push(v);
  }
  return out;
}

/**
 * speedup_vs_paper001_bellman_ford on every result whose graph and weights also have a Bellman-Ford result
 * (the faster read mode), in this run or a merged one.
 */
function addSpeedups(all: BenchResult[]): void {
  const key = (r: BenchResult) => `${r.params.class} ${r.params.n} ${r.params.weights}`;
  const best = new Map<string, number>();
  for (const r of all) {
    if (!BELLMAN_FORD.includes(String(r.params.method)) || !r.validated) continue;
    best.set(key(r), Math.min(best.get(key(r)) ?? Infinity, r.time_ms.median));
  }
  for (const r of all) {
    const bf = best.get(key(r));
    if (bf !== undefined) r.params.speedup_vs_paper001_bellman_ford = bf / r.time_ms.median;
  }
}

function summary() {
  return { peer: peerMissing ?? 'scipy.sparse.csgraph.dijkstra, same host, same run', metric: "paper 001's edges processed per second: arcs / (distances + parents time)" };
}

function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}
