import { describe, expect, it } from 'vitest';
import type { CopyBandwidth } from '../lib/copy-bandwidth.js';
import type { BenchResult } from '../lib/results.js';
import type { MatrixCase } from '../spmv/matrices.js';
import { minimumBytes } from '../spmv/traffic.js';
import { submitMedians, type MeasuredPagerank } from './measure.js';
import { iterationBytes, loopLine, pagerankResults, type CheckedPeer } from './report.js';

const matrix: MatrixCase = { class: 'road', name: 'road-4x4', make: () => { throw new Error('not made'); } };
const shape = { n: 1000, nnz: 3000, maxRow: 4 };
const time = (median: number) => ({ median, min: median, max: median, runs: 3 });
const measured: MeasuredPagerank = {
  format: 'csr-scalar',
  reordered: false,
  iterations: 24,
  stepsRun: 26,
  converged: true,
  residual: 5e-7,
  perIteration: time(0.01),
  total: time(0.5),
  submits: [
    { steps: 8, queueSubmits: 2, recordMs: 0.04, encodeMs: 0.06, waitMs: 0.1, submitMs: 0.2, gpuMs: 0.08, readMs: 0.05 },
    { steps: 18, queueSubmits: 5, recordMs: 0.06, encodeMs: 0.1, waitMs: 0.12, submitMs: 0.3, gpuMs: 0.18, readMs: 0.05 },
  ],
  verification: { ok: true, error: 1e-8, bound: 1e-5 },
};
const bandwidth: CopyBandwidth = { value: 2e12, name: 'copy', time_ms: time(1) };
const peer: CheckedPeer = {
  run: { time_ms: time(1), perIteration: time(0.02), iterations: 20, residual: 8e-7, ranks: new Float32Array(0), name: 'CuPy' },
  verification: { ok: true, error: 2e-8, bound: 1e-5 },
};

describe('pagerank results', () => {
  it("counts the product on Pᵀ's pattern (no values) and 6n vector words per iteration, 7n after a fold product", () => {
    // CSR: 4(n + 1) + 4 nnz + 8n, then 24n.
    expect(iterationBytes('csr-scalar', shape)).toBe(4 * 1001 + 4 * 3000 + 8 * 1000 + 24 * 1000);
    expect(iterationBytes('ell', shape)).toBe(4 * 1000 * 4 + 8 * 1000 + 24 * 1000);
    // The update reads each row's range of extra pieces too.
    expect(iterationBytes('fold', shape) - minimumBytes('fold', shape, true)).toBe(28 * 1000);
  });

  it('adds the gather of the ranks (3n words) when Pᵀ\'s columns were renumbered, and says so', () => {
    expect(iterationBytes('csr-scalar', shape, true) - iterationBytes('csr-scalar', shape)).toBe(12 * 1000);
    const [perIteration] = pagerankResults(matrix, shape, { ...measured, reordered: true }, bandwidth, undefined);
    expect(perIteration.params.reordered).toBe(true);
    expect(perIteration.case).toContain('auto=csr-scalar+degree-order');
  });

  it('per iteration, total and GB/s, times against the peer as its time / ours', () => {
    const [perIteration, total, gbps] = pagerankResults(matrix, shape, measured, bandwidth, peer);
    expect(perIteration).toMatchObject({ metric: 'time_ms', value: 0.01, params: { per: 'iteration', iterations: 24, chosen: 'csr-scalar' }, validated: true });
    expect(perIteration.ratio_to_peer).toBeCloseTo(2);
    expect(total).toMatchObject({ metric: 'time_ms', value: 0.5, params: { per: 'total' }, peer: { value: 1, same_run: true } });
    expect(total.ratio_to_peer).toBeCloseTo(2);
    const bytes = iterationBytes('csr-scalar', shape);
    expect(gbps.value).toBeCloseTo(bytes / 1e-5 / 1e9);
    expect(gbps.ratio_to_limit).toBeCloseTo(gbps.value / 2000);
  });

  it('breaks the total down group by group: medians over the runs, the host\'s share beside the GPU\'s', () => {
    const [, total] = pagerankResults(matrix, shape, measured, bandwidth, peer) as (BenchResult & { submits?: unknown })[];
    expect(total.submits).toEqual([
      { steps: 8, queue_submits: 2, record_ms: 0.04, encode_ms: 0.06, wait_ms: 0.1, submit_ms: 0.2, gpu_ms: 0.08, host_ms: 0.2 - 0.08, read_ms: 0.05 },
      { steps: 18, queue_submits: 5, record_ms: 0.06, encode_ms: 0.1, wait_ms: 0.12, submit_ms: 0.3, gpu_ms: 0.18, host_ms: 0.3 - 0.18, read_ms: 0.05 },
    ]);
    expect(loopLine(measured.submits)).toBe(
      "8 steps in 2: 0.20 ms to the GPU's end (record 0.04, encode 0.06, wait 0.10; GPU 0.08), read 0.05 ms; " +
        "18 steps in 5: 0.30 ms to the GPU's end (record 0.06, encode 0.10, wait 0.12; GPU 0.18), read 0.05 ms",
    );
    const run = (submitMs: number, gpuMs?: number, encodeMs?: number) => ({
      submits: [{ steps: 8, queueSubmits: 2, recordMs: submitMs / 4, waitMs: submitMs / 2, submitMs, readMs: 1, ...(gpuMs === undefined ? {} : { gpuMs }), ...(encodeMs === undefined ? {} : { encodeMs }) }],
    });
    expect(submitMedians([run(3, 1, 1), run(1, 2, 3), run(2, 3, 2)])).toEqual([{ steps: 8, queueSubmits: 2, recordMs: 0.5, encodeMs: 2, waitMs: 1, submitMs: 2, gpuMs: 2, readMs: 1 }]);
    // A run without GPU time (or encoding: CUDA) leaves that median out.
    expect(submitMedians([run(3, 1), run(1)])[0]).not.toHaveProperty('gpuMs');
    expect(submitMedians([run(3, 1), run(1)])[0]).not.toHaveProperty('encodeMs');
  });

  it('quotes no peer whose ranks failed the check, and no unconverged run as validated', () => {
    const failed = { ...peer, verification: { ok: false, error: 1, bound: 1e-5 } };
    const [perIteration, total] = pagerankResults(matrix, shape, { ...measured, converged: false }, undefined, failed);
    expect(perIteration.peer).toBeUndefined();
    expect(total.ratio_to_peer).toBeUndefined();
    expect(perIteration.validated).toBe(false);
    expect(perIteration.validation).toMatch(/^not converged in 24 iterations/);
  });
});
