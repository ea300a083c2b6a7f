// One matrix's PageRank on the GPU: Pᵀ built and uploaded once, a warm-up, then whole runs to tolerance from
// uniform ranks, each timed by GPU timestamps (the iterations) and by the host (the loop, read-backs of the
// residual included), the last checked against the f64 fixed point.
import { PagerankRunner, verifyPagerank, type PagerankRelabel, type PagerankResult, type PagerankSubmit, type PagerankVerification, type SpmvFormat, type SpmvReorder } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import { summarize, type BenchResult } from '../lib/results.js';

export interface PagerankSettings {
  readonly damping: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly runs: number;
  readonly warmupMs: number;
  /** Renumber Pᵀ's columns by degree (default 'none', the library's). */
  readonly reorder?: SpmvReorder;
  /** Run on the graph relabelled by out-degree (default 'none'); its host time is reported as preprocessing. */
  readonly relabel?: PagerankRelabel;
  /** The loop's schedule (default the library's): steps a queue submit carries, and queuing steps ahead of the read-backs. */
  readonly submitEvery?: number;
  readonly lookahead?: boolean;
}

export interface MeasuredPagerank {
  readonly format: SpmvFormat;
  /** Whether Pᵀ's columns were renumbered by degree (the ranks gathered into their order every step). */
  readonly reordered: boolean;
  /** Host milliseconds of relabelling the graph by degree (once, before the runs), when asked for. */
  readonly relabelMs?: number;
  readonly iterations: number;
  /** Steps the GPU ran: the iterations, and those after convergence that were already submitted (they keep the ranks). */
  readonly stepsRun: number;
  readonly converged: boolean;
  readonly residual: number;
  /** GPU time of the steps / steps run, per run. */
  readonly perIteration: BenchResult['time_ms'];
  /** Host wall time of the loop to tolerance, per run. */
  readonly total: BenchResult['time_ms'];
  /**
   * Where the loop's time went, group by group (the runs queue alike: same steps each time): its steps and
   * queue submits, and the medians over the runs of its host times (recording, encoding, waiting, from its
   * recording to the GPU's end), its GPU time and its residuals' read-back.
   */
  readonly submits: readonly LoopSubmit[];
  readonly verification: PagerankVerification;
}

/** A group's medians over the runs: the library's own record of a group of steps. */
export type LoopSubmit = PagerankSubmit;

/** Per group position, the medians over the runs that had it. */
export function submitMedians(runs: readonly Pick<PagerankResult, 'submits'>[]): LoopSubmit[] {
  const depth = Math.max(0, ...runs.map((r) => r.submits.length));
  return Array.from({ length: depth }, (_, i) => {
    const at = runs.map((r) => r.submits[i]).filter((s) => s !== undefined);
    const median = (of: (s: LoopSubmit) => number) => summarize(at.map(of)).median;
    // A median only where every run has the figure (GPU time: timestamps; encoding: WebGPU).
    const optional = (of: (s: LoopSubmit) => number | undefined) => {
      const values = at.map(of).filter((ms): ms is number => ms !== undefined);
      return values.length === at.length ? summarize(values).median : undefined;
    };
    const gpuMs = optional((s) => s.gpuMs);
    const encodeMs = optional((s) => s.encodeMs);
    return {
      steps: at[0].steps,
      queueSubmits: at[0].queueSubmits,
      recordMs: median((s) => s.recordMs),
      ...(encodeMs === undefined ? {} : { encodeMs }),
      waitMs: median((s) => s.waitMs),
      submitMs: median((s) => s.submitMs),
      ...(gpuMs === undefined ? {} : { gpuMs }),
      readMs: median((s) => s.readMs),
    };
  });
}

/** Runs PageRank `runs` times after `warmupMs` of it. Needs timestamp queries (the time per iteration is the GPU's). */
export async function measurePagerank(device: Device, csr: Csr, exact: Float64Array, s: PagerankSettings): Promise<MeasuredPagerank> {
  const options = { damping: s.damping, tolerance: s.tolerance, maxIterations: s.maxIterations };
  const schedule = { ...(s.submitEvery === undefined ? {} : { submitEvery: s.submitEvery }), ...(s.lookahead === undefined ? {} : { lookahead: s.lookahead }) };
  const runner = await PagerankRunner.create(device, csr, { ...options, ...schedule, reorder: s.reorder ?? 'none', relabel: s.relabel ?? 'none' });
  const runs: PagerankResult[] = [];
  try {
    // Compiles the pipelines and brings an idle GPU up to its clocks.
    const warmUntil = performance.now() + s.warmupMs;
    do await runner.run();
    while (performance.now() < warmUntil);
    for (let r = 0; r < s.runs; r++) runs.push(await runner.run());
  } finally {
    runner.destroy();
  }
  const last = runs.at(-1)!;
  if (runs.some((r) => r.gpuTimeMs === undefined)) throw new Error('pagerank suite: the device has no timestamp queries, so no GPU time per iteration');
  return {
    format: last.format!,
    reordered: last.reordered === true,
    ...(last.relabelMs === undefined ? {} : { relabelMs: last.relabelMs }),
    iterations: last.iterations,
    stepsRun: last.stepsRun,
    converged: last.converged,
    residual: last.residual,
    perIteration: summarize(runs.map((r) => r.gpuTimeMs! / r.stepsRun)),
    total: summarize(runs.map((r) => r.loopTimeMs)),
    submits: submitMedians(runs),
    verification: verifyPagerank(csr, last.ranks, last.residual, options, exact),
  };
}
