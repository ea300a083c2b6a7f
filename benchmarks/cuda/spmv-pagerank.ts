// PageRank on the CUDA backend and on WebGPU side by side, on one matrix of the CUDA suite's SpMV set (read as a
// graph: row u's entries are u's out-arcs): PageRankRunner on each backend, the same options, time per iteration
// and in total (GPU time: CUDA events, WebGPU timestamps), every run's ranks checked against the f64 fixed point
// within verifyPagerank's bound; each CUDA result has the WebGPU one of the same matrix as its peer.
import { PagerankRunner, pagerankFixedPoint, verifyPagerank, type PagerankResult } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { summarize, type BenchResult } from '../lib/results.js';
import type { MatrixCase } from '../spmv/matrices.js';
import type { BackendName, Backends } from './apsp-backends.js';

/** The per-iteration and total results of one backend, and the per-iteration median for the next backend's ratio. */
export async function pagerankSideBySide(
  backends: Backends,
  lanes: readonly BackendName[],
  matrix: MatrixCase,
  csr: Csr,
  settings: { runs: number; stopAt: number; record: (r: BenchResult) => void; skip: (what: string) => void },
): Promise<void> {
  const exact = pagerankFixedPoint(csr);
  let webgpu: { perIteration: number; total: number } | undefined;
  for (const backend of lanes) {
    const what = `pagerank ${backend}, ${matrix.name}`;
    if (performance.now() > settings.stopAt) {
      settings.skip(`${what}: past the run's time budget (--budget-s)`);
      continue;
    }
    let runs: PagerankResult[];
    const runner = await PagerankRunner.create(backends[backend]!, csr);
    try {
      // One run to warm up (compiles, clocks), then the timed ones.
      await runner.run();
      runs = [];
      for (let r = 0; r < settings.runs; r++) runs.push(await runner.run());
    } catch (e) {
      settings.skip(`${what}: ${(e as Error).message.split('\n')[0]}`);
      continue;
    } finally {
      runner.destroy();
    }
    const last = runs.at(-1)!;
    const check = verifyPagerank(csr, last.ranks, last.residual, {}, exact);
    const same = runs.every((r) => r.iterations === last.iterations);
    const validated = check.ok && last.converged && same;
    const validation = `‖ranks − r*‖₁ = ${check.error.toExponential(2)} (bound ${check.bound.toExponential(2)}) vs the f64 fixed point, ${last.iterations} iterations${same ? '' : ', iterations differ between runs'}${last.converged ? '' : ', NOT converged'}`;
    const perIteration = summarize(runs.map((r) => (r.gpuTimeMs ?? r.loopTimeMs) / r.stepsRun));
    const total = summarize(runs.map((r) => r.gpuTimeMs ?? r.loopTimeMs));
    const params = { class: matrix.class, matrix: matrix.name, n: csr.n, nnz: csr.indices.length, format: last.format ?? 'none', reordered: last.reordered === true, iterations: last.iterations, backend, type: 'f32' };
    const peerOf = (value: number | undefined) =>
      backend === 'cuda' && value !== undefined ? { peer: { name: 'the WebGPU backend (Dawn), same GPU, same graph and options', value, same_run: true } } : {};
    for (const [metric, time, peer] of [['time_ms_per_iteration', perIteration, webgpu?.perIteration], ['time_ms_total', total, webgpu?.total]] as const) {
      const result: BenchResult = {
        case: `pagerank ${backend} ${matrix.class} ${matrix.name} ${metric === 'time_ms_total' ? 'total' : 'per iteration'} (d 0.85, tol 1e-6; validated: ${validation})`,
        params: { ...params, measure: metric === 'time_ms_total' ? 'total' : 'per_iteration', metric: 'time_ms' },
        metric: 'time_ms',
        value: time.median,
        unit: 'ms',
        time_ms: time,
        validated,
        validation,
        ...peerOf(peer),
      };
      if (result.peer) result.ratio_to_peer = result.value / result.peer.value;
      settings.record(result);
    }
    if (backend === 'webgpu' && validated) webgpu = { perIteration: perIteration.median, total: total.median };
    console.error(
      `  [pagerank] ${backend.padEnd(6)} ${last.format}${last.reordered ? '+degree-order' : ''} ${last.iterations} iterations, ${perIteration.median.toFixed(4)} ms an iteration, ${total.median.toFixed(3)} ms in all` +
        (backend === 'cuda' && webgpu ? `, ${(webgpu.perIteration / perIteration.median).toFixed(2)}x WebGPU's speed` : '') +
        `  ${validated ? 'valid' : `INVALID: ${validation}`}`,
    );
  }
}
