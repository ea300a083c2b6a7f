import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { newestPerCase } from './merge-results.js';

/** One measured case, in the format of shared/BENCHMARKS.md. */
export interface BenchResult {
  case: string;
  params: Record<string, string | number | boolean>;
  metric: string;
  value: number;
  unit: string;
  time_ms: { median: number; min: number; max: number; runs: number };
  limit?: { name: string; value: number };
  ratio_to_limit?: number;
  peer?: { name: string; value: number; same_run: boolean };
  ratio_to_peer?: number;
  validated: boolean;
  validation?: string;
  /** A performance model's figure for the same case, in the metric's unit (SpMV: the hierarchy-aware model). */
  predicted?: { name: string; value: number };
  /** Other models' figures for the same case (SpMV: paper 002's own), to compare models over a run. */
  predicted_also?: { name: string; value: number }[];
  /**
   * Where the case was timed in several rounds in turn with its peer (SpMV `--rounds`): each round's median, in
   * the order run; `time_ms` and `value` pool every round's runs.
   */
  rounds?: { time_ms: number[]; peer_ms?: number[] };
}

export interface BenchContext {
  date: string;
  git: string;
  command: string;
  host: string;
  device: string;
  backend: string;
  adapter: { vendor: string; architecture: string; driver: string; description: string };
  versions: Record<string, string>;
}

export function hostDescription(): string {
  return `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

/** The versions every GPU suite records (pinned in package.json; a bundle for the GPU host cannot read it). */
export const BASE_VERSIONS: Readonly<Record<string, string>> = { webgpu: '0.6.2', '@semiforge/algorithms': '0.1.0' };

/** The commit a run names: `$SEMIFORGE_GIT`, else the one scripts/device-bundle.sh bundled (the GPU host has no git). */
export const declaredGit = (): string => process.env.SEMIFORGE_GIT ?? process.env.SEMIFORGE_BUNDLE_GIT ?? 'unknown';

/**
 * The context fields that do not depend on the device: when, which commit ({@link declaredGit}), the command as
 * run, the host, and the versions (node's and {@link BASE_VERSIONS}, plus `versions`).
 */
export function baseContext(suite: string, versions: Record<string, string> = {}): Pick<BenchContext, 'date' | 'git' | 'command' | 'host' | 'versions'> {
  return {
    date: new Date().toISOString(),
    git: declaredGit(),
    command: `node benchmarks/${suite}/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    host: hostDescription(),
    versions: { node: process.versions.node, ...BASE_VERSIONS, ...versions },
  };
}

/** A CUDA version code as cuDriverGetVersion or cudaRuntimeGetVersion give it: 13000 → `13.0`, 12040 → `12.4`. */
export function cudaVersion(code: number): string {
  return `${Math.floor(code / 1000)}.${(code % 1000) / 10}`;
}

/** `NVIDIA H100 80GB HBM3` → `h100`; lavapipe → `lavapipe`. */
export function deviceSlug(device: string): string {
  const m = /\b([ABHLV]\d{2,3}|RTX ?\w+|lavapipe|llvmpipe)\b/i.exec(device);
  return (m ? m[1] : device).toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** Medians of several runs after a warm-up; the spread is kept. */
export function summarize(times: readonly number[]): BenchResult['time_ms'] {
  const s = [...times].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1], runs: s.length };
}

/**
 * Writes `<suite>-<device-slug>-<YYYYMMDD>.json` into each directory; returns the paths. `summary` holds what
 * belongs to the run as a whole (e.g. how a model's predictions correlate with the measurements). A file of that
 * name from another run (an earlier command of the same day) is kept: this run's goes to
 * `<suite>-<device-slug>-<YYYYMMDD>-<HHMMSS>.json` instead (see {@link resultsName}).
 */
export function writeResults(suite: string, context: BenchContext, results: BenchResult[], dirs: string[], summary?: Record<string, unknown>): string[] {
  const text = `${JSON.stringify({ suite, context, results: newestPerCase(results), ...(summary ? { summary } : {}) }, null, 2)}\n`;
  return resultDirs(dirs, process.env.OUT).map((dir) => {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, resultsName(suite, context, (name) => writtenBy(join(dir, name))));
    writeFileSync(path, text);
    return path;
  });
}

/**
 * The file name of a run's results: `<suite>-<device-slug>-<YYYYMMDD>.json`, or with `-<HHMMSS>` (UTC) added
 * when `existing` says a file of the plain name holds another run's results (its `context.date`, or null for a
 * file that is not a results file): two commands of a day must not overwrite each other's figures.
 *
 * @example
 * resultsName('sssp', { device: 'NVIDIA H200', date: '2026-12-05T01:02:03.456Z' }, () => undefined); // 'sssp-h200-20261205.json'
 * resultsName('sssp', { device: 'NVIDIA H200', date: '2026-12-05T01:02:03.456Z' }, () => '2026-12-05T00:10:00.000Z'); // 'sssp-h200-20261205-010203.json'
 */
export function resultsName(suite: string, context: Pick<BenchContext, 'device' | 'date'>, existing: (name: string) => string | null | undefined): string {
  const stem = `${suite}-${deviceSlug(context.device)}-${context.date.slice(0, 10).replace(/-/g, '')}`;
  const taken = existing(`${stem}.json`);
  if (taken === undefined || taken === context.date) return `${stem}.json`;
  return `${stem}-${context.date.slice(11, 19).replace(/:/g, '')}.json`;
}

/** The `context.date` of the results file at `path`: undefined when there is none, null when it is not one. */
function writtenBy(path: string): string | null | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const date = (JSON.parse(readFileSync(path, 'utf8')) as { context?: { date?: unknown } }).context?.date;
    return typeof date === 'string' ? date : null;
  } catch {
    return null;
  }
}

/**
 * Where a run's results go: `dirs`, and also `out` ($OUT, where the GPU host collects what comes back) unless a
 * directory is already inside it. Two commands of one suite in one call, each with its own `--out $OUT/<name>`,
 * would otherwise each write `$OUT/<suite>-…json` too, the second over the first.
 *
 * @example
 * resultDirs(['benchmarks/results'], '/root/out'); // [<abs>/benchmarks/results, '/root/out']
 * resultDirs(['/root/out/a'], '/root/out');        // ['/root/out/a']
 */
export function resultDirs(dirs: readonly string[], out: string | undefined): string[] {
  const all = dirs.map((dir) => resolve(dir));
  if (out !== undefined && out !== '') {
    const root = resolve(out);
    const inside = (dir: string) => dir === root || !relative(root, dir).startsWith('..');
    if (!all.some(inside)) all.push(root);
  }
  return [...new Set(all)];
}
