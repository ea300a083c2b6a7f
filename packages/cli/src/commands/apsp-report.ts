import type { ApspPlan } from '@semiforge/algorithms';
import type { AdapterDescription } from '@semiforge/runtime';
import { formatMs, formatSi } from '../output/format.js';
import type { Verification } from '@semiforge/algorithms';

/** One timed run. */
export interface Trial {
  readonly gpuTimeMs: number | null;
  readonly wallTimeMs: number;
}

/** The path asked for with `--path U V` (0-based vertices). */
export interface PathReport {
  readonly from: number;
  readonly to: number;
  /** The vertices from `from` to `to`, or null when `to` cannot be reached. */
  readonly vertices: number[] | null;
  /** Its length in the semiring (null for ±infinity). */
  readonly distance: number | null;
}

/** What `semiforge apsp --json` prints: one object, stable keys, `null` where a value does not apply. */
export interface ApspSummary {
  readonly command: 'apsp';
  /** The file path, or `random4n(n=..., seed=...)`. */
  readonly graph: string;
  readonly n: number;
  readonly arcs: number;
  readonly method: ApspPlan['method'];
  readonly tile: number;
  readonly unroll: number;
  readonly layout: ApspPlan['layout'];
  readonly semiring: string;
  readonly type: ApspPlan['type'];
  readonly successors: boolean;
  /** The order the kernels ran on: n rounded up to a multiple of the tile. */
  readonly paddedN: number;
  /** The device, as one line. */
  readonly device: string;
  /** The WebGPU adapter; null on CUDA (`--backend cuda`: `device` names the GPU and its arch). */
  readonly adapter: Omit<AdapterDescription, 'features' | 'limits'> | null;
  /** GPU time (timestamp queries) of the reported trial, or null when the device has no timestamps. */
  readonly gpuTimeMs: number | null;
  readonly wallTimeMs: number;
  /** Which time the rate divides by. */
  readonly timeSource: 'gpu' | 'wall';
  /** n³ / time: pivot relaxations per second. */
  readonly relaxationsPerSecond: number;
  /** Every trial; the reported one is the (lower) median by the rate's time. */
  readonly trials: readonly Trial[];
  /** null when `--verify` was not given. */
  readonly verified: boolean | null;
  readonly verification: Verification | null;
  readonly path: PathReport | null;
  /** The `--out` file, if any. */
  readonly out: string | null;
}

/** The trial in the middle by the time the rate uses (the faster of the two middles, so 2 trials drop the cold one). */
export function medianTrial(trials: readonly Trial[], source: 'gpu' | 'wall'): Trial {
  const time = (t: Trial) => (source === 'gpu' ? (t.gpuTimeMs as number) : t.wallTimeMs);
  const sorted = [...trials].sort((a, b) => time(a) - time(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function kernelsLine(s: ApspSummary): string {
  const layout = s.method === 'plain' ? 'plain Floyd-Warshall, one launch per vertex' : `method ${s.method} (${s.layout}), tile ${s.tile}, unroll ${s.unroll}`;
  const padded = s.paddedN === s.n ? '' : `, padded to ${s.paddedN}`;
  return `${layout}, ${s.semiring} ${s.type}${s.successors ? ', successors' : ''}${padded}`;
}

function timeLine(s: ApspSummary): string {
  const gpu = s.gpuTimeMs === null ? 'no GPU timestamps' : `${formatMs(s.gpuTimeMs)} GPU`;
  let line = `${gpu}, ${formatMs(s.wallTimeMs)} wall`;
  if (s.trials.length > 1) {
    const times = s.trials.map((t) => (s.timeSource === 'gpu' ? (t.gpuTimeMs as number) : t.wallTimeMs));
    line += ` (median of ${s.trials.length} trials; ${s.timeSource} ${formatMs(Math.min(...times))} to ${formatMs(Math.max(...times))})`;
  }
  return line;
}

function verifyLine(v: Verification): string {
  const against = v.method === 'dijkstra' ? 'Dijkstra' : 'the CPU reference';
  const what = `${v.rows} row${v.rows === 1 ? '' : 's'} (${v.entries} entries) against ${against}`;
  if (v.ok) return `OK: ${what}`;
  const f = v.first!;
  return `FAILED: ${v.mismatches} of ${what} differ; first dist[${f.source}][${f.target}] = ${f.got}, expected ${f.expected}`;
}

/** The human summary for stderr. */
export function formatSummary(s: ApspSummary): string {
  const rows: [string, string][] = [
    ['device', s.device],
    ['kernels', kernelsLine(s)],
    ['time', timeLine(s)],
    ['rate', `${formatSi(s.relaxationsPerSecond)} relaxations/s (n³ / ${s.timeSource === 'gpu' ? 'GPU' : 'wall'} time)`],
  ];
  if (s.verification !== null) rows.push(['verify', verifyLine(s.verification)]);
  if (s.path !== null) {
    const { from, to, vertices, distance } = s.path;
    rows.push(['path', vertices === null ? `no path from ${from} to ${to}` : `${from} → ${to}: distance ${distance ?? 'infinite'}, ${vertices.length - 1} arcs`]);
  }
  if (s.out !== null) rows.push(['wrote', `${s.out} (${s.n}×${s.n} ${s.type})`]);
  const head = `apsp: ${s.graph}, n = ${s.n}, ${s.arcs} arcs\n`;
  return head + rows.map(([k, v]) => `  ${k.padEnd(9)}${v}\n`).join('');
}

/** The largest smaller power-of-two tile (≥ 8) that pads n by at most 1.5× the work, if any. */
export function smallerTile(n: number, tile: number): number | undefined {
  for (let t = tile / 2; t >= 8; t /= 2) {
    if ((Math.ceil(n / t) * t) ** 3 <= 1.5 * n ** 3) return t;
  }
  return undefined;
}

/** Notes that say what to try next, from the summary's facts. */
export function summaryNotes(s: ApspSummary): string[] {
  const notes: string[] = [];
  if (s.adapter?.isFallbackAdapter) notes.push('the adapter is a software fallback (e.g. lavapipe): its times say nothing about a GPU');
  if (s.method !== 'plain' && s.paddedN ** 3 > 1.5 * s.n ** 3) {
    const better = smallerTile(s.n, s.tile);
    const smaller = better === undefined ? '' : `; try --tile ${better}`;
    notes.push(`n = ${s.n} is padded to ${s.paddedN} for tile ${s.tile}: ${((s.paddedN / s.n) ** 3).toFixed(1)}× the work${smaller}`);
  }
  if (s.timeSource === 'wall') notes.push('the device has no timestamp queries, so the rate uses wall time (uploads and read-back included)');
  if (s.trials.length === 1) notes.push('one trial: its time includes shader compilation (drivers compile lazily); use -n 3 for the median of warm runs');
  return notes;
}
