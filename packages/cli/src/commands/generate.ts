import { dimacsCoChunks, writeTextFile } from '@semiforge/graph-io';
import { UsageError, writeFailure } from '../errors.js';
import type { CliIo } from '../io.js';
import { generateGraph, type Generator, type GeneratorFlags } from '../graph/generate-graph.js';
import { describeGraph, graphFacts, type GraphFacts } from '../graph/graph-facts.js';
import { graphFileType, type GraphFileFormat } from '../graph/graph-file-format.js';
import { saveGraph } from '../graph/save-graph.js';
import { shapeGraph, type GraphShape } from '../graph/shape-graph.js';
import { formatMs } from '../output/format.js';
import { checkOutputPath } from '../output/output-path.js';
import { phaseProgress } from '../output/phase-progress.js';
import { reportSummary } from '../output/report-summary.js';

/** `semiforge generate` flags after parsing. */
export interface GenerateFlags extends GeneratorFlags, Omit<GraphShape, 'symmetrize'> {
  readonly out?: string;
  readonly to?: GraphFileFormat;
  readonly coordinates?: string;
  readonly json?: boolean;
}

/** The `--json` object of `semiforge generate`. */
export interface GenerateSummary extends GraphFacts {
  readonly command: 'generate';
  readonly generator: Generator;
  readonly params: Readonly<Record<string, number | string | boolean>>;
  readonly output: string;
  readonly outputBytes: number;
  readonly generateMs: number;
  readonly buildMs: number;
  readonly writeMs: number;
}

/** `semiforge generate KIND -o OUT`: a generated graph as a CSR, written in the format of OUT's extension. */
export async function runGenerate(kind: Generator, flags: GenerateFlags, io: CliIo): Promise<number> {
  if (flags.out === undefined) throw new UsageError('generate needs -o FILE (.sfg recommended; .mtx, .gr, .el, .wel, .txt work too)', 'generate');
  const outType = graphFileType(flags.out, '--to', flags.to);
  if (flags.coordinates !== undefined && kind !== 'grid' && kind !== 'road') {
    throw new UsageError(`--coordinates: only grid and road graphs have vertex positions`, 'generate');
  }
  // Both before generating: a bad --coordinates path found after writing -o would leave half the output.
  await checkOutputPath(flags.out);
  if (flags.coordinates !== undefined) await checkOutputPath(flags.coordinates);
  let summary: GenerateSummary;
  const phases = phaseProgress(io, 'generate');
  try {
    phases.phase(`generating ${kind}`);
    let started = performance.now();
    const generated = await generateGraph(kind, flags);
    const generateMs = performance.now() - started;
    phases.phase('building CSR');
    started = performance.now();
    const csr = await shapeGraph(generated.edges, { ...flags, symmetrize: generated.symmetrize }, kind);
    const buildMs = performance.now() - started;
    started = performance.now();
    const outputBytes = await saveGraph(flags.out, csr, outType, phases);
    const coordinatesPath = flags.coordinates;
    if (coordinatesPath !== undefined && generated.coordinates !== undefined) {
      const lines = dimacsCoChunks({ n: generated.edges.n, ...generated.coordinates }, { comments: [`semiforge generate ${kind}`] });
      await writeTextFile(coordinatesPath, lines).catch((error: unknown) => {
        throw writeFailure(error, coordinatesPath);
      });
    }
    const writeMs = performance.now() - started;
    summary = {
      command: 'generate',
      generator: kind,
      params: generated.params,
      output: flags.out,
      ...graphFacts(csr),
      outputBytes,
      generateMs,
      buildMs,
      writeMs,
    };
  } finally {
    phases.stop();
  }
  reportSummary(io, flags.json, summary, `generate: ${kind} → ${summary.output}: ${describeGraph(summary)}; generate ${formatMs(summary.generateMs)}, build ${formatMs(summary.buildMs)}, write ${formatMs(summary.writeMs)}, ${summary.outputBytes} bytes`);
  return 0;
}
