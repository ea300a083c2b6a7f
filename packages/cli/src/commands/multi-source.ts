import { MAX_MULTI_SOURCES, validateBfs, validateSssp, type SsspWeightType } from '@semiforge/algorithms';
import { multiSourceSearch, Scheduler, type SearchSpec } from '@semiforge/scheduler';
import { EXIT, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { checkUndirected, loadGraphInput, pickSources, type GraphInputFlags, type SourceFlags } from '../graph/graph-input.js';
import { formatMs, table } from '../output/format.js';
import { openSchedulerBackend, type SchedulerDeviceFlags } from './scheduler-backend.js';

/** `semiforge multi-source` flags after parsing (commander's camelCase keys). */
export interface MultiSourceFlags extends GraphInputFlags, SourceFlags, SchedulerDeviceFlags {
  readonly algorithm: 'bfs' | 'sssp';
  readonly weights: SsspWeightType;
  readonly perTask?: number;
  /** FILE as an undirected graph: every arc's mirror added, parallel arcs merged (the least weight kept). */
  readonly symmetrize?: boolean;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** One source's answer in `--json`. */
interface SourceLine {
  /** In the user's ids. */
  readonly source: number;
  readonly reached: number;
  readonly device: number;
  /** Graph500 rules' verdict with --verify, else null. */
  readonly valid: boolean | null;
}

/** The `--json` object of `semiforge multi-source`. */
export interface MultiSourceSummary {
  readonly command: 'multi-source';
  readonly graph: string;
  readonly vertices: number;
  readonly arcs: number;
  readonly algorithm: 'bfs' | 'sssp';
  readonly devices: readonly string[];
  readonly streams: number;
  readonly tasks: number;
  readonly timeMs: number;
  readonly phasesMs: { readonly download: number; readonly kernel: number; readonly readback: number };
  readonly model: { readonly tOptMs: number; readonly rT: number; readonly bound: 'kernel' | 'transfer' };
  readonly delta: number;
  readonly failed: readonly string[];
  readonly sources: readonly SourceLine[];
}

const CMD = 'multi-source';

/**
 * `semiforge multi-source [FILE]`: BFS or SSSP from many sources (-n random ones with an arc, or --source), the
 * graph resident on every device and the sources split among them in batches (paper 004's scheduler).
 */
export async function runMultiSource(file: string | undefined, flags: MultiSourceFlags, io: CliIo): Promise<number> {
  // The flag's rule allows 1000 for SSSP; a BFS task is one multi-source pass. Refused before the graph is read.
  if (flags.algorithm === 'bfs' && flags.perTask !== undefined && flags.perTask > MAX_MULTI_SOURCES) {
    throw new UsageError(`--per-task ${flags.perTask}: out of range 1..${MAX_MULTI_SOURCES} for bfs; a BFS task searches its sources in one multi-source pass`, CMD);
  }
  const { csr, name } = await loadGraphInput(CMD, file, flags, io, { weights: flags.algorithm === 'sssp' && flags.weights === 'f32', symmetrize: flags.symmetrize });
  if (flags.algorithm === 'bfs') checkUndirected(csr, name, CMD);
  const sources = pickSources(csr, flags, CMD);
  const search: SearchSpec = flags.algorithm === 'bfs' ? { algorithm: 'bfs' } : { algorithm: 'sssp', options: { weights: flags.weights } };
  const backend = await openSchedulerBackend(flags);
  try {
    const scheduler = new Scheduler(backend, { streams: flags.streams, kernelsInFlight: flags.kernelsInFlight });
    const lines: SourceLine[] = [];
    const failed: string[] = [];
    for await (const o of multiSourceSearch(scheduler, csr, search, sources, { ...(flags.perTask ? { perTask: flags.perTask } : {}), order: 'completion' })) {
      if (!o.ok) {
        failed.push(o.error.message);
        continue;
      }
      o.value.sources.forEach((s, i) => {
        const parents = o.value.parents?.[i];
        const dist = o.value.dist?.[i];
        const reached = parents ? parents.reduce((k, p) => (p >= 0 ? k + 1 : k), 0) : dist!.reduce((k, d) => (d === Infinity ? k : k + 1), 0);
        const valid = !flags.verify
          ? null
          : parents
            ? validateBfs(csr, s, parents).ok
            : validateSssp(csr, s, { dist: dist!, parent: o.value.ssspParents![i] }, { weights: flags.weights }).valid;
        lines.push({ source: csr.ids ? csr.ids[s] : s, reached, device: o.device, valid });
      });
    }
    const report = scheduler.report();
    const summary: MultiSourceSummary = {
      command: 'multi-source',
      graph: name,
      vertices: csr.n,
      arcs: csr.indices.length,
      algorithm: flags.algorithm,
      devices: backend.devices.map((d) => d.label),
      streams: flags.streams,
      tasks: report.tasks,
      timeMs: report.time,
      phasesMs: { download: report.phases.tD, kernel: report.phases.tK, readback: report.phases.tR },
      model: { tOptMs: report.model.tOpt, rT: report.model.rT, bound: report.model.bound },
      delta: report.delta,
      failed,
      sources: lines,
    };
    const invalid = lines.filter((l) => l.valid === false);
    const rows = [
      ['graph', `${name}: ${csr.n} vertices, ${csr.indices.length} arcs, resident on every device`],
      ['devices', `${summary.devices.join(', ')}; ${flags.streams} streams each`],
      ['searches', `${lines.length} ${flags.algorithm} sources in ${report.tasks} tasks`],
      ['time', `${formatMs(report.time)}; model T_opt ${formatMs(report.model.tOpt)}, δ = ${(report.delta * 100).toFixed(1)}% (the runners' reads count as kernel time)`],
    ];
    if (flags.verify) rows.push(['verified', invalid.length === 0 ? `yes, ${lines.length} sources (Graph500 rules)` : `NO: ${invalid.length} invalid, first from ${invalid[0].source}`]);
    let text = table(['multi-source', ''], rows);
    for (const f of failed) text += `failed: ${f}\n`;
    io.stderr.write(text);
    if (flags.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    if (failed.length > 0) return EXIT.error;
    return invalid.length > 0 ? EXIT.verifyFailed : EXIT.ok;
  } finally {
    backend.destroy();
  }
}
