import { verifyApsp, type Verification } from '@semiforge/algorithms';
import { generateRandom4n, readGraphFile, type EdgeList } from '@semiforge/graph-io';
import { blockedApsp, Scheduler, warmUpBlockedApsp, type SchedulerReport } from '@semiforge/scheduler';
import { EXIT, UsageError } from '../errors.js';
import type { IntRule } from '../flags.js';
import type { CliIo } from '../io.js';
import { formatMs, table } from '../output/format.js';
import { checkF32Weights } from '../graph/f32-weights.js';
import { openSchedulerBackend, type SchedulerDeviceFlags } from './scheduler-backend.js';

/** `semiforge blocked-apsp` flags after parsing (commander's camelCase keys). */
export interface BlockedApspFlags extends SchedulerDeviceFlags {
  /** Vertices of a generated Random4-n graph instead of FILE. */
  readonly generate?: number;
  readonly seed: number;
  readonly block?: number;
  readonly tile?: number;
  /** Device memory the matrix may use per device, MiB. */
  readonly deviceMemory?: number;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** Flag rules of `blocked-apsp`. */
export const BLOCKED_RULES = {
  generate: { min: 2, max: 65_536, rule: 'the generated graph has 2 to 65536 vertices (its matrix is held on the host)' },
  block: { min: 8, max: 16_384, rule: 'the block side is 8 to 16384, a multiple of the tile' },
  deviceMemory: { min: 1, max: 1 << 20, rule: 'the device memory is 1 to 1048576 MiB' },
} satisfies Record<string, IntRule>;

/** The `--json` object of `semiforge blocked-apsp`. */
export interface BlockedApspSummary {
  readonly command: 'blocked-apsp';
  readonly graph: string;
  readonly n: number;
  readonly paddedN: number;
  readonly block: number;
  readonly blocks: number;
  readonly tasks: number;
  readonly devices: readonly string[];
  readonly streams: number;
  readonly timeMs: number;
  readonly phasesMs: { readonly download: number; readonly kernel: number; readonly readback: number };
  readonly model: { readonly tOptMs: number; readonly tOriginalMs: number; readonly rT: number; readonly bound: 'kernel' | 'transfer' };
  readonly delta: number;
  readonly bytesDown: number;
  readonly bytesUp: number;
  readonly residentHits: number;
  readonly operandsSent: number;
  readonly verification: Verification | null;
}

const CMD = 'blocked-apsp';

async function loadGraph(file: string | undefined, flags: BlockedApspFlags): Promise<{ graph: EdgeList; name: string }> {
  if (file !== undefined && flags.generate !== undefined) throw new UsageError('give a FILE or --generate N, not both', CMD);
  if (file === undefined && flags.generate === undefined) throw new UsageError('blocked-apsp needs a graph: a FILE or --generate N', CMD);
  if (file !== undefined) {
    const graph = await readGraphFile(file);
    checkF32Weights(graph, file); // the blocks are f32 min-plus
    return { graph, name: file };
  }
  return { graph: generateRandom4n(flags.generate!, flags.seed), name: `random4n(n=${flags.generate}, seed=${flags.seed})` };
}

function describe(s: BlockedApspSummary): string {
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  const rows = [
    ['graph', `${s.graph}: n = ${s.n}, padded to ${s.paddedN}`],
    ['blocks', `${s.blocks}×${s.blocks} of side ${s.block}: ${s.blocks} rounds, ${s.tasks} tasks`],
    ['devices', `${s.devices.join(', ')}; ${s.streams} streams each`],
    ['streamed', `${mib(s.bytesDown)} down, ${mib(s.bytesUp)} up; pivot blocks reused on a device ${s.residentHits} times, sent ${s.operandsSent} times`],
    ['median per task', `download ${formatMs(s.phasesMs.download)}, kernel ${formatMs(s.phasesMs.kernel)}, readback ${formatMs(s.phasesMs.readback)} (r_T = ${s.model.rT.toFixed(2)})`],
    ['time', `${formatMs(s.timeMs)}; model T_opt ${formatMs(s.model.tOptMs)} (${s.model.bound}-bound, independent tasks: a lower bound here), δ = ${(s.delta * 100).toFixed(1)}%`],
  ];
  if (s.verification !== null) {
    const v = s.verification;
    rows.push(['verified', v.ok ? `yes, ${v.rows} rows (${v.method})` : `NO: ${v.mismatches} differ, first ${JSON.stringify(v.first)}`]);
  }
  return table(['blocked-apsp', ''], rows);
}

/**
 * `semiforge blocked-apsp FILE | --generate N`: APSP of one graph as blocked Floyd-Warshall over blocks streamed
 * through the scheduler's devices (the pivot row and column broadcast each round), for a matrix larger than a
 * device's memory (`--device-memory` forces it) or spread over several devices. Prints a summary (the
 * distances stay on the host; `--verify` checks them against the CPU).
 */
export async function runBlockedApsp(file: string | undefined, flags: BlockedApspFlags, io: CliIo): Promise<number> {
  const { graph, name } = await loadGraph(file, flags);
  const options = {
    ...(flags.block === undefined ? {} : { block: flags.block }),
    ...(flags.tile === undefined ? {} : { tile: flags.tile }),
    ...(flags.deviceMemory === undefined ? {} : { deviceMemoryBytes: flags.deviceMemory * 2 ** 20 }),
  };
  const backend = await openSchedulerBackend(flags);
  try {
    const scheduler = new Scheduler(backend, { streams: flags.streams, kernelsInFlight: flags.kernelsInFlight });
    await warmUpBlockedApsp(scheduler, graph.n, options);
    const r = await blockedApsp(scheduler, graph, options);
    const report: SchedulerReport = scheduler.report();
    const summary: BlockedApspSummary = {
      command: 'blocked-apsp',
      graph: name,
      n: r.n,
      paddedN: r.N,
      block: r.block,
      blocks: r.blocks,
      tasks: r.tasks,
      devices: backend.devices.map((d) => d.label),
      streams: flags.streams,
      timeMs: report.time,
      phasesMs: { download: report.phases.tD, kernel: report.phases.tK, readback: report.phases.tR },
      model: { tOptMs: report.model.tOpt, tOriginalMs: report.model.tOriginal, rT: report.model.rT, bound: report.model.bound },
      delta: report.delta,
      bytesDown: r.bytesDown,
      bytesUp: r.bytesUp,
      residentHits: r.residentHits,
      operandsSent: r.operandsSent,
      verification: flags.verify ? verifyApsp(graph, r.dist, r.plan) : null,
    };
    io.stderr.write(describe(summary));
    if (flags.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return summary.verification?.ok === false ? EXIT.verifyFailed : EXIT.ok;
  } finally {
    backend.destroy();
  }
}
