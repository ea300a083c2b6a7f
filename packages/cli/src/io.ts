/** Where the CLI writes: the process's streams in the bin, string buffers in tests. */
export interface CliStream {
  write(text: string): unknown;
  /** True for a terminal: only then does `apsp` draw a progress bar. */
  readonly isTTY?: boolean;
  /** Terminal width, for help text. */
  readonly columns?: number;
}

/** The outside world `main` sees. */
export interface CliIo {
  /** Results: `--json` objects, generated source, listings, `--path` vertices. */
  readonly stdout: CliStream;
  /** Everything for people: summaries, notes, progress, errors. */
  readonly stderr: CliStream;
  /** Environment (`SEMIFORGE_DEBUG`, `CI`, `NO_COLOR`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Whether to draw live progress on stderr: on a terminal, never in CI logs. */
export function wantsProgress(io: CliIo): boolean {
  return io.stderr.isTTY === true && !io.env.CI && io.env.TERM !== 'dumb';
}
