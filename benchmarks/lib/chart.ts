// Draws results files as a Vega-Lite chart: the metric against one parameter, one line per variant, the
// limit as a dashed rule and the peer as diamonds. Only validated results are drawn.
import { View, parse } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { formatNumber, metricInfo, siScale, type MetricInfo } from './metric-format.js';
import { metricResults, variantKeys, variantLabel, type ResultsFile } from './read-results.js';
import { deviceSlug } from './results.js';

/** What to draw. */
export interface ChartOptions {
  /** The parameter on the x axis (default `n`). */
  x?: string;
  /** The metric on the y axis (default: the metric of the first file's first result). */
  metric?: string;
  /** `auto` (default) takes a log scale when the values span more than 50×, e.g. a CPU peer next to GPU rates. */
  yScale?: 'auto' | 'log' | 'linear';
  width?: number;
  height?: number;
}

/** A chart and what it shows. */
export interface Chart {
  spec: TopLevelSpec;
  /** Legend entries: variants first, then peers. */
  series: string[];
  /** Validated results drawn. */
  points: number;
}

type X = number | string;

/** One point of a line. */
interface Row {
  x: X;
  y: number;
  series: string;
}

/** What the files hold that is drawn: validated results only. */
interface Drawn {
  variants: Row[];
  peers: Row[];
  limits: { name: string; value: number }[];
  /** Subtitle lines naming the limits and peers in full. */
  notes: string[];
}

/** Tableau 20 for the variants; peers are near-black. */
const PALETTE = [
  '#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac',
  '#a0cbe8', '#ffbe7d', '#ff9d9a', '#86bcb6', '#8cd17d', '#f1ce63', '#d4a6c8', '#fabfd2', '#d7b5a6', '#79706e',
];
const PEER_COLOR = '#222222';

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** Rows that are equal in every field, once. */
function uniqRows(rows: Row[]): Row[] {
  return uniq(rows.map((r) => JSON.stringify(r))).map((s) => JSON.parse(s) as Row);
}

/** The validated results of `metric` in each file; with several files each series names its device and date. */
function collect(picked: { file: ResultsFile; results: ResultsFile['results'] }[], x: string, metric: string): Drawn {
  const drawn: Drawn = { variants: [], peers: [], limits: [], notes: [] };
  const limits = new Map<string, { name: string; value: number }>();
  for (const { file, results } of picked) {
    const valid = results.filter((r) => r.validated && r.params[x] !== undefined);
    const keys = variantKeys(valid, [x]);
    const prefix = picked.length > 1 ? `${deviceSlug(file.context.device)} ${file.context.date.slice(0, 10)} ` : '';
    for (const r of valid) {
      const xv = r.params[x] as X;
      drawn.variants.push({ x: xv, y: r.value, series: prefix + variantLabel(r.params, keys, metric) });
      if (r.peer) {
        drawn.peers.push({ x: xv, y: r.peer.value, series: prefix + r.peer.name });
        drawn.notes.push(`peer: ${r.peer.name}, ${r.peer.same_run ? 'same run' : 'published figure'}`);
      }
      if (r.limit) {
        // `min-plus peak: 132 SMs x ...` is labelled `min-plus peak`; the subtitle gives the whole name.
        limits.set(`${r.limit.name}=${r.limit.value}`, { name: r.limit.name.split(':')[0].trim(), value: r.limit.value });
        drawn.notes.push(`limit: ${r.limit.name}`);
      }
    }
  }
  return { variants: drawn.variants, peers: uniqRows(drawn.peers), limits: [...limits.values()], notes: uniq(drawn.notes).sort() };
}

/** Powers of ten from below the smallest value to above the largest: the ticks of a log axis. */
function decades(values: number[]): number[] {
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.ceil(Math.log10(Math.max(...values)));
  return Array.from({ length: hi - lo + 1 }, (_, i) => Number((10 ** (lo + i)).toPrecision(1)));
}

/** The x encoding: log2 for sizes that double (n = 1024, 2048, ...), linear for other numbers, else ordinal. */
function xEncoding(xs: X[], title: string) {
  if (!xs.every((v): v is number => typeof v === 'number')) return { field: 'x', type: 'ordinal' as const, title };
  const sorted = [...xs].sort((a, b) => a - b);
  const log = sorted[0] > 0 && sorted[sorted.length - 1] / sorted[0] >= 4;
  return {
    field: 'x',
    type: 'quantitative' as const,
    title,
    scale: log ? { type: 'log' as const, base: 2, nice: false } : { zero: false },
    axis: { values: sorted, format: 'd' },
  };
}

/** The y scale: an SI prefix for counts per second, log when asked or when the values span more than 50×. */
function yAxis(values: number[], info: MetricInfo, yScale: ChartOptions['yScale']) {
  const scale = info.siPrefix ? siScale(Math.max(...values)) : { prefix: '', factor: 1 };
  const title = `${scale.prefix ? scale.prefix + ' ' : ''}${info.label}`;
  const positive = values.every((v) => v > 0);
  const log = yScale === 'log' || (yScale !== 'linear' && positive && Math.max(...values) / Math.min(...values) > 50);
  if (log && !positive) throw new Error('a log y scale needs positive values; use --y-scale linear');
  const encoding = {
    field: 'y',
    type: 'quantitative' as const,
    title,
    scale: log ? { type: 'log' as const } : { zero: true },
    axis: log ? { format: '~g', values: decades(values.map((v) => v / scale.factor)) } : { format: '~g' },
  };
  return { encoding, factor: scale.factor, title };
}

/** The Vega-Lite spec of `files`: one file, or several to compare (each series then names device and date). */
export function chartSpec(files: readonly ResultsFile[], options: ChartOptions = {}): Chart {
  const x = options.x ?? 'n';
  const picked = files.map((file) => ({ file, ...metricResults(file, options.metric) }));
  const metric = picked[0].metric;
  if (picked.some((p) => p.metric !== metric)) throw new Error('the files measure different metrics; pick one with --metric');
  const info = metricInfo(metric, picked[0].results[0].unit);
  const { variants, peers, limits, notes } = collect(picked, x, metric);
  if (variants.length === 0) {
    throw new Error(`no validated results of ${metric} with parameter "${x}" in ${files.map((f) => f.path).join(', ')}; nothing to plot`);
  }

  const y = yAxis([...variants.map((v) => v.y), ...peers.map((p) => p.y), ...limits.map((l) => l.value)], info, options.yScale);
  const xs = uniq(variants.map((v) => v.x));
  const xEnc = xEncoding(xs, x);
  const variantSeries = uniq(variants.map((v) => v.series));
  const peerSeries = uniq(peers.map((p) => p.series));
  const series = [...variantSeries, ...peerSeries];
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: files.length > 1 ? 'device, date, variant' : 'variant',
    scale: {
      domain: series,
      range: [...variantSeries.map((_, i) => PALETTE[i % PALETTE.length]), ...peerSeries.map(() => PEER_COLOR)],
    },
    // Headless, Vega estimates text widths generously: lift the limits so that labels are not cut.
    legend: { labelLimit: 2000, titleLimit: 2000, orient: 'bottom' as const, columns: 1 },
  };
  const scaled = (rows: Row[]) => rows.map((r) => ({ ...r, y: r.y / y.factor }));
  const lastX = typeof xs[0] === 'number' ? Math.max(...(xs as number[])) : xs[xs.length - 1];
  const limitRows = limits.map((l) => ({
    x: lastX,
    y: l.value / y.factor,
    label: `${l.name} ${formatNumber(l.value / y.factor)} ${y.title}`,
  }));

  const contexts = picked.map(({ file }) => file.context);
  const runs = uniq(contexts.map((c) => `${c.device}, ${c.date.slice(0, 10)}`)).join(' vs ');
  const gits = uniq(contexts.map((c) => c.git.slice(0, 10))).join(', ');
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `${files[0].suite} on ${runs}`,
      subtitle: [`${files[0].suite}: ${info.label} vs ${x}, validated results only; git ${gits}`, ...notes],
      anchor: 'start',
    },
    width: options.width ?? 640,
    height: options.height ?? 400,
    background: 'white',
    config: { font: 'sans-serif' },
    layer: [
      { data: { values: scaled(variants) }, mark: { type: 'line', point: true }, encoding: { x: xEnc, y: y.encoding, color } },
      ...(peers.length
        ? [{
            data: { values: scaled(peers) },
            mark: { type: 'point' as const, shape: 'diamond', filled: true, size: 90 },
            encoding: { x: xEnc, y: y.encoding, color },
          }]
        : []),
      ...(limitRows.length
        ? [
            {
              data: { values: limitRows },
              mark: { type: 'rule' as const, strokeDash: [6, 4], color: '#888888' },
              encoding: { y: { field: 'y', type: 'quantitative' as const } },
            },
            {
              data: { values: limitRows },
              mark: { type: 'text' as const, align: 'right' as const, dy: -7, color: '#555555' },
              encoding: { x: xEnc, y: { field: 'y', type: 'quantitative' as const }, text: { field: 'label' } },
            },
          ]
        : []),
    ],
  };
  return { spec, series, points: variants.length };
}

/** Renders a Vega-Lite spec to SVG text, headless (no canvas, no browser). */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
