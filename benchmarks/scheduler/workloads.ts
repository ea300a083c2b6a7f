// The three workloads of issue 8 as timed passes: batched small APSP, blocked APSP streamed in blocks, and
// multi-source BFS/SSSP on a resident graph. Each pass builds its own scheduler over the given devices.
import { createBfsEngine, validateBfs, validateSssp, verifyApsp, type AnyDevice } from '@semiforge/algorithms';
import type { Csr, EdgeList } from '@semiforge/graph-io';
import {
  blockedApsp,
  multiSourceSearch,
  Scheduler,
  warmUpBlockedApsp,
  type Backend,
  type BlockedApspOptions,
  type BlockedApspResult,
  type ExecutorDevice,
  type SchedulerReport,
  type SearchSpec,
  type SourcesResult,
} from '@semiforge/scheduler';

/** One blocked-APSP pass; throws when the distances differ from the reference rows. */
export async function blockedApspPass(
  backend: Backend<ExecutorDevice>,
  graph: EdgeList,
  options: BlockedApspOptions,
  streams: number,
  kernelsInFlight: number,
): Promise<{ report: SchedulerReport; result: BlockedApspResult }> {
  const scheduler = new Scheduler(backend, { streams, kernelsInFlight });
  await warmUpBlockedApsp(scheduler, graph.n, options);
  const result = await blockedApsp(scheduler, graph, options);
  const report = scheduler.report();
  const check = verifyApsp(graph, result.dist, result.plan);
  if (!check.ok) throw new Error(`blocked APSP: distances differ from the reference at ${JSON.stringify(check.first)}`);
  return { report, result };
}

/** Sources checked per pass (CPU validation of every search would dwarf the GPU time). */
export const CHECKED_PER_PASS = 8;

/**
 * One multi-source pass; validates the first source of up to {@link CHECKED_PER_PASS} tasks once the pass is
 * over: checked as outcomes arrive, the CPU validation (about 50 ms a search at Kronecker 18) would hold the one
 * host thread that feeds every device, and the scheduled time would count it.
 */
export async function searchPass(
  backend: Backend<ExecutorDevice>,
  graph: Csr,
  search: SearchSpec,
  sources: readonly number[],
  perTask: number,
  streams: number,
  kernelsInFlight: number,
): Promise<SchedulerReport> {
  const scheduler = new Scheduler(backend, { streams, kernelsInFlight });
  const sampled: SourcesResult[] = [];
  for await (const o of multiSourceSearch(scheduler, graph, search, sources, { perTask, key: 'bench-graph' })) {
    if (!o.ok) throw o.error;
    if (sampled.length < CHECKED_PER_PASS) sampled.push(o.value);
  }
  const report = scheduler.report();
  for (const value of sampled) {
    const s = value.sources[0];
    if (search.algorithm === 'bfs') {
      const verdict = validateBfs(graph, s, value.parents![0]);
      if (!verdict.ok) throw new Error(`bfs from ${s}: ${verdict.message}`);
    } else {
      const verdict = validateSssp(graph, s, { dist: value.dist![0], parent: value.ssspParents![0] }, { weights: search.options?.weights });
      if (!verdict.valid) throw new Error(`sssp from ${s}: ${JSON.stringify(verdict.violation)}`);
    }
  }
  return report;
}

/** Where one multi-source BFS task's time goes on one device (ms): the level loop and the rest of `runMulti`. */
export interface SearchBreakdown {
  readonly total_ms: number;
  /** The levels' launches and the waits for their counters: the GPU's share, plus a submit per batch of levels. */
  readonly levels_ms: number;
  /** Allocation, uploads, the parents' download and their conversion to the caller's ids, frees: host work. */
  readonly rest_ms: number;
}

/**
 * One `runMulti` of `sources` on `device`'s runtime (the second of two, so nothing is compiled in it), split into
 * the level loop and the rest; undefined for a device without a runtime in this process (a worker process's).
 */
export async function searchBreakdown(device: ExecutorDevice, graph: Csr, sources: readonly number[]): Promise<SearchBreakdown | undefined> {
  const runtime = (device as ExecutorDevice & { runtime?: AnyDevice }).runtime;
  if (runtime === undefined) return undefined;
  const engine = await createBfsEngine(runtime, graph);
  try {
    await engine.runMulti(sources);
    const started = performance.now();
    const { searchMs } = await engine.runMulti(sources);
    const total = performance.now() - started;
    return { total_ms: total, levels_ms: searchMs, rest_ms: total - searchMs };
  } finally {
    engine.destroy();
  }
}
