// One SSSP method on one weighted graph, measured the same way by the SSSP suite (run.ts, WebGPU) and the CUDA
// suite's side-by-side (benchmarks/cuda/sssp-suite.ts): upload, a warm-up query, then one query per source,
// each validated by the Graph500 SSSP rules.
import { planSssp, ssspGraphStats, validateSsspParallel, type SsspKernelOptions, type SsspPlan, type SsspResult, type SsspRunOptions, type SsspWeights, type SsspWeightType } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { summarize, type BenchResult } from '../lib/results.js';
import { smClock, type SmClock } from '../lib/sm-clock.js';
import type { SsspGraph, Weighting } from './graphs.js';
import type { MethodVariant } from './methods.js';
import { agreesWithScipy, type ScipyDijkstra } from './scipy-peer.js';

/** What the measurement needs of a runner, on either backend. */
export interface MeasuredRunner {
  readonly plan: SsspPlan;
  /** Host ms of each step of making the runner (`SsspQueries.phases`). */
  readonly phases: Readonly<Record<string, number>>;
  run(source: number, options?: SsspRunOptions): Promise<SsspResult>;
  destroy(): void;
}

export interface Measured {
  method: string;
  settings: Record<string, string | number>;
  results: SsspResult[];
  time: BenchResult['time_ms'];
  distanceMs: number[];
  parentMs: number[];
  wallMs: number[];
  validateMs: number[];
  passes: number[];
  /** nvidia-smi's SM clock right after the timed queries (absent without nvidia-smi). */
  clock?: SmClock;
  /** Host time of creating the runner: the layout (pairs, sorts) and the upload. */
  prepareMs: number;
  /** prepareMs by step, as the runner's `phases`. */
  preparePhases: Readonly<Record<string, number>>;
  valid: boolean;
  violation?: string;
}

/**
 * A variant's options on a graph: the suite's tuning flags under the variant's own, the weights' type, and
 * delta as the variant's (or `deltaScale`'s) factor on the default.
 */
export function variantOptions(variant: MethodVariant, tuning: SsspKernelOptions, type: SsspWeightType, csr: Csr, weights: SsspWeights, deltaScale?: number): SsspKernelOptions {
  // The run's queue flags (--lanes, --chunk) and delta scale go to the methods that read them (the plan refuses
  // them elsewhere); a variant's own tuning is its own.
  const bellmanFord = variant.options.method === 'bellman-ford';
  const { lanesPerVertex, chunk, ...common } = tuning;
  const options = { ...(bellmanFord ? common : tuning), ...variant.options, weights: type };
  const scale = variant.options.method === 'near-far' ? (variant.deltaScale ?? deltaScale) : variant.deltaScale;
  // The factor applies to the delta the plan would take (its rule depends on the hubs and the degree skew).
  const delta = scale === undefined ? undefined : planSssp(options, ssspGraphStats(csr, weights), csr.directed).delta * scale;
  return { ...options, ...(delta === undefined ? {} : { delta: type === 'u32' ? Math.max(1, Math.round(delta)) : delta }) };
}

/**
 * Creates the runner, runs a warm-up query, then one query per source (back to back), then validates each; the
 * time of a query is its GPU time (distances + parents) when `timing` is 'gpu', else its wall time.
 */
export async function measureSssp(
  create: () => Promise<MeasuredRunner>,
  csr: Csr,
  weights: SsspWeights,
  method: string,
  sources: readonly number[],
  timing: 'gpu' | 'wall',
): Promise<Measured> {
  const preparing = performance.now();
  const runner = await create();
  const prepareMs = performance.now() - preparing;
  try {
    await runner.run(sources[0]);
    const out: Measured = { method, settings: planSettings(runner.plan), results: [], time: summarize([0]), distanceMs: [], parentMs: [], wallMs: [], validateMs: [], passes: [], prepareMs, preparePhases: runner.phases, valid: true };
    const times: number[] = [];
    // The queries back to back, as a batch of sources runs, and then the checks: a check on the host takes
    // longer than a query, and a GPU left idle that long between queries clocks down (the H100 under Dawn alone
    // stays at its idle clock), which would time each query from a cold start.
    const ran: SsspResult[] = [];
    for (const s of sources) ran.push(await runner.run(s));
    const clock = smClock();
    if (clock) out.clock = clock;
    for (const r of ran) {
      const s = r.source;
      const validating = performance.now();
      const check = await validateSsspParallel(csr, s, r, { weights: weights.type, arcWeights: weights.values });
      out.validateMs.push(performance.now() - validating);
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

/** The plan's settings worth recording beside a result. */
export function planSettings(p: SsspPlan): Record<string, string | number> {
  return {
    workgroup: p.relax.workgroupSize,
    batch: p.batch,
    ...(p.method === 'bellman-ford'
      ? { reads: p.relax.reads!, segment: p.segment }
      : { lanes: p.relax.lanesPerVertex!, chunk: p.relax.chunk!, dispatch: p.dispatch, ...(p.dispatch === 'fixed' ? { fixed_workgroups: p.fixedWorkgroups } : {}), ...(p.heavyArcs === 'settle' ? { heavy_arcs: p.heavyArcs } : {}), ...(p.hubDegree ? { hub_degree: p.hubDegree, hub_step: p.hubStep, hub_growth: p.hubGrowth } : {}) }),
    ...(p.method === 'near-far' ? { delta: p.delta, tail_factor: p.tailFactor } : {}),
    ...(p.relabel === 'degree' ? { relabel: p.relabel } : {}),
  };
}

/** What one result row is made of. */
export interface ResultInput {
  readonly graph: SsspGraph;
  readonly weighting: Weighting;
  readonly csr: Csr;
  readonly row: Measured;
  readonly sources: readonly number[];
  readonly peer?: ScipyDijkstra;
  readonly peerMs?: number;
  readonly timing: 'gpu' | 'wall';
  readonly backend: 'webgpu' | 'cuda';
}

/** A measured method as a result in the BENCHMARKS.md format, validated by the Graph500 rules (and SciPy's distances when it ran). */
export function ssspResult({ graph, weighting, csr, row, sources, peer, peerMs, timing, backend }: ResultInput): BenchResult {
  const peerOk = peer && row.results.slice(0, peer.runs.length).every((r, i) => agreesWithScipy(r.dist, peer.runs[i]));
  const validated = row.valid && peerOk !== false;
  const arcs = csr.indices.length;
  return {
    case: `${graph.name} ${weighting.label} ${row.method} (${sources.length} sources; Graph500 rules checked on every run${peer ? `, SciPy distances on ${peer.runs.length}` : ''})`,
    params: {
      ...graph.params,
      class: graph.class,
      type: weighting.type,
      weights: weighting.label,
      method: row.method,
      backend,
      metric: 'teps',
      arcs,
      sources: sources.length,
      timing,
      passes_median: summarize(row.passes).median,
      distances_ms_median: summarize(row.distanceMs).median,
      parents_ms_median: summarize(row.parentMs).median,
      wall_ms_median: summarize(row.wallMs).median,
      prepare_ms: Math.round(row.prepareMs),
      ...Object.fromEntries(Object.entries(row.preparePhases).map(([step, ms]) => [`prepare_${step}_ms`, Math.round(ms)])),
      ...(row.clock ? { sm_clock_mhz: row.clock.mhz, clock_event_reasons: row.clock.reasons } : {}),
      ...(peerMs === undefined ? {} : { scipy_ms_median: peerMs }),
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
}
