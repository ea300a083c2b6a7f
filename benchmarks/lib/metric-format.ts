// How a metric is named, scaled and compared wherever results are shown (plots, README tables).

/** A metric as people read it. */
export interface MetricInfo {
  /** `relaxations/s`, `TEPS`, `GB/s`. */
  label: string;
  /** Whether the best variant has the largest value (rates) or the smallest (times). */
  higherIsBetter: boolean;
  /** Whether values take an SI prefix (counts per second do; `GB/s` or `ms` already carry their scale). */
  siPrefix: boolean;
}

/** The metrics of shared/BENCHMARKS.md; others are derived from their name and unit. */
const KNOWN: Record<string, MetricInfo> = {
  relaxations_per_s: { label: 'relaxations/s', higherIsBetter: true, siPrefix: true },
  teps: { label: 'TEPS', higherIsBetter: true, siPrefix: true },
  gflops: { label: 'GFLOP/s', higherIsBetter: true, siPrefix: false },
  effective_GBps: { label: 'GB/s', higherIsBetter: true, siPrefix: false },
  MBps: { label: 'MB/s', higherIsBetter: true, siPrefix: false },
  time_ms: { label: 'ms', higherIsBetter: false, siPrefix: false },
  speedup: { label: 'speedup', higherIsBetter: true, siPrefix: false },
  overhead_delta: { label: 'overhead', higherIsBetter: false, siPrefix: false },
};

/** Name, direction and scaling of `metric` measured in `unit`. */
export function metricInfo(metric: string, unit: string): MetricInfo {
  return (
    KNOWN[metric] ?? {
      label: metric.replace(/_per_s$/, '/s').replace(/_/g, ' '),
      higherIsBetter: !/time|latency|overhead|_ms$|_s$/.test(metric),
      siPrefix: unit === '1/s' || unit === '',
    }
  );
}

const PREFIXES: [number, string][] = [
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** The SI prefix that shows `max` with one to three integer digits: 4.5e12 → `{ prefix: 'T', factor: 1e12 }`. */
export function siScale(max: number): { prefix: string; factor: number } {
  for (const [factor, prefix] of PREFIXES) if (Math.abs(max) >= factor) return { prefix, factor };
  return { prefix: '', factor: 1 };
}

/** `digits` significant digits, never in exponent notation; integers from 10^digits up: 4.9796 → `4.98`. */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 10 ** digits) return String(Math.round(x));
  if (x === 0) return '0';
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  return x.toFixed(Math.min(decimals, 20));
}
