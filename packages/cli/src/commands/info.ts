import { connectedComponents, coreNumbers, degreeStats } from '@semiforge/graph-io';
import type { CliIo } from '../io.js';
import { graphFacts, type GraphFacts } from '../graph/graph-facts.js';
import { graphFileType, type GraphFileFormat } from '../graph/graph-file-format.js';
import { loadGraph } from '../graph/load-graph.js';
import { shapeGraph } from '../graph/shape-graph.js';
import { formatMs } from '../output/format.js';
import { phaseProgress } from '../output/phase-progress.js';

/** `semiforge info` flags after parsing. */
export interface InfoFlags {
  readonly from?: GraphFileFormat;
  readonly json?: boolean;
}

/** The `--json` object of `semiforge info`. */
export interface InfoSummary extends GraphFacts {
  readonly command: 'info';
  readonly file: string;
  readonly format: GraphFileFormat;
  /** Null for a pipe or a device. */
  readonly fileBytes: number | null;
  readonly readMs: number;
  /** Undirected: edges counted once (a self-loop once); directed: the arcs. */
  readonly edges: number;
  /** Out-degrees (the degrees of an undirected graph). */
  readonly degree: { min: number; max: number; mean: number; stddev: number; median: number; zeroDegree: number; selfLoops: number };
  /** Weakly connected components: how many, and the vertices of the largest. */
  readonly components: { count: number; giant: number };
  /** Vertices of the 2-core (core number ≥ 2, on the undirected simple view). */
  readonly twoCore: number;
  readonly analysisMs: number;
}

function infoText(s: InfoSummary): string {
  const d = s.degree;
  const rows: Array<[string, string]> = [
    ['file', `${s.file} (${s.format}, ${s.fileBytes === null ? 'a pipe or device' : `${s.fileBytes} bytes`}, read in ${formatMs(s.readMs)})`],
    ['vertices', String(s.vertices)],
    ['arcs', `${s.arcs}${s.directed ? '' : ` (${s.edges} undirected edges)`}`],
    ['directed', s.directed ? 'yes' : 'no'],
    ['weights', s.weight],
    ['degree', `min ${d.min}, max ${d.max}, mean ${d.mean.toFixed(3)}, stddev ${d.stddev.toFixed(3)}, median ${d.median}`],
    ['zero-degree', String(d.zeroDegree)],
    ['self-loops', String(d.selfLoops)],
    ['components', `${s.components.count} (giant: ${s.components.giant} vertices)`],
    ['2-core', `${s.twoCore} vertices`],
  ];
  return rows.map(([k, v]) => `${k.padEnd(12)} ${v}`).join('\n') + '\n';
}

/** `semiforge info FILE`: size, degrees, components and 2-core of a graph file, as text or `--json`. */
export async function runInfo(file: string, flags: InfoFlags, io: CliIo): Promise<number> {
  const type = graphFileType(file, '--from', flags.from);
  let summary: InfoSummary;
  const phases = phaseProgress(io, 'info');
  try {
    const loaded = await loadGraph(file, type, phases);
    phases.phase('analysing');
    const started = performance.now();
    const csr = await shapeGraph(loaded.graph, {}, file);
    const stats = degreeStats(csr);
    const components = connectedComponents(csr);
    const cores = coreNumbers(csr);
    let twoCore = 0;
    for (let v = 0; v < cores.length; v++) if (cores[v] >= 2) twoCore++;
    summary = {
      command: 'info',
      file,
      format: type.format,
      fileBytes: loaded.fileBytes,
      readMs: loaded.readMs,
      ...graphFacts(csr),
      edges: csr.directed ? stats.arcs : (stats.arcs + stats.selfLoops) / 2,
      degree: { min: stats.min, max: stats.max, mean: stats.mean, stddev: stats.stddev, median: stats.median, zeroDegree: stats.zeroDegree, selfLoops: stats.selfLoops },
      components: { count: components.count, giant: components.sizes.reduce((a, b) => Math.max(a, b), 0) },
      twoCore,
      analysisMs: performance.now() - started,
    };
  } finally {
    phases.stop();
  }
  io.stdout.write(flags.json ? `${JSON.stringify(summary)}\n` : infoText(summary));
  return 0;
}
