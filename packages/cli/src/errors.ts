import { GraphParseError } from '@semiforge/graph-io';
import { NegativeCycleError } from '@semiforge/algorithms';
import { SemiringError, SpecError } from '@semiforge/codegen';
import { NoAdapterError, SemiforgeGpuError } from '@semiforge/runtime';
import { CommanderError } from 'commander';

/** Exit statuses of `semiforge` (documented in the README). */
export const EXIT = {
  ok: 0,
  /** Bad input, a GPU problem, a file that cannot be read or written. */
  error: 1,
  /** A flag value, argument or command the CLI does not accept. */
  usage: 2,
  /** `--verify` found results that differ from the reference. */
  verifyFailed: 3,
} as const;

/** A command line the CLI refuses before doing any work; the message names the flag, value and rule. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The subcommand whose `--help` to point to. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/** An expected failure found by the CLI itself (not a flag problem), with an optional hint. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** What to print for an error and which status to exit with. */
export interface ErrorReport {
  readonly code: number;
  /** The text after `semiforge: `; empty when nothing is to be printed (e.g. help was shown). */
  readonly message: string;
  readonly hint?: string;
}

interface SystemError extends Error {
  code: string;
  path?: string;
  syscall?: string;
}

function isSystemError(error: unknown): error is SystemError {
  return error instanceof Error && typeof (error as Partial<SystemError>).code === 'string' && 'syscall' in error;
}

const ERRNO_TEXT: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'a parent is not a directory',
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  // A pipe (`… | semiforge info /dev/stdin --from sfg`): .sfg sections are read at their offsets.
  ESPIPE: 'a pipe, not a file that can be read at offsets (save it to a file first)',
};

const reasonOf = (error: SystemError): string => ERRNO_TEXT[error.code] ?? error.message;

/**
 * A system error met while writing `path`, as a {@link CliError} that names `path`: the writers open a
 * temporary file beside it (renamed when complete), whose name would only confuse. Other errors pass as they are.
 *
 * @example
 * ```ts
 * await writeGraphFile(path, edges).catch((error) => { throw writeFailure(error, path); });
 * ```
 */
export function writeFailure(error: unknown, path: string): unknown {
  return isSystemError(error) ? new CliError(`cannot write '${path}': ${reasonOf(error)}`) : error;
}

function systemErrorReport(error: SystemError): ErrorReport {
  const reason = reasonOf(error);
  const action = error.syscall === 'open' || error.syscall === 'read' || error.syscall === 'stat' ? 'cannot read' : error.syscall === 'write' ? 'cannot write' : `${error.syscall} failed for`;
  if (error.path === undefined) return { code: EXIT.error, message: `${action} a file: ${reason}` };
  return { code: EXIT.error, message: `${action} '${error.path}': ${reason}` };
}

function usageHint(command?: string): string {
  return command === undefined ? "run 'semiforge --help' for usage" : `run 'semiforge ${command} --help' for usage`;
}

/** Maps any error to its one-line message, hint and exit status; unknown errors are reported as bugs. */
export function reportError(error: unknown, command?: string): ErrorReport {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return { code: EXIT.ok, message: '' };
    // `semiforge` without a command: commander has printed the help on stderr already.
    if (error.code === 'commander.help') return { code: EXIT.usage, message: '' };
    return { code: EXIT.usage, message: error.message.replace(/^error: /, ''), hint: usageHint(command) };
  }
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message, hint: usageHint(error.command ?? command) };
  if (error instanceof CliError) return { code: EXIT.error, message: error.message, hint: error.hint };
  if (error instanceof GraphParseError) return { code: EXIT.error, message: error.message };
  if (error instanceof SpecError) {
    return { code: EXIT.error, message: error.message, hint: "'semiforge codegen --list' shows kernel specs that are known to work" };
  }
  if (error instanceof SemiringError) return { code: EXIT.error, message: error.message, hint: "'semiforge semirings' lists the semirings and their types" };
  if (error instanceof NegativeCycleError) {
    // Both commands report one; the hint names the one that ran (an undirected edge of negative weight is a cycle too).
    const what = command === 'sssp' ? 'shortest paths from a source need' : 'min-plus APSP needs';
    return { code: EXIT.error, message: error.message, hint: `${what} a graph without negative cycles (vertex ids are 0-based)` };
  }
  if (error instanceof NoAdapterError) return { code: EXIT.error, message: error.message, hint: "'semiforge devices' lists the adapters this process can open" };
  if (error instanceof SemiforgeGpuError) return { code: EXIT.error, message: error.message };
  // The CUDA backend's errors, by name: the CLI does not depend on @semiforge/runtime-cuda (an optional package).
  if (error instanceof Error && /^Cuda[A-Za-z]*Error$/.test(error.name)) {
    return { code: EXIT.error, message: error.message, hint: error.name === 'CudaUnavailableError' ? "'semiforge devices' lists the CUDA devices this process can open" : undefined };
  }
  if (isSystemError(error)) return systemErrorReport(error);
  // graph-io's GraphLimitError and DuplicateArcError are RangeErrors, as are its refusals of option values.
  if (error instanceof RangeError) return { code: EXIT.error, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT.error, message, hint: 'this looks like a bug in semiforge; rerun with SEMIFORGE_DEBUG=1 for the stack trace' };
}

/** The text for stderr: `semiforge: message`, then the hint, then the stack when debugging. */
export function formatError(error: unknown, report: ErrorReport, debug: boolean): string {
  if (report.message === '') return '';
  let text = `semiforge: ${report.message}\n`;
  if (report.hint !== undefined) text += `hint: ${report.hint}\n`;
  if (debug && error instanceof Error && error.stack !== undefined) text += `${error.stack}\n`;
  return text;
}
