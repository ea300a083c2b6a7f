// SSSP on the CUDA backend and on WebGPU side by side, for the CUDA suite (run.ts --algorithms sssp): the SSSP
// suite's graphs (benchmarks/sssp/graphs.ts: paper 001's R-MAT, Graph500 Kronecker with f32 and integer
// weights, the road-like grid), its methods and measurement (benchmarks/sssp/measure.ts: warm-up, one query per
// source, every query checked by the Graph500 SSSP rules), CUDA's distances equal to WebGPU's for every source,
// SciPy's Dijkstra on the first source as the WebGPU result's peer, and each CUDA result with the WebGPU one of
// the same graph, weights and method as its peer. Results in the SSSP suite's format, `backend` telling them apart.
import { availableParallelism } from 'node:os';
import { createSsspRunner, ssspWeights, type SsspResult } from '@semiforge/algorithms';
import { summarize, type BenchResult } from '../lib/results.js';
import { kroneckerGraph, rmatGraph, roadGraph, type SsspGraph } from '../sssp/graphs.js';
import { measureSssp, ssspResult, variantOptions, type Measured } from '../sssp/measure.js';
import { parseMethod } from '../sssp/methods.js';
import { scipyDijkstra, type ScipyDijkstra } from '../sssp/scipy-peer.js';
import type { BackendName, Backends } from './apsp-backends.js';
import { optionValues, progressLog, type SuiteSettings } from './suite-settings.js';
import { graph500Sources } from '../lib/graph500-sources.js';

/** The suite's command-line options (parseArgs definitions), for run.ts to take beside its own. */
export const SSSP_SUITE_OPTIONS = {
  'sssp-rmat': { type: 'string', default: '20,22' },
  'sssp-kron': { type: 'string', default: '22' },
  'sssp-road': { type: 'string', default: '3163' },
  'sssp-methods': { type: 'string', default: 'bellman-ford,frontier,near-far' },
  'sssp-sources': { type: 'string', default: '4' },
  'sssp-weights': { type: 'string' },
  'sssp-peer-budget-s': { type: 'string', default: '30' },
  'sssp-cache': { type: 'string' },
} as const;

/** What run.ts gives the suite (no graph or method starts past `stopAt`). */
export type SsspSuiteSettings = SuiteSettings<typeof SSSP_SUITE_OPTIONS>;

const list = (name: string, text: string) =>
  text === 'none' || text === ''
    ? []
    : text.split(',').map((s) => {
        const v = Number(s);
        if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name}: expected positive integers or none, got '${text}'`);
        return v;
      });

/** The first vertex whose distances differ, or −1. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  for (let v = 0; v < a.length; v++) if (a[v] !== b[v]) return v;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

/**
 * Runs the suite: per graph, weighting and method, WebGPU first (its dispatch default for the device), then
 * CUDA (fixed grids) with the WebGPU figure as its peer and its distances checked equal to WebGPU's.
 */
export async function ssspSuite(backends: Backends, wanted: readonly BackendName[], settings: SsspSuiteSettings): Promise<void> {
  const a = optionValues(SSSP_SUITE_OPTIONS, settings.args);
  const graphs: SsspGraph[] = settings.quick
    ? [rmatGraph(10), kroneckerGraph(10), roadGraph(48)]
    : [...list('sssp-rmat', a['sssp-rmat']).map(rmatGraph), ...list('sssp-kron', a['sssp-kron']).map(kroneckerGraph), ...list('sssp-road', a['sssp-road']).map(roadGraph)];
  const methods = a['sssp-methods'].split(',').map(parseMethod);
  const sourceCount = settings.quick ? 2 : Number(a['sssp-sources']);
  const peerBudgetS = Number(a['sssp-peer-budget-s']);
  const order = (['webgpu', 'cuda'] as const).filter((b) => wanted.includes(b) && backends[b]);
  const graphOptions = { threads: availableParallelism(), ...(a['sssp-cache'] === undefined ? {} : { cacheDir: a['sssp-cache'] }) };
  const log = progressLog('sssp');
  let peerMissing: string | undefined;
  for (const graph of graphs) {
    if (performance.now() > settings.stopAt) {
      settings.skip(`sssp ${graph.name}: past the run's time budget (--budget-s)`);
      continue;
    }
    const base = await graph.make(graphOptions);
    log(`${graph.name}: n ${base.n}, ${base.indices.length} arcs`);
    const sources = graph500Sources(base, sourceCount);
    for (const weighting of graph.weightings.filter((w) => !a['sssp-weights'] || w.type === a['sssp-weights'])) {
      const csr = weighting.apply(base);
      const weights = ssspWeights(csr, weighting.type);
      let peer: ScipyDijkstra | undefined;
      if (!peerMissing) {
        const tried = scipyDijkstra(csr, Float32Array.from(weights.values), sources.slice(0, 1), peerBudgetS);
        if ('unavailable' in tried) log((peerMissing = tried.unavailable));
        else peer = tried;
      }
      const peerMs = peer && summarize(peer.runs.map((r) => r.seconds * 1000)).median;
      for (const method of methods) {
        const options = variantOptions(method, {}, weighting.type, csr, weights);
        let webgpu: { row: Measured; result: BenchResult } | undefined;
        for (const backend of order) {
          const what = `sssp ${backend} ${method.name}, ${graph.name} ${weighting.label}`;
          if (performance.now() > settings.stopAt) {
            settings.skip(`${what}: past the run's time budget (--budget-s)`);
            continue;
          }
          const device = backends[backend]!;
          const timing = backend === 'cuda' || (backends.webgpu?.hasTimestamps ?? false) ? 'gpu' : 'wall';
          let row: Measured;
          try {
            row = await measureSssp(() => createSsspRunner(device, csr, options), csr, weights, method.name, sources, timing);
          } catch (e) {
            // A method a backend cannot hold (a limit named in the message) leaves the others to run.
            settings.skip(`${what}: ${(e as Error).message}`);
            log(`  ${what}: skipped: ${(e as Error).message}`);
            continue;
          }
          const measured = ssspResult({ graph, weighting, csr, row, sources, peer: backend === 'webgpu' ? peer : undefined, peerMs, timing, backend });
          let result: BenchResult = { ...measured, case: `sssp ${backend} ${measured.case}` };
          if (backend === 'cuda' && webgpu) {
            const differs = row.results.map((r, i) => firstDifference(r.dist, webgpu!.row.results[i].dist)).findIndex((v) => v !== -1);
            const agree = differs === -1;
            result = {
              ...result,
              peer: { name: 'the WebGPU backend (Dawn), same GPU, graph, sources and method', value: webgpu.result.value, same_run: true },
              ratio_to_peer: result.value / webgpu.result.value,
              validated: result.validated && agree,
              validation: `${result.validation}; ${agree ? 'distances equal to WebGPU on every source' : `distances differ from WebGPU from source ${sources[differs]}: ${describeDifference(row.results[differs], webgpu.row.results[differs])}`}`,
            };
          }
          if (backend === 'webgpu') webgpu = { row, result };
          settings.record(result);
          log(
            `  ${backend.padEnd(6)} ${weighting.label} ${method.name}: ${result.time_ms.median.toFixed(2)} ms (wall ${summarize(row.wallMs).median.toFixed(1)} ms), ${summarize(row.passes).median} passes` +
              (backend === 'cuda' && result.ratio_to_peer !== undefined ? `, ${result.ratio_to_peer.toFixed(2)}x WebGPU` : '') +
              `, ${result.validated ? 'valid' : `NOT VALID: ${result.validation}`}`,
          );
        }
      }
    }
  }
}

function describeDifference(a: SsspResult, b: SsspResult): string {
  const v = firstDifference(a.dist, b.dist);
  return `vertex ${v}: CUDA ${a.dist[v]}, WebGPU ${b.dist[v]}`;
}
