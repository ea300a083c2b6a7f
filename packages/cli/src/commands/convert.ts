import type { CliIo } from '../io.js';
import { describeGraph, graphFacts, type GraphFacts } from '../graph/graph-facts.js';
import { graphFileType, type GraphFileFormat } from '../graph/graph-file-format.js';
import { loadGraph } from '../graph/load-graph.js';
import { saveGraph } from '../graph/save-graph.js';
import { shapeGraph, type GraphShape } from '../graph/shape-graph.js';
import { formatMs } from '../output/format.js';
import { checkOutputPath } from '../output/output-path.js';
import { phaseProgress } from '../output/phase-progress.js';
import { reportSummary } from '../output/report-summary.js';

/** `semiforge convert` flags after parsing. */
export interface ConvertFlags extends GraphShape {
  readonly from?: GraphFileFormat;
  readonly to?: GraphFileFormat;
  readonly json?: boolean;
}

/** The `--json` object of `semiforge convert`. */
export interface ConvertSummary extends GraphFacts {
  readonly command: 'convert';
  readonly input: string;
  readonly output: string;
  readonly from: GraphFileFormat;
  readonly to: GraphFileFormat;
  /** Null for a pipe or a device. */
  readonly inputBytes: number | null;
  readonly outputBytes: number;
  readonly readMs: number;
  readonly buildMs: number;
  readonly writeMs: number;
}

/** `semiforge convert IN OUT`: reads any supported format, reshapes as asked, writes any other. */
export async function runConvert(input: string, output: string, flags: ConvertFlags, io: CliIo): Promise<number> {
  const inType = graphFileType(input, '--from', flags.from);
  const outType = graphFileType(output, '--to', flags.to);
  await checkOutputPath(output);
  let summary: ConvertSummary;
  const phases = phaseProgress(io, 'convert');
  try {
    const loaded = await loadGraph(input, inType, phases, flags.duplicates === 'error' ? { duplicates: 'error' } : {});
    phases.phase('building CSR');
    let started = performance.now();
    const csr = await shapeGraph(loaded.graph, flags, input);
    const buildMs = performance.now() - started;
    started = performance.now();
    const outputBytes = await saveGraph(output, csr, outType, phases);
    const writeMs = performance.now() - started;
    summary = {
      command: 'convert',
      input,
      output,
      from: inType.format,
      to: outType.format,
      ...graphFacts(csr),
      inputBytes: loaded.fileBytes,
      outputBytes,
      readMs: loaded.readMs,
      buildMs,
      writeMs,
    };
  } finally {
    phases.stop();
  }
  reportSummary(io, flags.json, summary, `convert: ${input} → ${output}: ${describeGraph(summary)}; read ${formatMs(summary.readMs)}, build ${formatMs(summary.buildMs)}, write ${formatMs(summary.writeMs)}, ${summary.outputBytes} bytes`);
  return 0;
}
