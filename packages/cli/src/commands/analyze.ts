import { chooseFormat, chooseReorder, H100_NOMINAL, matrixFactors, predictFormats, SMALL_MATRIX_ROWS, type MatrixFactors, type SpmvFormat, type SpmvPrediction } from '@semiforge/algorithms';
import type { CliIo } from '../io.js';
import { graphFileType, type GraphFileFormat } from '../graph/graph-file-format.js';
import { loadGraph } from '../graph/load-graph.js';
import { shapeGraph } from '../graph/shape-graph.js';
import { table } from '../output/format.js';
import { phaseProgress } from '../output/phase-progress.js';

/** `semiforge analyze` flags after parsing. */
export interface AnalyzeFlags {
  readonly from?: GraphFileFormat;
  /** GB/s; absent: the H100's nominal HBM3 bandwidth. */
  readonly bandwidth?: number;
  readonly lineBytes: number;
  readonly cacheBytes: number;
  readonly json?: boolean;
}

/** The `--json` object of `semiforge analyze` (JSON writes the temporal locality's Infinity, "never reused", as null). */
export interface AnalyzeSummary {
  readonly command: 'analyze';
  readonly file: string;
  readonly format: GraphFileFormat;
  readonly factors: MatrixFactors;
  readonly bandwidthGBps: number;
  /** `nominal-h100`: the datasheet figure, not a measurement; `flag`: given with --bandwidth. */
  readonly bandwidthSource: 'nominal-h100' | 'flag';
  readonly predictions: readonly SpmvPrediction[];
  /** The format the SpMV kernels pick by themselves (`chooseFormat`). */
  readonly automaticChoice: SpmvFormat;
  /**
   * Whether `reorder: 'auto'` would also renumber the columns by degree (`chooseReorder`; off by default); the
   * factors and the predictions stay those of the matrix as given.
   */
  readonly automaticReorder: boolean;
  /** The formats with the highest predicted rate (csr-scalar and csr-vector always tie: the model has no load-balance term). */
  readonly modelFastest: readonly SpmvFormat[];
  readonly analysisMs: number;
}

const fixed = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : 'never reused');

function analyzeText(s: AnalyzeSummary): string {
  const f = s.factors;
  const rows: Array<[string, string]> = [
    ['file', `${s.file} (${s.format})`],
    ['rows', String(f.n)],
    ['nonzeros', String(f.arcs)],
    ['max row', String(f.max)],
    ['row spread', `${fixed(f.stddev)} (standard deviation)`],
    ['mean row', fixed(f.mean)],
    ['temporal', `${fixed(f.temporalLocality)} accesses between reuses of a line of x`],
    ['spatial S', `${fixed(f.spatialLocality)} useful elements per ${f.lineBytes}-B line (at most ${f.lineBytes / f.valueBytes})`],
    ['hit_x', `${fixed(f.hitX)} (FIFO cache of ${f.cacheBytes} bytes, simulated)`],
    ['hit_L1', `${fixed(f.hitL1)} (one SM's ${f.l1Bytes}-byte L1 in 32-B sectors, simulated; for the hierarchy-aware model)`],
    ['ELL padding', `${fixed(f.paddingRatio)} slots per nonzero`],
  ];
  const source = s.bandwidthSource === 'flag' ? 'given' : 'nominal H100 HBM3, not measured: pass --bandwidth with a measured figure';
  const predictions = table(
    ['format', 'B/flop', 'GFLOP/s'],
    s.predictions.map((p) => [p.format, p.bytesPerFlop.toFixed(3), p.gflops.toFixed(1)]),
  );
  return (
    rows.map(([k, v]) => `${k.padEnd(12)} ${v}`).join('\n') +
    `\n\npredicted by paper 002's model at ${s.bandwidthGBps} GB/s (${source}):\n${predictions}` +
    `automatic choice: ${s.automaticChoice}${s.automaticReorder ? " (with reorder 'auto', its columns renumbered by degree)" : ''}; ` +
    `fastest by the model: ${s.modelFastest.join(' = ')}\n`
  );
}

function fastest(predictions: readonly SpmvPrediction[]): SpmvFormat[] {
  const top = Math.max(...predictions.map((p) => p.gflops));
  return predictions.filter((p) => p.gflops === top).map((p) => p.format);
}

/**
 * `semiforge analyze MATRIX`: paper 002's matrix factors and its predicted SpMV rate per format, as text or `--json`.
 * Needs no GPU.
 */
export async function runAnalyze(file: string, flags: AnalyzeFlags, io: CliIo): Promise<number> {
  const type = graphFileType(file, '--from', flags.from);
  const bandwidthGBps = flags.bandwidth ?? H100_NOMINAL.bandwidthGBps;
  let summary: AnalyzeSummary;
  const phases = phaseProgress(io, 'analyze');
  try {
    const loaded = await loadGraph(file, type, phases);
    phases.phase('analysing');
    const started = performance.now();
    const matrix = await shapeGraph(loaded.graph, {}, file);
    const factors = matrixFactors(matrix, { lineBytes: flags.lineBytes, cacheBytes: flags.cacheBytes });
    // A pattern file is planned as a pattern (no value stream), so it is predicted as one.
    const predictions = predictFormats(factors, { bandwidthGBps, pattern: matrix.weight === null });
    summary = {
      command: 'analyze',
      file,
      format: type.format,
      factors,
      bandwidthGBps,
      bandwidthSource: flags.bandwidth === undefined ? 'nominal-h100' : 'flag',
      predictions,
      automaticChoice: chooseFormat(factors),
      automaticReorder: chooseReorder(factors),
      modelFastest: fastest(predictions),
      analysisMs: performance.now() - started,
    };
  } finally {
    phases.stop();
  }
  if (summary.factors.n < SMALL_MATRIX_ROWS) {
    io.stderr.write(
      `semiforge: warning: ${summary.factors.n} rows < ${SMALL_MATRIX_ROWS}: paper 002 finds the model optimistic for small matrices ` +
        '(too few threads to hide latency, launch overhead); compare with measured rates on matrices of 10^5 rows or more\n',
    );
  }
  io.stdout.write(flags.json ? `${JSON.stringify(summary)}\n` : analyzeText(summary));
  return 0;
}
