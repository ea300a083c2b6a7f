import type { Csr } from '@semiforge/graph-io';
import type { BatchResult, Device } from '@semiforge/runtime';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import { PagerankState, type ResidualSlot } from './pagerank.gpu.js';
import { checkCount, PAGERANK_DEFAULTS, pagerankSettings, type PagerankParameters, type PagerankSettings } from './pagerank.input.js';

export interface PagerankOptions extends PagerankParameters {
  /** SpMV format of the product with Pᵀ (default 'auto', chosen from Pᵀ's rows as `spmv()` does). */
  format?: SpmvFormat | 'auto';
  /**
   * Iterations per submit (default 4); the residual of each submit's last step is read back. The next
   * submit is already queued while the host reads, so the GPU does not wait on the host; the price is up
   * to 2·checkEvery − 1 iterations past the first that converged (the ranks are only closer to the fixed point).
   */
  checkEvery?: number;
}

/** One submit of up to checkEvery iterations: the last iteration it runs, its residual slot, its completion. */
interface Submitted {
  readonly last: number;
  readonly slot: ResidualSlot;
  readonly done: Promise<BatchResult>;
}

export interface PagerankResult {
  /** f32 ranks, summing to 1 (up to rounding). */
  readonly ranks: Float32Array;
  /** Iterations run (a multiple of checkEvery, or maxIterations). */
  readonly iterations: number;
  /** Whether a checked residual fell below the tolerance (the steps run after it only shrink it, up to f32 rounding). */
  readonly converged: boolean;
  /** L1 norm of the last step's change, ‖r_k − r_{k−1}‖₁, as the GPU summed it. */
  readonly residual: number;
  /** The SpMV format of the product with Pᵀ that ran (absent for the empty graph, which runs nothing). */
  readonly format?: SpmvFormat;
  /** GPU time of the iterations (timestamp queries), when the device has them. */
  readonly gpuTimeMs?: number;
  /** Host wall time from the start of the call to the read-back of the ranks (`pagerank()`: matrix build and upload included). */
  readonly wallTimeMs: number;
  /**
   * Host wall time of the iteration loop, from the first submit to the residual that stopped it: no matrix
   * build, upload or read-back of the ranks, but the host's waits on the residuals.
   */
  readonly loopTimeMs: number;
  /** gpuTimeMs / iterations when there is a GPU time, else loopTimeMs / iterations. */
  readonly timePerIterationMs: number;
}

/**
 * One graph made ready for many PageRank runs with the same options: Pᵀ built, its product planned and
 * everything uploaded once; each `run` starts again from uniform ranks. `pagerank()` is create → run → destroy.
 *
 * @example
 * const runner = await PagerankRunner.create(device, g, { tolerance: 1e-6 });
 * const first = await runner.run();
 * const again = await runner.run(); // same iterations and ranks, no rebuild of Pᵀ
 * runner.destroy();
 */
export class PagerankRunner {
  readonly #device: Device;
  readonly #settings: PagerankSettings;
  readonly #checkEvery: number;
  /** Undefined for the empty graph, which runs nothing. */
  readonly #state: PagerankState | undefined;

  private constructor(device: Device, settings: PagerankSettings, checkEvery: number, state: PagerankState | undefined) {
    this.#device = device;
    this.#settings = settings;
    this.#checkEvery = checkEvery;
    this.#state = state;
  }

  /** Checks the options against the graph (before touching the GPU), then builds and uploads Pᵀ. */
  static async create(device: Device, graph: Csr, options: PagerankOptions = {}): Promise<PagerankRunner> {
    const settings = pagerankSettings(graph.n, options);
    const checkEvery = options.checkEvery ?? PAGERANK_DEFAULTS.checkEvery;
    checkCount('checkEvery', checkEvery);
    const state = graph.n === 0 ? undefined : await PagerankState.create(device, graph, settings, options.format ?? 'auto');
    return new PagerankRunner(device, settings, checkEvery, state);
  }

  /** Iterates from uniform ranks to the tolerance or maxIterations; `wallTimeMs` counts this call only. */
  async run(): Promise<PagerankResult> {
    const started = performance.now();
    const state = this.#state;
    if (state === undefined) return { ranks: new Float32Array(0), iterations: 0, converged: true, residual: 0, wallTimeMs: performance.now() - started, loopTimeMs: 0, timePerIterationMs: 0 };
    const device = this.#device;
    const checkEvery = this.#checkEvery;
    const { maxIterations, tolerance } = this.#settings;
    state.restart();
    const loopStarted = performance.now();
    const submit = (first: number, slot: ResidualSlot): Submitted => {
      const last = Math.min(first + checkEvery, maxIterations);
      const batch = device.batch({ label: `pagerank ${first + 1}..${last}` });
      for (let i = first; i < last; i++) state.encodeStep(batch, slot);
      const done = batch.submit();
      done.catch(() => undefined); // awaited below; until then a failure must not count as unhandled
      return { last, slot, done };
    };
    let gpuTimeMs: number | undefined = 0;
    const finish = async (s: Submitted) => {
      const { gpuTimeMs: ms } = await s.done;
      gpuTimeMs = gpuTimeMs === undefined || ms === undefined ? undefined : gpuTimeMs + ms;
      return state.residual(s.slot);
    };
    // Two submits in flight: the next is queued before the host waits for this one's residual, so the GPU
    // has work while the residual is read back. It writes the other residual slot.
    let current = submit(0, 0);
    let residual: number;
    let converged: boolean;
    for (;;) {
      const next = current.last < maxIterations ? submit(current.last, current.slot === 0 ? 1 : 0) : undefined;
      residual = await finish(current);
      converged = residual < tolerance;
      if (next === undefined) break;
      current = next;
      if (converged) {
        residual = await finish(next);
        break;
      }
    }
    const loopMs = performance.now() - loopStarted;
    const ranks = await state.ranks();
    return {
      ranks,
      iterations: current.last,
      converged,
      residual,
      format: state.format,
      ...(gpuTimeMs === undefined ? {} : { gpuTimeMs }),
      wallTimeMs: performance.now() - started,
      loopTimeMs: loopMs,
      timePerIterationMs: (gpuTimeMs ?? loopMs) / current.last,
    };
  }

  destroy(): void {
    this.#state?.destroy();
  }
}

/**
 * PageRank on the GPU by power iteration on the SpMV kernels: r' = d·Pᵀr + (d·dangling + 1 − d)·p.
 * Rank flows along out-arcs u → v, each carrying r[u]/outdeg(u) (arc weights are ignored; parallel arcs
 * count); dangling vertices (out-degree 0) spread their rank by the personalization p like the teleport
 * does (the Google matrix). A personalization gives personalized PageRank / random walk with restart.
 * Iterations are submitted checkEvery at a time, two submits in flight; the L1 residual is reduced on the
 * GPU and read back once per submit. For several runs on one graph, see {@link PagerankRunner}.
 *
 * @example
 * const g = csrFromEdges(generateRmat({ scale: 12, seed: 1 }));
 * const { ranks, iterations, converged } = await pagerank(device, g, { damping: 0.85, tolerance: 1e-6 });
 * const ppr = await pagerank(device, g, { personalization: { vertices: [0], weights: [1] } }); // restart at 0
 */
export async function pagerank(device: Device, graph: Csr, options: PagerankOptions = {}): Promise<PagerankResult> {
  const started = performance.now();
  const runner = await PagerankRunner.create(device, graph, options);
  try {
    return { ...(await runner.run()), wallTimeMs: performance.now() - started };
  } finally {
    runner.destroy();
  }
}
