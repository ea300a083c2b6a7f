import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { IntRule } from '../flags.js';
import { batchApsp, generateApspBatch, openWebGpuBackend, readApspBatch, Scheduler, type BatchGraph, type SchedulerReport } from '@semiforge/scheduler';
import { EXIT, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { formatMs, table } from '../output/format.js';
import { checkF32Weights } from '../graph/f32-weights.js';

/** `semiforge batch-apsp` flags after parsing (commander's camelCase keys). */
export interface BatchApspFlags {
  /** Number of graphs to generate instead of reading DIR. */
  readonly generate?: number;
  /** Vertices of each generated graph. */
  readonly size: number;
  readonly seed: number;
  /** Devices to open on the adapter (ignored with `adapters`). */
  readonly devices: number;
  /** One device per adapter filter. */
  readonly adapters?: readonly string[];
  readonly streams: number;
  readonly kernelsInFlight: number;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** Flag rules of `batch-apsp`. */
export const BATCH_RULES = {
  graphs: { min: 1, max: 10_000_000, rule: 'the batch holds 1 to 10000000 graphs' },
  size: { min: 2, max: 4096, rule: 'each generated graph has 2 to 4096 vertices (batches are of small graphs)' },
  devices: { min: 1, max: 64, rule: 'devices are 1 to 64 (several on one adapter share it)' },
  streams: { min: 1, max: 64, rule: 'streams per device are 1 to 64 (3 reaches the model in simulation)' },
  kernelsInFlight: { min: 1, max: 64, rule: 'kernels in flight per device are 1 to 64' },
} satisfies Record<string, IntRule>;

/** A graph that failed, as `--json` lists it. */
interface BatchFailure {
  readonly id: number;
  readonly name: string;
  readonly phase: string;
  readonly message: string;
}

/** The `--json` object of `semiforge batch-apsp`. */
export interface BatchApspSummary {
  readonly command: 'batch-apsp';
  readonly source: string;
  readonly graphs: number;
  readonly vertices: { readonly min: number; readonly max: number };
  readonly devices: readonly string[];
  readonly streams: number;
  /** Host time from the first download to the last readback (ms). */
  readonly timeMs: number;
  /** Median per-graph phase times measured in this run (ms). */
  readonly phasesMs: { readonly download: number; readonly kernel: number; readonly readback: number };
  /** Paper 004's model fed with those medians (ms). */
  readonly model: {
    readonly tOptMs: number;
    readonly tSingleMs: number;
    readonly tOriginalMs: number;
    readonly rT: number;
    readonly bound: 'kernel' | 'transfer';
  };
  /** δ = (time − T_opt) / T_opt. */
  readonly delta: number;
  readonly requeued: number;
  readonly failed: readonly BatchFailure[];
  /** Graphs whose distances matched the CPU reference; null without --verify. */
  readonly verified: number | null;
  readonly mismatched: readonly string[];
}

const CMD = 'batch-apsp';

async function loadBatch(dir: string | undefined, flags: BatchApspFlags): Promise<{ graphs: BatchGraph[]; source: string }> {
  if (dir !== undefined && flags.generate !== undefined) throw new UsageError('give a DIR or --generate N, not both', CMD);
  if (dir === undefined && flags.generate === undefined) throw new UsageError('batch-apsp needs graphs: a DIR of graph files or --generate N', CMD);
  if (dir === undefined) {
    const n = flags.generate!;
    return { graphs: generateApspBatch(n, flags.size, flags.seed), source: `${n} × random4n(n=${flags.size}), seeds ${flags.seed}..${flags.seed + n - 1}` };
  }
  if (!(await stat(dir)).isDirectory()) {
    throw new UsageError(`${dir} is not a directory: batch-apsp reads every graph file of a DIR (one graph: semiforge apsp ${dir})`, CMD);
  }
  const graphs = await readApspBatch(dir);
  // Batches run f32 min-plus, as apsp does.
  for (const g of graphs) checkF32Weights(g.graph, join(dir, g.name));
  return { graphs, source: dir };
}

function summarize(
  source: string,
  graphs: readonly BatchGraph[],
  report: SchedulerReport,
  devices: readonly string[],
  flags: BatchApspFlags,
  failed: BatchFailure[],
  verified: number | null,
  mismatched: string[],
): BatchApspSummary {
  const sizes = graphs.map((g) => g.graph.n);
  const { model } = report;
  return {
    command: 'batch-apsp',
    source,
    graphs: graphs.length,
    vertices: { min: Math.min(...sizes), max: Math.max(...sizes) },
    devices,
    streams: flags.streams,
    timeMs: report.time,
    phasesMs: { download: report.phases.tD, kernel: report.phases.tK, readback: report.phases.tR },
    model: { tOptMs: model.tOpt, tSingleMs: model.tSingle, tOriginalMs: model.tOriginal, rT: model.rT, bound: model.bound },
    delta: report.delta,
    requeued: report.requeued,
    failed,
    verified,
    mismatched,
  };
}

function describe(s: BatchApspSummary): string {
  const rows = [
    ['graphs', `${s.graphs} (${s.vertices.min === s.vertices.max ? s.vertices.min : `${s.vertices.min}..${s.vertices.max}`} vertices) from ${s.source}`],
    ['devices', `${s.devices.join(', ')}; ${s.streams} streams each`],
    [
      'median per graph',
      `download ${formatMs(s.phasesMs.download)}, kernel ${formatMs(s.phasesMs.kernel)}, readback ${formatMs(s.phasesMs.readback)} (r_T = ${s.model.rT.toFixed(
        2,
      )})`,
    ],
    ['time', `${formatMs(s.timeMs)}; model T_opt ${formatMs(s.model.tOptMs)} (${s.model.bound}-bound), δ = ${(s.delta * 100).toFixed(1)}%`],
    ['without overlap', `${formatMs(s.model.tOriginalMs)} by the model (one device, phases back to back)`],
  ];
  if (s.requeued > 0) rows.push(['re-queued', `${s.requeued} after a device was lost`]);
  if (s.verified !== null)
    rows.push([
      'verified',
      s.mismatched.length === 0 ? `yes, ${s.verified} of ${s.graphs}` : `NO: ${s.mismatched.length} differ (${s.mismatched.slice(0, 3).join(', ')}…)`,
    ]);
  let text = table(['batch-apsp', ''], rows);
  for (const f of s.failed) text += `failed: graph ${f.id} (${f.name}) in ${f.phase}: ${f.message}\n`;
  return text;
}

/**
 * `semiforge batch-apsp DIR | --generate N`: APSP of every graph of a batch on the scheduler's devices
 * (paper 004's streams: upload, Floyd-Warshall and read-back overlapped), each optionally checked against the
 * CPU reference, with the measured time next to the cost model's optimum.
 */
export async function runBatchApsp(dir: string | undefined, flags: BatchApspFlags, io: CliIo): Promise<number> {
  const { graphs, source } = await loadBatch(dir, flags);
  const backend = await openWebGpuBackend(flags.adapters === undefined ? { devices: flags.devices } : { adapters: flags.adapters });
  try {
    const scheduler = new Scheduler(backend, { streams: flags.streams, kernelsInFlight: flags.kernelsInFlight });
    const failed: BatchFailure[] = [];
    const mismatched: string[] = [];
    let verified = 0;
    for await (const o of batchApsp(scheduler, graphs, { verify: flags.verify === true, order: 'completion' })) {
      if (!o.ok) failed.push({ id: o.id, name: graphs[o.id].name, phase: o.error.phase, message: o.error.message });
      else if (o.value.verification?.ok) verified += 1;
      else if (o.value.verification) mismatched.push(o.value.name);
    }
    const summary = summarize(
      source,
      graphs,
      scheduler.report(),
      backend.devices.map((d) => d.label),
      flags,
      failed,
      flags.verify ? verified : null,
      mismatched,
    );
    io.stderr.write(describe(summary));
    if (flags.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    if (failed.length > 0) return EXIT.error;
    return mismatched.length > 0 ? EXIT.verifyFailed : EXIT.ok;
  } finally {
    backend.destroy();
  }
}
