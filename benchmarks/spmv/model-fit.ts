// Paper 002's model beside the measurements, and the hierarchy-aware model that adds x's L2 → L1 traffic
// (with the L2 gather rate measured in this run): each one's predicted GFLOP/s per product, and how well the
// predictions follow the measured rates over the matrix set (the paper reports Pearson's r).
import { correlation, layoutTraffic, matrixFactors, planSpmv, predictSpmv, type Correlation, type SpmvFormat, type SpmvKernelOptions } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import type { BenchResult } from '../lib/results.js';

export interface Predictions {
  /** Paper 002's eq. (1)–(3). */
  readonly paper: number;
  /** With the L2 → L1 term, when the L2 gather rate was measured. */
  readonly hierarchy?: number;
}

/**
 * Both models' GFLOP/s for each format on this matrix, with W the bandwidths measured in this run (GB/s) and
 * the layout of the plan that ran (its knobs: fold width, slice height, σ, merge items), one per plan.
 */
export function modelOf(csr: Csr, bandwidthGBps: number, l2BandwidthGBps?: number): (format: SpmvFormat, knobs?: SpmvKernelOptions) => Predictions {
  const factors = matrixFactors(csr);
  const memo = new Map<string, Predictions>();
  return (format, knobs = {}) => {
    const key = JSON.stringify({ ...knobs, format });
    const known = memo.get(key);
    if (known) return known;
    // Planned as on the H100 (subgroups of 32); the traffic does not depend on the reduction.
    const layout = layoutTraffic(csr, planSpmv({ ...knobs, format }, factors, { available: true, minSize: 32 }));
    const predictions = {
      paper: predictSpmv(factors, { bandwidthGBps, format, layout }).gflops,
      hierarchy: l2BandwidthGBps === undefined ? undefined : predictSpmv(factors, { bandwidthGBps, l2BandwidthGBps, format, layout }).gflops,
    };
    memo.set(key, predictions);
    return predictions;
  };
}

export interface ModelFit {
  readonly model: string;
  /** Every validated plus-times product: formats and matrices together. */
  readonly allFormats: Correlation;
  /** The automatic choice only, one product per matrix. */
  readonly auto: Correlation;
}

/** How each model's predictions follow the measured plus-times rates (`predicted` holds the hierarchy model where measured). */
export function modelFit(results: readonly BenchResult[]): { paper?: ModelFit; hierarchy?: ModelFit } {
  const gflops = results.filter((r) => r.metric === 'gflops' && r.validated && r.params.semiring === 'plus-times');
  const fit = (name: string, value: (r: BenchResult) => number | undefined): ModelFit | undefined => {
    const rs = gflops.filter((r) => value(r) !== undefined);
    if (rs.length === 0) return undefined;
    const c = (sub: BenchResult[]) => correlation(sub.map((r) => value(r)!), sub.map((r) => r.value));
    return { model: name, allFormats: c(rs), auto: c(rs.filter((r) => r.params.format === 'auto')) };
  };
  return {
    paper: fit(PAPER_MODEL_NAME, (r) => [r.predicted, ...(r.predicted_also ?? [])].find((p) => p?.name === PAPER_MODEL_NAME)?.value),
    hierarchy: fit(HIERARCHY_MODEL_NAME, (r) => (r.predicted?.name === HIERARCHY_MODEL_NAME ? r.predicted.value : undefined)),
  };
}

export const PAPER_MODEL_NAME = "paper 002's model (predictSpmv: BPF = F/2 + I/2 + (1 - hit_x) L/S, W = the copy bandwidth of this run)";
export const HIERARCHY_MODEL_NAME =
  "paper 002's model + x's L2 -> L1 sectors and each layout's other bytes: row offsets, slice offsets, row ids, partials, carries (predictSpmv with l2BandwidthGBps and layoutTraffic of the plan: time/flop = BPF/W + (1 - hit_L1) 32 B / 2 / W_L2; W = copy bandwidth, W_L2 = L2 gather rate, both of this run)";
