// BFS results in the shared format: harmonic-mean TEPS over the sources (Graph500), the spread of the search
// times, per-level medians, the bandwidth-bound limit and the CPU peers.
import type { CopyBandwidth } from '../lib/copy-bandwidth.js';
import { summarize, type BenchResult } from '../lib/results.js';
import type { BenchGraph } from './graphs.js';
import { VARIANTS, type Query, type VariantRun } from './measure.js';

/** Bytes a search must read per Graph500 edge at the least: its two arcs as u32 ids, each once. */
export const BYTES_PER_EDGE = 8;

/** Graph500's harmonic mean of edges / time over the searches. */
export function harmonicTeps(items: readonly { edges: number; ms: number }[]): number {
  let sum = 0;
  for (const q of items) sum += q.ms / 1e3 / q.edges;
  return items.length / sum;
}

const median = (xs: number[]) => summarize(xs).median;

/**
 * Per level: how often it went top-down or bottom-up, the medians of its frontier, its edges and its share of
 * the wall time (timed searches), and its GPU time (the searches repeated a level a submit).
 */
export function levelSummary(queries: readonly Pick<Query, 'levels'>[], profiled: readonly Pick<Query, 'levels'>[]) {
  const depth = Math.max(0, ...queries.map((q) => q.levels.length));
  return Array.from({ length: depth }, (_, i) => {
    const at = queries.map((q) => q.levels[i]).filter((l) => l !== undefined);
    const gpu = profiled.map((q) => q.levels[i]?.gpuMs).filter((x): x is number => x !== undefined);
    return {
      level: i + 1,
      searches: at.length,
      top_down: at.filter((l) => l.direction === 'top-down').length,
      bottom_up: at.filter((l) => l.direction === 'bottom-up').length,
      frontier_median: median(at.map((l) => l.frontier)),
      frontier_edges_median: median(at.map((l) => l.frontierEdges)),
      wall_ms_median: median(at.map((l) => l.wallMs)),
      ...(gpu.length > 0 ? { gpu_ms_median: median(gpu) } : {}),
    };
  });
}

/** A CPU BFS of the same run (cpu-peers.ts) in the shared format's `peer` shape, with how many searches it timed. */
export interface BfsPeer {
  readonly name: string;
  readonly value: number;
  readonly same_run: true;
  readonly sources: number;
  readonly threads?: number;
}

/** The fastest peer as the result's `peer` (the one the ratio is to), all of them under `peers`. */
function peerFields(teps: number, peers: readonly BfsPeer[]) {
  if (peers.length === 0) return {};
  const peer = peers.reduce((a, b) => (b.value > a.value ? b : a));
  return { peer, ratio_to_peer: teps / peer.value, peers: peers.map((p) => ({ ...p, ratio: teps / p.value })) };
}

export function variantResult(graph: BenchGraph, run: VariantRun, bandwidth: CopyBandwidth | undefined, peers: readonly BfsPeer[]): BenchResult & Record<string, unknown> {
  const { queries } = run;
  const teps = harmonicTeps(queries.map((q) => ({ edges: q.edges, ms: q.searchMs })));
  const withOutput = harmonicTeps(queries.map((q) => ({ edges: q.edges, ms: q.searchMs + q.outputMs })));
  const failed = queries.filter((q) => q.check.startsWith('failed'));
  const cpu = queries.filter((q) => q.check === 'gpu+cpu').length;
  const validation = `Graph500 rules on all ${queries.length} searches on the GPU (bfs_check), ${cpu} of them also by the CPU validator`;
  // GPU time of a search: its levels' (each its own submit, timed), the searches repeated in the profiling mode.
  const gpuItems = run.profiled
    .map((p) => ({ edges: p.edges, ms: p.levels.reduce((sum, l) => sum + (l.gpuMs ?? Number.NaN), 0) }))
    .filter((x) => Number.isFinite(x.ms) && x.ms > 0);
  const gpuTeps = gpuItems.length > 0 ? harmonicTeps(gpuItems) : undefined;
  const limit = bandwidth && { name: `copy bandwidth / ${BYTES_PER_EDGE} bytes per edge (each edge's two u32 arcs read once): ${bandwidth.name}`, value: bandwidth.value / BYTES_PER_EDGE };
  return {
    case: `bfs ${VARIANTS[run.variant].label}, ${graph.name}, ${queries.length} sources`,
    params: {
      ...graph.params,
      class: graph.class,
      method: run.variant,
      sources: queries.length,
      backend: 'webgpu',
      metric: 'teps',
      ...run.plan,
      preprocess_ms: Math.round(run.preprocessMs),
      relabel_ms: Math.round(graph.relabelMs),
      teps_with_output: withOutput,
      ...(gpuTeps === undefined ? {} : { gpu_teps: gpuTeps, gpu_teps_searches: gpuItems.length }),
      ...(gpuTeps === undefined || !limit ? {} : { gpu_ratio_to_limit: gpuTeps / limit.value }),
      ...(run.cut > 0 ? { sources_cut_by_budget: run.cut } : {}),
      levels_per_search_median: median(queries.map((q) => q.levels.length)),
    },
    metric: 'teps',
    value: teps,
    unit: 'edges/s',
    time_ms: summarize(queries.map((q) => q.searchMs)),
    ...(limit ? { limit, ratio_to_limit: teps / limit.value } : {}),
    ...peerFields(teps, peers),
    validated: queries.length > 0 && failed.length === 0,
    validation: failed.length === 0 ? validation : `${failed.length} searches failed; first: source ${failed[0].source}: ${failed[0].check}`,
    output_ms: summarize(queries.map((q) => q.outputMs)),
    levels: levelSummary(queries, run.profiled),
  };
}

/**
 * The batched measurement of a variant (runMany, `size` searches a call) as a result of its own: per-search
 * wall time is the group's wall time shared over its searches, GPU time each search's own pass's; the
 * one-at-a-time figure of the same run goes beside it in the params.
 */
export function batchedResult(graph: BenchGraph, run: VariantRun, bandwidth: CopyBandwidth | undefined, peers: readonly BfsPeer[]): (BenchResult & Record<string, unknown>) | undefined {
  const batched = run.batched;
  if (!batched || batched.queries.length === 0) return undefined;
  const single = harmonicTeps(run.queries.map((q) => ({ edges: q.edges, ms: q.searchMs })));
  const timed = batched.queries.filter((q) => q.levels.length > 0 && q.levels.every((l) => l.gpuMs !== undefined));
  const r = variantResult(graph, { ...run, queries: batched.queries, profiled: timed, cut: run.queries.length - batched.queries.length }, bandwidth, peers);
  return {
    ...r,
    case: `bfs ${VARIANTS[run.variant].label}, ${batched.size} searches a runMany call (a pass each, up to 8 a submit, no read-back between them), ${graph.name}, ${batched.queries.length} sources`,
    params: { ...r.params, method: `${run.variant}/batch${batched.size}`, batch: batched.size, rerun_alone: batched.rerun, one_at_a_time_teps: single, speedup_over_one_at_a_time: r.value / single },
  };
}
