import { CoreBfs, createBfsEngine, validateBfs, type BfsLevel, type BfsOptions } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { openCommandDevice, thenDestroy, type BackendFlags } from '../command-device.js';
import { EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { checkUndirected, loadGraphInput, pickSources, type GraphInputFlags, type SourceFlags } from '../graph/graph-input.js';
import { formatMs, formatSi, table } from '../output/format.js';

/** `semiforge bfs` flags after parsing (commander's camelCase keys). */
export interface BfsFlags extends GraphInputFlags, SourceFlags, BackendFlags {
  readonly core?: boolean;
  /** Undefined: the library's default (on). */
  readonly degreeOrder?: boolean;
  readonly mfApprox?: boolean;
  readonly alpha?: number;
  readonly beta?: number;
  readonly symmetrize?: boolean;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** One query of `semiforge bfs`. */
export interface BfsTrial {
  /** In the user's ids. */
  readonly source: number;
  readonly reached: number;
  /** Edges of the component searched (its arcs / 2): the Graph500 TEPS numerator. */
  readonly edges: number;
  /** One letter per level: T top-down, B bottom-up. */
  readonly directions: string;
  /** CoreBFS: how the query was answered (core, tree or fallback); null without --core. */
  readonly mode: string | null;
  /** Host wall time of the search, the parents left on the GPU. */
  readonly searchMs: number;
  readonly teps: number;
  /** The Graph500 rules' verdict with --verify, else null. */
  readonly valid: boolean | null;
  readonly violation: string | null;
}

/** The `--json` object of `semiforge bfs`. */
export interface BfsSummary {
  readonly command: 'bfs';
  readonly graph: string;
  readonly vertices: number;
  readonly arcs: number;
  readonly core: boolean;
  readonly device: string;
  /** Host time to prepare the graph (relabel, lay out, upload; with --core also the 2-core and the root's tree). */
  readonly preprocessMs: number;
  readonly trials: readonly BfsTrial[];
  readonly verified: boolean | null;
}

const CMD = 'bfs';



interface Answer {
  readonly source: number;
  readonly parent: Int32Array;
  readonly levels: readonly BfsLevel[];
  readonly searchMs: number;
  readonly mode?: string;
}

function trialOf(graph: Csr, ids: Uint32Array | undefined, a: Answer, flags: BfsFlags): BfsTrial {
  let reached = 0;
  let arcs = 0;
  for (let v = 0; v < graph.n; v++) {
    if (a.parent[v] === -1) continue;
    reached++;
    arcs += graph.indptr[v + 1] - graph.indptr[v];
  }
  const edges = arcs / 2;
  const check = flags.verify ? validateBfs(graph, a.source, a.parent) : undefined;
  return {
    source: ids ? ids[a.source] : a.source,
    reached,
    edges,
    directions: a.levels.map((l) => (l.direction === 'top-down' ? 'T' : 'B')).join(''),
    mode: a.mode ?? null,
    searchMs: a.searchMs,
    teps: a.searchMs > 0 ? edges / (a.searchMs / 1000) : 0,
    valid: check ? check.ok : null,
    violation: check && !check.ok ? `rule ${check.rule}: ${check.message}` : null,
  };
}

function summaryText(s: BfsSummary): string {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const harmonic = s.trials.length / s.trials.reduce((sum, t) => sum + (t.teps > 0 ? 1 / t.teps : 0), 0);
  const verified = s.verified === null ? '' : `verified (Graph500 rules): ${s.verified ? 'yes' : `NO: ${s.trials.find((t) => t.valid === false)!.violation}`}\n`;
  return (
    `bfs ${s.graph}: ${s.vertices} vertices, ${s.arcs} arcs on ${s.device}\n` +
    `${s.core ? 'CoreBFS, ' : ''}${s.trials.length} source(s), preprocessing ${formatMs(s.preprocessMs)}, median search ${formatMs(median(s.trials.map((t) => t.searchMs)))}, ` +
    `harmonic mean ${formatSi(harmonic)}TEPS\n${verified}`
  );
}

/**
 * `semiforge bfs [FILE]`: breadth-first search on the GPU from --source or -n random sources, paper 003's
 * direction-optimising hybrid with degree ordering (optionally the m_f approximation and CoreBFS). One line
 * per source on stdout (or one JSON object with --json), the summary on stderr. Returns 0, or
 * {@link EXIT.verifyFailed} when --verify finds a parent array that breaks the Graph500 rules.
 */
export async function runBfs(file: string | undefined, flags: BfsFlags, io: CliIo): Promise<number> {
  // Symmetrized as it is read, as sssp, pagerank and multi-source do (parallel arcs merged, the name says so).
  const { csr, name } = await loadGraphInput(CMD, file, flags, io, { symmetrize: flags.symmetrize });
  checkUndirected(csr, name, CMD);
  const sources = pickSources(csr, flags, CMD);
  const options: BfsOptions = { degreeOrder: flags.degreeOrder, mfApprox: flags.mfApprox, alpha: flags.alpha, beta: flags.beta };
  const opened = await openCommandDevice(CMD, flags, io);
  const { device, name: deviceName } = opened;
  const answers: Answer[] = [];
  const { graph, preprocessMs } = await thenDestroy(opened, async () => {
    const started = performance.now();
    const engine = flags.core ? await CoreBfs.create(device, csr, options) : await createBfsEngine(device, csr, options);
    const prepared = { graph: engine.graph, preprocessMs: performance.now() - started };
    try {
      for (const s of sources) answers.push(await engine.run(s));
    } finally {
      engine.destroy();
    }
    return prepared;
  });
  // The engine's graph need not carry the file's ids: print those of the graph as read.
  const trials = answers.map((a) => trialOf(graph, csr.ids, a, flags));
  const summary: BfsSummary = {
    command: 'bfs',
    graph: name,
    vertices: graph.n,
    arcs: graph.indices.length,
    core: flags.core === true,
    device: deviceName,
    preprocessMs,
    trials,
    verified: flags.verify ? trials.every((t) => t.valid) : null,
  };
  io.stderr.write(summaryText(summary));
  if (flags.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else {
    const rows = trials.map((t) => [String(t.source), String(t.reached), t.directions || '-', ...(flags.core ? [t.mode ?? ''] : []), formatMs(t.searchMs), `${formatSi(t.teps)}TEPS`]);
    io.stdout.write(table(['source', 'reached', 'levels', ...(flags.core ? ['mode'] : []), 'time', 'rate'], rows));
  }
  return summary.verified === false ? EXIT.verifyFailed : EXIT.ok;
}
