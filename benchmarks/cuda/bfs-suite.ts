// BFS on the CUDA backend and on WebGPU side by side, for the CUDA suite (run.ts --algorithms bfs): the BFS
// suite's graphs (Graph500 Kronecker scales built by the parallel generator, a road-like grid), 64 random
// non-isolated sources each, the ablation of paper 003's Fig. 6 (baseline, + m_f approximation, + CoreBFS),
// measured on both backends by the BFS suite's own measurement (benchmarks/bfs/measure.ts: warm-up, one timed
// search per source, every search checked by the Graph500 rules on the GPU, the first few by the CPU
// validator too) and reported in its format (harmonic-mean TEPS), each CUDA result with the WebGPU one of the
// same graph and variant as its peer. `--bfs-in-flight 1,2,4` times CUDA with each number of groups of levels in flight
// (one: the host reads each level's state before launching the next).
import { availableParallelism } from 'node:os';
import { CUDA_LEVELS_IN_FLIGHT, defaultBfsDispatch, type BfsOptions } from '@semiforge/algorithms';
import { copyBandwidth, type CopyBandwidth } from '../lib/copy-bandwidth.js';
import type { BenchResult } from '../lib/results.js';
import { kroneckerGraph, roadGraph, type BenchGraph } from '../bfs/graphs.js';
import { graph500Sources } from '../lib/graph500-sources.js';
import { EnginePool, measureVariant, VARIANTS, type Variant } from '../bfs/measure.js';
import { CPU_PEERS, cpuPeers } from '../bfs/cpu-peers.js';
import { variantResult } from '../bfs/report.js';
import type { BackendName, Backends } from './apsp-backends.js';
import { optionValues, progressLog, type SuiteSettings } from './suite-settings.js';

/** The suite's command-line options (parseArgs definitions), for run.ts to take beside its own. */
export const BFS_SUITE_OPTIONS = {
  'bfs-scales': { type: 'string', default: '20,21,22' },
  'bfs-edge-factor': { type: 'string', default: '16' },
  'bfs-road': { type: 'string', default: '2048x2048' },
  'bfs-sources': { type: 'string', default: '64' },
  'bfs-variants': { type: 'string', default: 'baseline,approx,core' },
  // Searches per variant and backend the CPU validator checks too (seconds each from scale 22); the GPU check takes every search.
  'bfs-cpu-checks': { type: 'string', default: '2' },
  'bfs-min-sources': { type: 'string', default: '8' },
  'bfs-cache': { type: 'string' },
  // CUDA groups of levels in flight (BfsOptions.levelsPerSubmit on CUDA; 1: every level read before the next is launched), a comma list: each a CUDA run beside WebGPU's.
  'bfs-in-flight': { type: 'string', default: '2' },
} as const;

/** What run.ts gives the suite (no graph or variant starts past `stopAt`; a variant's sources stop there after the minimum). */
export type BfsSuiteSettings = SuiteSettings<typeof BFS_SUITE_OPTIONS>;

const int = (name: string, value: string) => {
  const v = Number(value);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name}: expected a non-negative integer, got '${value}'`);
  return v;
};

/** The graphs to build: `--bfs-scales` Kronecker graphs and the `--bfs-road` grid (`--quick`: scale 10 and 48 × 48). */
function graphMakers(settings: BfsSuiteSettings): (() => Promise<BenchGraph>)[] {
  const a = optionValues(BFS_SUITE_OPTIONS, settings.args);
  const scales = settings.quick ? [10] : a['bfs-scales'] === 'none' ? [] : a['bfs-scales'].split(',').map((s) => int('bfs-scales', s));
  const road = settings.quick ? [48, 48] : a['bfs-road'] === 'none' ? undefined : a['bfs-road'].split('x').map((s) => int('bfs-road', s));
  if (road && road.length !== 2) throw new Error(`--bfs-road: expected ROWSxCOLS or none, got '${a['bfs-road']}'`);
  const options = { degreeOrder: true, cacheDir: a['bfs-cache'], threads: availableParallelism() };
  return [...scales.map((scale) => () => kroneckerGraph(scale, int('bfs-edge-factor', a['bfs-edge-factor']), options)), ...(road ? [() => roadGraph(road[0], road[1], options)] : [])];
}

/** One measured run of a variant: a backend and the options it adds (CUDA: its groups of levels in flight). */
interface Lane {
  readonly backend: BackendName;
  readonly options: BfsOptions;
  /** How the backend launches a level's steps, for the results' params. */
  readonly params: Record<string, string | number>;
}

/** WebGPU's run, then CUDA's for each `--bfs-in-flight` value, of the backends wanted and opened. */
function lanes(backends: Backends, wanted: readonly BackendName[], inFlight: readonly number[]): Lane[] {
  const list: Lane[] = [];
  if (backends.webgpu && wanted.includes('webgpu')) list.push({ backend: 'webgpu', options: {}, params: { dispatch: defaultBfsDispatch(backends.webgpu.describe().isFallbackAdapter) } });
  if (backends.cuda && wanted.includes('cuda')) {
    for (const k of inFlight) list.push({ backend: 'cuda', options: { levelsPerSubmit: k }, params: { dispatch: 'fixed', groups_in_flight: k } });
  }
  return list;
}

/**
 * Runs the suite: per graph and variant, WebGPU first, then CUDA with the WebGPU figure as its peer. Both
 * backends take the same options (degree order, α = β = 16; WebGPU's dispatch default for the device, CUDA's
 * fixed grids with two groups of levels in flight).
 */
export async function bfsSuite(backends: Backends, wanted: readonly BackendName[], settings: BfsSuiteSettings): Promise<void> {
  const a = optionValues(BFS_SUITE_OPTIONS, settings.args);
  const variants = a['bfs-variants'].split(',') as Variant[];
  for (const v of variants) if (!(v in VARIANTS)) throw new Error(`--bfs-variants: unknown variant '${v}' (expected ${Object.keys(VARIANTS).join(', ')})`);
  if (variants.includes('no-order')) throw new Error("--bfs-variants: 'no-order' needs the graphs as generated; run it with benchmarks/bfs/run.ts");
  const sourceCount = settings.quick ? 8 : int('bfs-sources', a['bfs-sources']);
  const cpuChecks = int('bfs-cpu-checks', a['bfs-cpu-checks']);
  const minSources = int('bfs-min-sources', a['bfs-min-sources']);
  const inFlight = a['bfs-in-flight'].split(',').map((k) => int('bfs-in-flight', k));
  const runs = lanes(backends, wanted, inFlight.length > 0 ? inFlight : [CUDA_LEVELS_IN_FLIGHT]);
  const log = progressLog('bfs');
  // The bandwidth bound of the GPU, measured through WebGPU (the same GPU serves both backends).
  let bandwidth: CopyBandwidth | undefined;
  if (backends.webgpu) bandwidth = await copyBandwidth(backends.webgpu, { bytes: (settings.quick ? 16 : 1024) * 2 ** 20, runs: 5, warmupMs: settings.quick ? 50 : 1500 });
  for (const [i, make] of graphMakers(settings).entries()) {
    if (performance.now() > settings.stopAt) {
      settings.skip(`bfs graph ${i + 1}: past the run's time budget (--budget-s)`);
      continue;
    }
    const graph = await make();
    log(`${graph.name}: n ${graph.csr.n}, ${graph.csr.indices.length} arcs, built in ${(graph.buildMs / 1e3).toFixed(1)} s`);
    const sources = graph500Sources(graph.csr, sourceCount);
    const cpu = await cpuPeers(graph, sources.slice(0, 2), { peers: CPU_PEERS, threads: Math.max(1, availableParallelism() - 1), stopAt: settings.stopAt, log });
    for (const s of cpu.skipped) settings.skip(s);
    // Variants with the same options (the baseline and the multi-source mode) share one runner per backend and lane.
    const pools = runs.map((lane) => new EnginePool(variants.map((v) => ({ options: { ...VARIANTS[v].options, ...lane.options }, core: VARIANTS[v].core }))));
    for (const variant of variants) {
      let webgpuTeps: number | undefined;
      for (const [l, lane] of runs.entries()) {
        const { backend } = lane;
        const what = `bfs ${backend} ${variant}${lane.options.levelsPerSubmit ? ` (${lane.options.levelsPerSubmit} in flight)` : ''}, ${graph.name}`;
        if (performance.now() > settings.stopAt) {
          settings.skip(`${what}: past the run's time budget (--budget-s)`);
          continue;
        }
        let run;
        try {
          run = await measureVariant(backends[backend]!, graph, sources, variant, {
            cpuCheck: (j) => j < cpuChecks,
            warmupMs: settings.quick ? 0 : 1000,
            options: lane.options,
            profileSources: 0,
            // One search at a time on both backends: the same measurement side by side.
            batch: 0,
            stopAt: settings.stopAt,
            minSources,
            progress: (done, total) => log(`${backend} ${done} of ${total} sources`, '    '),
          }, pools[l]);
        } catch (e) {
          // A variant a backend cannot hold (a limit named in the message) leaves the others to run.
          settings.skip(`${what}: ${(e as Error).message}`);
          console.error(`  ${what}: skipped: ${(e as Error).message}`);
          continue;
        }
        const measured = variantResult(graph, run, bandwidth, cpu.peers);
        const onCuda = backend === 'cuda' && webgpuTeps !== undefined;
        const result: BenchResult = {
          ...measured,
          case: `bfs ${backend}${lane.options.levelsPerSubmit ? ` (${lane.options.levelsPerSubmit} in flight)` : ''} ${VARIANTS[variant].label}, ${graph.name}, ${run.queries.length} sources`,
          params: { ...measured.params, backend, ...lane.params },
          ...(onCuda ? { peer: { name: `the WebGPU backend (Dawn), same GPU, same graph, sources and variant`, value: webgpuTeps!, same_run: true }, ratio_to_peer: measured.value / webgpuTeps! } : {}),
        };
        if (backend === 'webgpu' && result.validated) webgpuTeps = result.value;
        settings.record(result);
        log(
          `${(backend + (lane.options.levelsPerSubmit ? `/${lane.options.levelsPerSubmit}` : '')).padEnd(8)} ${VARIANTS[variant].label}: ${(result.value / 1e9).toFixed(3)} GTEPS, search median ${result.time_ms.median.toFixed(3)} ms` +
            (onCuda ? `, ${result.ratio_to_peer!.toFixed(2)}x WebGPU` : '') +
            `, ${result.validated ? result.validation : `NOT VALID: ${result.validation}`}`,
          '  ',
        );
      }
    }
    for (const pool of pools) pool.destroy();
  }
}
