// One matrix's PageRank as the results BENCHMARKS.md asks of the suite (time_ms per iteration and total, and
// effective GB/s per iteration against the copy bandwidth of the same run), each beside the CuPy peer, and as
// a line of the printed table.
import type { PagerankVerification } from '@semiforge/algorithms';
import type { CopyBandwidth } from '../lib/copy-bandwidth.js';
import type { CupyPagerankRun } from '../lib/cupy-pagerank-peer.js';
import type { BenchResult } from '../lib/results.js';
import type { MatrixCase } from '../spmv/matrices.js';
import { minimumBytes, type MatrixShape } from '../spmv/traffic.js';
import type { LoopSubmit, MeasuredPagerank } from './measure.js';

/** The peer's run, checked against the same f64 fixed point as ours. */
export interface CheckedPeer {
  readonly run: CupyPagerankRun;
  readonly verification: PagerankVerification;
}

/**
 * Bytes one iteration moves at least: the product's on Pᵀ's pattern (the format's minimum without values, see
 * spmv/traffic.ts: its x is r / outdeg) and 6n words of vector traffic: the update reads y, p, r and the
 * out-degrees and writes r' and r' / outdeg (its sums stay in workgroup partials); after a fold product, n more:
 * each row's range of extra pieces, which the update adds. With Pᵀ's columns renumbered, 3n more: the gather of
 * r / outdeg reads the order and it, and writes it in that order.
 */
export function iterationBytes(format: MeasuredPagerank['format'], shape: MatrixShape, reordered = false): number {
  return minimumBytes(format, shape, true) + (6 + (format === 'fold' ? 1 : 0) + (reordered ? 3 : 0)) * 4 * shape.n;
}

export const BYTES_FORMULA =
  "minimum bytes of the SpMV with P^T's pattern, no values (spmv/traffic.ts) + 24 n (the update with its L1 residual and r / outdeg; 28 n after a fold product: its rows' extra-piece ranges) per iteration / GPU time per iteration";

const fmt = (x: number) => x.toExponential(2);

/** A run on the graph relabelled by degree says so, with the relabelling's host time (preprocessing, once). */
const relabelParams = (m: MeasuredPagerank): Record<string, string | number> => (m.relabelMs === undefined ? {} : { relabel: 'degree', preprocessing_relabel_ms: m.relabelMs });

/** The three results of one matrix; the peer's figures only where its ranks passed the same check as ours. */
export function pagerankResults(matrix: MatrixCase, shape: MatrixShape, m: MeasuredPagerank, bandwidth: CopyBandwidth | undefined, peer: CheckedPeer | undefined): BenchResult[] {
  const params = { class: matrix.class, matrix: matrix.name, n: shape.n, nnz: shape.nnz, format: 'auto', chosen: m.format, reordered: m.reordered, ...relabelParams(m), iterations: m.iterations, steps_run: m.stepsRun, type: 'f32', backend: 'webgpu' };
  const validation = `L1 error ${fmt(m.verification.error)} ≤ bound ${fmt(m.verification.bound)} against the f64 fixed point (tolerance 1e-13), residual ${fmt(m.residual)}`;
  const quoted = peer?.verification.ok ? peer.run : undefined;
  const label = `pagerank ${matrix.class} ${matrix.name}${m.relabelMs === undefined ? '' : ' relabelled by degree'} auto=${m.format}${m.reordered ? '+degree-order' : ''} ${m.iterations} iterations`;
  const validated = m.verification.ok && m.converged;
  const checked = { validated, validation: m.converged ? validation : `not converged in ${m.iterations} iterations; ${validation}` };
  const result = (what: string, per: string, metric: string, unit: string, value: number, time_ms: BenchResult['time_ms']): BenchResult => ({
    case: `${label}: ${what}`,
    params: { ...params, per, metric },
    metric,
    value,
    unit,
    time_ms,
    ...checked,
  });
  const perIteration = result('time per iteration (GPU timestamps)', 'iteration', 'time_ms', 'ms', m.perIteration.median, m.perIteration);
  const total = Object.assign(result('total to tolerance (host wall time of the loop, residual read-backs included)', 'total', 'time_ms', 'ms', m.total.median, m.total), {
    submits: loopBreakdown(m.submits),
  });
  const bytes = iterationBytes(m.format, shape, m.reordered);
  const gbps = result('effective GB/s per iteration', 'iteration', 'effective_GBps', 'GB/s', bytes / (m.perIteration.median / 1e3) / 1e9, m.perIteration);
  if (bandwidth) Object.assign(gbps, { limit: { name: `${bandwidth.name}; ${BYTES_FORMULA}`, value: bandwidth.value / 1e9 }, ratio_to_limit: gbps.value / (bandwidth.value / 1e9) });
  if (quoted) {
    // Times: ratio_to_peer = the peer's time / ours, so that > 1 means faster than the peer, as for rates.
    const peerName = (what: string) => `${quoted.name}; ${what}; ${quoted.iterations} iterations, ranks checked like ours`;
    const peerPerIteration = quoted.perIteration.median;
    Object.assign(perIteration, { peer: { name: peerName('20 iterations back to back between CUDA events / 20'), value: peerPerIteration, same_run: true }, ratio_to_peer: peerPerIteration / perIteration.value });
    Object.assign(total, { peer: { name: peerName('its whole loop between CUDA events'), value: quoted.time_ms.median, same_run: true }, ratio_to_peer: quoted.time_ms.median / total.value });
  }
  return [perIteration, total, gbps];
}

/**
 * The loop group by group, as the total's result carries it: steps and queue submits, host ms of recording,
 * encoding and waiting, host ms from its recording to the GPU's end (submit_ms), GPU ms, their difference (the
 * host's and driver's share, which overlaps other groups' GPU time when the loop queues ahead) and the
 * residuals' read-back (read_ms), medians over the runs.
 */
export function loopBreakdown(submits: readonly LoopSubmit[]) {
  return submits.map((s) => ({
    steps: s.steps,
    queue_submits: s.queueSubmits,
    record_ms: s.recordMs,
    ...(s.encodeMs === undefined ? {} : { encode_ms: s.encodeMs }),
    wait_ms: s.waitMs,
    submit_ms: s.submitMs,
    ...(s.gpuMs === undefined ? {} : { gpu_ms: s.gpuMs, host_ms: s.submitMs - s.gpuMs }),
    read_ms: s.readMs,
  }));
}

/** One line per matrix for the progress log: each group's steps in submits, host times, GPU time and read-back. */
export function loopLine(submits: readonly LoopSubmit[]): string {
  const ms = (x: number) => x.toFixed(2);
  return submits
    .map(
      (s) =>
        `${s.steps} steps in ${s.queueSubmits}: ${ms(s.submitMs)} ms to the GPU's end (record ${ms(s.recordMs)}${s.encodeMs === undefined ? '' : `, encode ${ms(s.encodeMs)}`}, wait ${ms(s.waitMs)}` +
        `${s.gpuMs === undefined ? '' : `; GPU ${ms(s.gpuMs)}`}), read ${ms(s.readMs)} ms`,
    )
    .join('; ');
}

export const TABLE_HEADER = ['class', 'matrix', 'nnz', 'auto', 'iters', 'ms/iter', 'total ms', 'GB/s', '% bw', 'peer iters', 'peer ms/iter', 'x peer/iter', 'x peer total', 'valid'];

/** A row of the printed table. */
export function tableRow(matrix: MatrixCase, shape: MatrixShape, m: MeasuredPagerank, results: BenchResult[], peer: CheckedPeer | undefined): string[] {
  const [perIteration, total, gbps] = results;
  const ratio = (r?: number) => (r === undefined ? '—' : r.toFixed(2));
  const peerCells = peer
    ? [String(peer.run.iterations), peer.run.perIteration.median.toFixed(4) + (peer.verification.ok ? '' : ' (failed check)')]
    : ['—', '—'];
  return [
    matrix.class,
    matrix.name,
    String(shape.nnz),
    `${m.relabelMs === undefined ? '' : 'relabelled, '}${m.format}${m.reordered ? '+degree-order' : ''}`,
    String(m.iterations),
    perIteration.value.toFixed(4),
    total.value.toFixed(2),
    gbps.value.toFixed(1),
    gbps.ratio_to_limit === undefined ? '—' : (100 * gbps.ratio_to_limit).toFixed(1),
    ...peerCells,
    ratio(perIteration.ratio_to_peer),
    ratio(total.ratio_to_peer),
    perIteration.validated ? 'yes' : 'NO',
  ];
}
