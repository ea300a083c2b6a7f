// Reads benchmark results files (shared/BENCHMARKS.md) for the tools that quote them: plots and README tables.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchResult } from './results.js';

/** One results file as written by `writeResults`, with the path it was read from. */
export interface ResultsFile {
  suite: string;
  context: BenchContext;
  results: BenchResult[];
  path: string;
}

/** `benchmarks/results/`, wherever the command runs from. */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** Parameter names in the order of shared/BENCHMARKS.md; variant labels list their parts in this order. */
const PARAM_ORDER = [
  'n', 'scale', 'edgefactor', 'type', 'backend', 'method', 'tile', 'unroll', 'layout', 'semiring', 'format',
  'class', 'sources', 'threads', 'gpus',
];

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Throws with the path and the first field that does not fit the results format. */
function checkShape(data: unknown, path: string): asserts data is Omit<ResultsFile, 'path'> {
  const fail = (what: string): never => {
    throw new Error(`${path} is not a results file (shared/BENCHMARKS.md): ${what}`);
  };
  if (!isObject(data)) fail('not a JSON object');
  const d = data as Record<string, unknown>;
  if (typeof d.suite !== 'string') fail('"suite" is not a string');
  if (!isObject(d.context) || typeof d.context.date !== 'string') fail('"context.date" is missing');
  if (!Array.isArray(d.results)) fail('"results" is not an array');
  (d.results as unknown[]).forEach((r, i) => {
    if (!isObject(r)) return fail(`results[${i}] is not an object`);
    if (!isObject(r.params)) fail(`results[${i}].params is not an object`);
    if (typeof r.metric !== 'string') fail(`results[${i}].metric is not a string`);
    if (typeof r.value !== 'number') fail(`results[${i}].value is not a number`);
    if (typeof r.validated !== 'boolean') fail(`results[${i}].validated is not a boolean`);
    if (!isObject(r.time_ms) || typeof r.time_ms.median !== 'number') fail(`results[${i}].time_ms.median is missing`);
  });
}

/** Reads and checks one results file. */
export function readResults(path: string): ResultsFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
  checkShape(data, path);
  return { ...data, path };
}

/**
 * The newest results file of a suite in `dir` (`<suite>-<device-slug>-<YYYYMMDD>[-<HHMMSS>].json`), by `context.date`;
 * `device` keeps only files of that device slug.
 */
export function newestResults(suite: string, dir: string = RESULTS_DIR, device?: string): ResultsFile {
  const escaped = suite.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}-(.+)-(\\d{8})(?:-\\d{6})?\\.json$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const files = names
    .map((name) => ({ name, m: pattern.exec(name) }))
    .filter(({ m }) => m && (device === undefined || m[1] === device))
    .map(({ name }) => readResults(join(dir, name)))
    // `cuda-spmv-h100-….json` also fits `cuda-<device>-…`: the file's own suite decides.
    .filter((f) => f.suite === suite);
  if (files.length === 0) {
    const which = device ? `${suite}-${device}-<YYYYMMDD>.json` : `${suite}-<device>-<YYYYMMDD>.json`;
    throw new Error(`no results of suite "${suite}" in ${dir} (looked for ${which}); run the suite first, or name a file`);
  }
  files.sort((a, b) => a.context.date.localeCompare(b.context.date) || a.path.localeCompare(b.path));
  return files[files.length - 1];
}

/** Parameters that name a variant even when every result has the same value (a chart then still says `unroll=4`). */
const VARIANT_PARAMS = ['method', 'tile', 'unroll', 'layout', 'format'];

/** The newest results file of every suite in `dir`, by suite name. */
export function newestOfEachSuite(dir: string = RESULTS_DIR): ResultsFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const suites = new Set(
    names.filter((name) => /^.+-\d{8}(?:-\d{6})?\.json$/.test(name)).map((name) => readResults(join(dir, name)).suite),
  );
  if (suites.size === 0) throw new Error(`no results files (<suite>-<device>-<YYYYMMDD>.json) in ${dir}; run a suite first`);
  return [...suites].sort().map((suite) => newestResults(suite, dir));
}

/**
 * The parameter names that tell `results` apart: those of a variant (method, tile, unroll, layout, format) and
 * any other whose value differs between results, in the order of shared/BENCHMARKS.md, without `omit` (the x
 * axis) and `metric`. Parameters that all results share otherwise (type, backend) say nothing and are left out.
 */
export function variantKeys(results: readonly BenchResult[], omit: readonly string[]): string[] {
  const seen = new Map<string, Set<string>>();
  for (const r of results) {
    for (const [k, v] of Object.entries(r.params)) {
      if (!seen.has(k)) seen.set(k, new Set());
      seen.get(k)!.add(String(v));
    }
  }
  const rank = (k: string) => (PARAM_ORDER.includes(k) ? PARAM_ORDER.indexOf(k) : PARAM_ORDER.length);
  return [...seen.keys()]
    .filter((k) => k !== 'metric' && !omit.includes(k))
    .filter((k) => VARIANT_PARAMS.includes(k) || seen.get(k)!.size > 1 || results.some((r) => !(k in r.params)))
    .sort((a, b) => rank(a) - rank(b));
}

/** `method=a tile=64 unroll=4 layout=row-major`: the variant's values of `keys`; `fallback` when none. */
export function variantLabel(params: BenchResult['params'], keys: readonly string[], fallback: string): string {
  const parts = keys.filter((k) => k in params).map((k) => `${k}=${params[k]}`);
  return parts.length ? parts.join(' ') : fallback;
}

/** The results of one metric (default: the metric of the first result). */
export function metricResults(file: ResultsFile, metric?: string): { metric: string; results: BenchResult[] } {
  const m = metric ?? file.results[0]?.metric;
  if (m === undefined) throw new Error(`${file.path} has no results`);
  const results = file.results.filter((r) => r.metric === m);
  if (results.length === 0) {
    const have = [...new Set(file.results.map((r) => r.metric))].join(', ');
    throw new Error(`${file.path} has no results of metric "${m}" (it has: ${have})`);
  }
  return { metric: m, results };
}
