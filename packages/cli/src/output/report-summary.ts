import type { CliIo } from '../io.js';

/**
 * Ends a command: with `--json` the summary as one JSON line on stdout (and nothing else there),
 * otherwise `line` for people on stderr.
 *
 * @example
 * ```ts
 * reportSummary(io, flags.json, summary, `convert: a.mtx → a.sfg: ${describeGraph(summary)}`);
 * ```
 */
export function reportSummary(io: CliIo, json: boolean | undefined, summary: object, line: string): void {
  if (json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else io.stderr.write(`${line}\n`);
}
