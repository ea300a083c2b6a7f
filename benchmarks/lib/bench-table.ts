// The markdown that quotes a results file in a README: context, the best validated variant per size, and the
// block between `<!-- bench:<suite>:start -->` and `<!-- bench:<suite>:end -->` that holds it.
import { formatNumber, metricInfo, siScale } from './metric-format.js';
import { metricResults, variantKeys, variantLabel, type ResultsFile } from './read-results.js';
import type { BenchResult } from './results.js';

/** What to quote and where the quote points. */
export interface TableOptions {
  /** The parameter of the rows (default `n`). */
  x?: string;
  /** The metric to quote (default: the metric of the first result). */
  metric?: string;
  /** The results file as the markdown file should name it (relative to it). */
  source: string;
  /** The chart, relative to the markdown file; no link when absent. */
  plot?: string;
  /** The command that regenerates the block, quoted in its header comment. */
  regenerate: string;
}

/** The two marker lines of a suite's block. */
export function markers(suite: string): { start: string; end: string } {
  return { start: `<!-- bench:${suite}:start -->`, end: `<!-- bench:${suite}:end -->` };
}

/** `text` as inline code, with a fence longer than any backtick run inside it. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** A table cell: pipes escaped, no line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** The best validated result per value of `x`, in ascending order of `x`; `undefined` where none validated. */
function bestPerX(results: BenchResult[], x: string, higherIsBetter: boolean) {
  const xs = uniq(results.filter((r) => r.params[x] !== undefined).map((r) => r.params[x]));
  xs.sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
  return xs.map((xv) => {
    const valid = results.filter((r) => r.params[x] === xv && r.validated);
    const best = valid.reduce<BenchResult | undefined>(
      (b, r) => (!b || (higherIsBetter ? r.value > b.value : r.value < b.value) ? r : b),
      undefined,
    );
    return { x: xv, best, of: valid.length };
  });
}

/**
 * The markdown quoting `file`: its device, date, git sha and command, then one row per value of `x` with the best
 * validated variant, its rate, % of the limit, ratio to the peer and median time (min–max). Unvalidated results
 * are counted, never quoted. Throws when no result is validated.
 */
export function benchTable(file: ResultsFile, options: TableOptions): string {
  const x = options.x ?? 'n';
  const { metric, results } = metricResults(file, options.metric);
  const info = metricInfo(metric, results[0].unit);
  const valid = results.filter((r) => r.validated);
  if (valid.length === 0) throw new Error(`${file.path}: none of the ${results.length} ${metric} results is validated; nothing to quote`);
  const rows = bestPerX(results, x, info.higherIsBetter);
  const keys = variantKeys(valid, [x]);
  const quoted = rows.flatMap((r) => (r.best ? [r.best] : []));
  const scale = info.siPrefix ? siScale(Math.max(...quoted.map((r) => Math.abs(r.value)))) : { prefix: '', factor: 1 };
  const unit = `${scale.prefix ? scale.prefix + ' ' : ''}${info.label}`;
  const hasLimit = quoted.some((r) => r.limit);
  const hasPeer = quoted.some((r) => r.peer);

  const c = file.context;
  const git = /^[0-9a-f]{7,}$/i.test(c.git) ? c.git.slice(0, 7) : c.git;
  const lines = [
    `<!-- generated from ${code(options.source)} by ${code(options.regenerate)}; do not edit by hand -->`,
    '',
    `**${file.suite}** on **${c.device}** (${c.backend}, driver ${c.adapter?.driver || 'unknown'}; host ${c.host}), ` +
      `${c.date.slice(0, 10)}, git ${code(git)}`,
    '',
    `Command: ${code(c.command)}`,
    '',
  ];
  const head = [x, 'best validated variant', unit];
  if (hasLimit) head.push('% of limit');
  if (hasPeer) head.push('× peer');
  head.push('median ms (min–max, runs)');
  lines.push(`| ${head.join(' | ')} |`, `| ${head.map((_, i) => (i === 1 ? '---' : '---:')).join(' | ')} |`);
  for (const { x: xv, best, of } of rows) {
    if (!best) {
      lines.push(`| ${[String(xv), 'no validated result', ...head.slice(2).map(() => '—')].join(' | ')} |`);
      continue;
    }
    const label = variantLabel(best.params, keys, metric);
    const row = [String(xv), cell(of > 1 ? `${label} (best of ${of})` : label), formatNumber(best.value / scale.factor)];
    if (hasLimit) {
      const ratio = best.ratio_to_limit ?? (best.limit ? best.value / best.limit.value : undefined);
      row.push(ratio === undefined ? '—' : `${formatNumber(ratio * 100)} %`);
    }
    if (hasPeer) {
      const ratio = best.ratio_to_peer ?? (best.peer ? best.value / best.peer.value : undefined);
      row.push(ratio === undefined ? '—' : `${formatNumber(ratio)}×`);
    }
    const t = best.time_ms;
    row.push(`${formatNumber(t.median, 4)} (${formatNumber(t.min, 4)}–${formatNumber(t.max, 4)}, ${t.runs})`);
    lines.push(`| ${row.join(' | ')} |`);
  }
  lines.push('');
  const limits = uniq(quoted.flatMap((r) => (r.limit ? [`${r.limit.name} = ${formatNumber(r.limit.value / scale.factor)} ${unit}`] : [])));
  const peers = uniq(quoted.flatMap((r) => (r.peer ? [`${r.peer.name}, ${r.peer.same_run ? 'same run' : 'published figure'}`] : [])));
  const notes = [
    ...limits.map((l) => `Limit: ${l}.`),
    ...peers.map((p) => `Peer: ${p}.`),
    `${valid.length} of ${results.length} results validated; only validated results are quoted.`,
  ];
  lines.push(notes.join(' '));
  if (options.plot) lines.push('', `Plot: [${info.label} against ${x}, one line per variant](${options.plot})`);
  return lines.join('\n');
}

/**
 * `text` with the lines between the suite's markers replaced by `block`. Throws when a marker is missing,
 * repeated, or the end comes first: the README says where the table goes, never this tool.
 */
export function replaceBlock(text: string, suite: string, block: string): string {
  const { start, end } = markers(suite);
  const count = (m: string) => text.split(m).length - 1;
  const [starts, ends] = [count(start), count(end)];
  if (starts !== 1 || ends !== 1) {
    const say = (m: string, k: number) => (k === 0 ? `${m} is missing` : k > 1 ? `${m} appears ${k} times` : '');
    const what = [say(start, starts), say(end, ends)].filter(Boolean).join(' and ');
    throw new Error(`${what}; put one ${start} line and one ${end} line where the ${suite} table goes`);
  }
  const i = text.indexOf(start) + start.length;
  const j = text.indexOf(end);
  if (j < i) throw new Error(`${end} comes before ${start}`);
  return `${text.slice(0, i)}\n${block}\n${text.slice(j)}`;
}
