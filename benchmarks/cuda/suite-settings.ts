// What run.ts gives each side-by-side suite (bfs-suite.ts, spmv-suite.ts, sssp-suite.ts), and the small pieces
// every suite reads its options and reports its progress with.
import type { BenchResult } from '../lib/results.js';

/** A suite's command-line options, as parseArgs defines them (all strings; some with a default). */
export type SuiteOptions = Readonly<Record<string, { readonly type: 'string'; readonly default?: string }>>;

/** The options given to a suite (run.ts takes them beside its own). */
export type SuiteArgs<O extends SuiteOptions> = { readonly [K in keyof O]?: string };

/** What run.ts gives a suite: its option values, whether to run small, the deadline, and where results go. */
export interface SuiteSettings<O extends SuiteOptions> {
  readonly args: SuiteArgs<O>;
  readonly quick: boolean;
  /** performance.now() past which no case starts. */
  readonly stopAt: number;
  /** Called with each result as it is measured (run.ts keeps them and writes the file after each). */
  readonly record: (result: BenchResult) => void;
  /** Called with a line for each case skipped and why. */
  readonly skip: (what: string) => void;
}

/** Each option's value: the one given, else its default; an option without a default may be undefined. */
export type OptionValues<O extends SuiteOptions> = { readonly [K in keyof O]: O[K] extends { readonly default: string } ? string : string | undefined };

/**
 * The suite's option values, defaults filled in.
 *
 * @example
 * const a = optionValues(SSSP_SUITE_OPTIONS, settings.args);
 * a['sssp-methods'].split(',');
 */
export function optionValues<O extends SuiteOptions>(options: O, args: SuiteArgs<O>): OptionValues<O> {
  return Object.fromEntries(Object.entries(options).map(([k, o]) => [k, args[k] ?? o.default])) as OptionValues<O>;
}

/**
 * A progress line writer for a suite: `[name N s] line` on stderr (after `indent`), N the seconds since it was made.
 *
 * @example
 * const log = progressLog('sssp');
 * log('rmat-20: built', '  ');
 */
export function progressLog(name: string): (line: string, indent?: string) => void {
  const started = performance.now();
  return (line, indent = '') => console.error(`${indent}[${name} ${((performance.now() - started) / 1e3).toFixed(0)} s] ${line}`);
}
