// Paper 002's model beside the measurements: its predicted GFLOP/s per product, and how well the predictions
// follow the measured rates over the matrix set (the paper reports Pearson's r).
import { correlation, matrixFactors, predictSpmv, type Correlation, type SpmvFormat } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import type { BenchResult } from '../lib/results.js';

/** The model's GFLOP/s for each format on this matrix, with W the bandwidth measured in this run (GB/s). */
export function modelOf(csr: Csr, bandwidthGBps: number): (format: SpmvFormat) => number {
  const factors = matrixFactors(csr);
  return (format) => predictSpmv(factors, { bandwidthGBps, format }).gflops;
}

export interface ModelFit {
  readonly model: string;
  /** Every validated plus-times product: formats and matrices together. */
  readonly allFormats: Correlation;
  /** The automatic choice only, one product per matrix. */
  readonly auto: Correlation;
}

export function modelFit(results: readonly BenchResult[]): ModelFit | undefined {
  const pairs = results.filter((r) => r.metric === 'gflops' && r.validated && r.predicted && r.params.semiring === 'plus-times');
  if (pairs.length === 0) return undefined;
  const fit = (rs: BenchResult[]) => correlation(rs.map((r) => r.predicted!.value), rs.map((r) => r.value));
  return { model: pairs[0].predicted!.name, allFormats: fit(pairs), auto: fit(pairs.filter((r) => r.params.format === 'auto')) };
}
