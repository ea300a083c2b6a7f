/**
 * @semiforge/cli: the `semiforge` command. `main(argv, io)` runs it in-process (tests, scripts); the bin
 * `semiforge` calls it with the process's streams.
 */
export { main } from './main.js';
export { processIo, type CliIo, type CliStream } from './io.js';
export { EXIT, UsageError, CliError, reportError, type ErrorReport } from './errors.js';
export { BIN_HEADER_BYTES, BIN_MAGIC, BIN_VERSION, TEXT_MATRIX_MAX_N, type MatrixFormat } from './output/matrix-file.js';
export type { ApspSummary, PathReport, Trial } from './commands/apsp-report.js';
export type { Verification } from '@semiforge/algorithms';
export type { ConvertSummary } from './commands/convert.js';
export type { GenerateSummary } from './commands/generate.js';
export type { InfoSummary } from './commands/info.js';
export type { AnalyzeSummary } from './commands/analyze.js';
export type { PagerankSummary, RankedVertex } from './commands/pagerank.js';
export type { SsspSummary, SsspTrial } from './commands/sssp.js';
export type { SpmvSummary, SpmvRun } from './commands/spmv.js';
export type { BfsFlags, BfsSummary, BfsTrial } from './commands/bfs.js';
