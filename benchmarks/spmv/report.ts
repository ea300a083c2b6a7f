// One measured product as the two results BENCHMARKS.md asks of SpMV (gflops and effective_GBps), each
// against the bandwidth measured in the same run and against cuSPARSE, and as a line of the printed table.
import type { SpmvFormat } from '@semiforge/algorithms';
import type { CopyBandwidth } from '../lib/copy-bandwidth.js';
import type { CusparseRun } from '../lib/cusparse-peer.js';
import type { BenchResult } from '../lib/results.js';
import type { MatrixCase } from './matrices.js';
import { HIERARCHY_MODEL_NAME, PAPER_MODEL_NAME, type Predictions } from './model-fit.js';
import type { ProductTiming } from './time-products.js';
import { minimumBytes, TRAFFIC_FORMULA, type MatrixShape } from './traffic.js';
import { variantKnobs, variantLabel, type SpmvVariant } from './variants.js';

export interface Measured {
  readonly matrix: MatrixCase;
  readonly shape: MatrixShape;
  readonly variant: SpmvVariant;
  /** The format that ran (auto's choice). */
  readonly format: SpmvFormat;
  /** Whether the columns were renumbered by degree (x gathered into their order in every timed product). */
  readonly reordered?: boolean;
  /** Host milliseconds of that renumbering: preprocessing, once per matrix, not in the product's time. */
  readonly reorderMs?: number;
  readonly timing: ProductTiming;
  readonly validated: boolean;
  readonly validation: string;
  /** The models' GFLOP/s for the format that ran, with the bandwidths measured in this run. */
  readonly predicted?: Predictions;
  /** Each round's median time where it ran several (`--rounds`); `timing` pools them. */
  readonly roundMedians?: number[];
}

/** The peer's run, pooled over rounds where there were several (each round's median in `medians`). */
export type PooledPeer = CusparseRun & { readonly medians?: number[] };

/** The gflops and effective_GBps results of one product; the peer only under plus-times, which cuSPARSE computes. */
export function spmvResults(m: Measured, bandwidth: CopyBandwidth | undefined, peer: PooledPeer | undefined): BenchResult[] {
  const { shape, variant, timing } = m;
  const seconds = timing.time_ms.median / 1e3;
  const bytes = minimumBytes(m.format, shape);
  const flops = 2 * shape.nnz;
  const peerSeconds = peer && variant.semiring === 'plus-times' ? peer.time_ms.median / 1e3 : undefined;
  const label = variantLabel(variant);
  const roundsNote = m.roundMedians ? `, ${m.roundMedians.length} rounds${peerSeconds ? ' in turn with cuSPARSE' : ''}` : '';
  const params = {
    class: m.matrix.class,
    matrix: m.matrix.name,
    format: variant.format,
    ...(variant.format === 'auto' ? { chosen: m.format } : {}),
    ...variantKnobs(variant),
    ...(m.reordered === undefined ? {} : { reordered: m.reordered }),
    ...(m.reorderMs === undefined ? {} : { preprocessing_reorder_ms: m.reorderMs }),
    n: shape.n,
    nnz: shape.nnz,
    semiring: variant.semiring,
    type: 'f32',
    backend: 'webgpu',
  };
  const metrics = [
    { metric: 'gflops', unit: 'GFLOP/s', value: flops / seconds / 1e9, limit: bandwidth && (flops * bandwidth.value) / bytes / 1e9, peer: peerSeconds && flops / peerSeconds / 1e9 },
    {
      metric: 'effective_GBps',
      unit: 'GB/s',
      value: bytes / seconds / 1e9,
      limit: bandwidth && bandwidth.value / 1e9,
      peer: peerSeconds && minimumBytes('csr-scalar', shape) / peerSeconds / 1e9,
    },
  ];
  return metrics.map(({ metric, unit, value, limit, peer: peerValue }) => {
    const result: BenchResult = {
      case: `spmv ${m.matrix.class} ${m.matrix.name} ${label}${chosenLabel(m)} ${variant.semiring} f32 (${timing.batch} products per submit${roundsNote}; validated: ${m.validation})`,
      params: { ...params, metric },
      metric,
      value,
      unit,
      time_ms: timing.time_ms,
      validated: m.validated,
      validation: m.validation,
    };
    if (limit && bandwidth) {
      const name = metric === 'gflops' ? `2 nnz x copy bandwidth / minimum bytes of ${m.format} (${TRAFFIC_FORMULA}); bandwidth: ${bandwidth.name}` : bandwidth.name;
      Object.assign(result, { limit: { name, value: limit }, ratio_to_limit: value / limit });
    }
    if (metric === 'gflops' && m.predicted) {
      const paper = { name: PAPER_MODEL_NAME, value: m.predicted.paper };
      if (m.predicted.hierarchy === undefined) result.predicted = paper;
      else Object.assign(result, { predicted: { name: HIERARCHY_MODEL_NAME, value: m.predicted.hierarchy }, predicted_also: [paper] });
    }
    if (peerValue && peer) Object.assign(result, { peer: { name: peer.name, value: peerValue, same_run: true }, ratio_to_peer: value / peerValue });
    if (m.roundMedians) result.rounds = { time_ms: m.roundMedians, ...(peerSeconds && peer?.medians ? { peer_ms: peer.medians } : {}) };
    return result;
  });
}

/**
 * What the automatic choice ran (`=fold`), and `+degree-order` after any format whose columns were renumbered
 * (`+hot-columns` where only the hottest were, to the front; the gather of x is in the product's time; the renumbering itself is `preprocessing_reorder_ms`).
 */
function chosenLabel(m: Measured): string {
  return `${m.variant.format === 'auto' ? `=${m.format}` : ''}${m.reordered ? (m.variant.reorder === 'hot' ? '+hot-columns' : '+degree-order') : ''}`;
}

export const TABLE_HEADER = ['class', 'matrix', 'nnz', 'variant', 'semiring', 'ms', 'GFLOP/s', 'GB/s', '% bw', 'x cuSPARSE', 'paper 002', 'hierarchy', 'valid'];

/** A row of the printed table from the two results of a product. */
export function tableRow(m: Measured, results: BenchResult[]): string[] {
  const [gflops, gbps] = results;
  const pct = gbps.ratio_to_limit === undefined ? '—' : `${(100 * gbps.ratio_to_limit).toFixed(1)}`;
  const peer = gflops.ratio_to_peer === undefined ? '—' : gflops.ratio_to_peer.toFixed(2);
  const variant = `${variantLabel(m.variant)}${chosenLabel(m)}`;
  return [m.matrix.class, m.matrix.name, String(m.shape.nnz), variant, m.variant.semiring, m.timing.time_ms.median.toFixed(4), gflops.value.toFixed(2), gbps.value.toFixed(1), pct, peer, m.predicted?.paper.toFixed(1) ?? '—', m.predicted?.hierarchy?.toFixed(1) ?? '—', m.validated ? 'yes' : 'NO'];
}

