import type { Csr } from '@semiforge/graph-io';
import { isCudaDevice, withDevice, type AnyDevice, type Backend } from '../kernels/backend.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { SpmvReorder } from '../spmv/spmv.reorder.js';
import { CudaPagerankState } from './pagerank.cuda.js';
import { inGraphOrder, pagerankOrder, type PagerankOrder, type PagerankRelabel } from './pagerank.relabel.js';
import { PagerankState } from './pagerank.gpu.js';
import { checkCount, PAGERANK_DEFAULTS, pagerankSettings, type PagerankParameters, type PagerankSettings } from './pagerank.input.js';
import { RESIDUAL_SLOTS, type PagerankSteps } from './pagerank.steps.js';

export interface PagerankOptions extends PagerankParameters {
  /** SpMV format of the product with Pᵀ (default 'auto', chosen from Pᵀ's rows as `spmv()` does). */
  format?: SpmvFormat | 'auto';
  /**
   * Renumber Pᵀ's columns by degree for the product (default 'none', as for `spmv()`; 'auto': on power-law graphs
   * with the format chosen automatically). The ranks stay in the graph's order: each step gathers them into the
   * columns' order first (one pass over n), since the rows, and so the ranks the product writes, keep theirs.
   */
  reorder?: SpmvReorder;
  /**
   * 'degree': run on the graph relabelled by descending out-degree, once, and give the ranks back in the graph's
   * order (see {@link PagerankRelabel}); default 'none'. The relabelling's host time is `relabelMs`.
   */
  relabel?: PagerankRelabel;
  /**
   * Iterations of the first submit (default 8), and of each later one while the residuals do not yet decay.
   * Every step's residual stays on the GPU and is read back once per submit; later submits run as many
   * steps as the residuals' decay so far predicts to the tolerance, plus one. Steps after the first converged
   * one keep its ranks on the GPU, so the result (ranks, iterations, residual) is the same for any checkEvery.
   */
  checkEvery?: number;
  /**
   * 'webgpu' or 'cuda': both run the same kernels' specs and give the same answer. Default: the backend of
   * the device given, else `$SEMIFORGE_BACKEND`, else 'webgpu'.
   */
  backend?: Backend;
}

/** One submit of the iteration loop, as the host saw it. */
export interface PagerankSubmit {
  /** Steps it ran. */
  readonly steps: number;
  /**
   * Host milliseconds from recording its steps to the GPU's finishing them (WebGPU: encode, submit, and the
   * waits for the GPU and its timestamps; CUDA: the launches and the wait on the end event).
   */
  readonly submitMs: number;
  /** GPU time of its steps, where the device measures it: submitMs − gpuMs is the host's and driver's share. */
  readonly gpuMs?: number;
  /** Host milliseconds of reading back its steps' residuals after it (WebGPU: one map; CUDA: a copy). */
  readonly readMs: number;
}

export interface PagerankResult {
  /** f32 ranks, summing to 1 (up to rounding). */
  readonly ranks: Float32Array;
  /** Iterations to the first residual below the tolerance (the ranks are that step's), or maxIterations. */
  readonly iterations: number;
  /** Steps the GPU ran: `iterations` and those submitted after it, which kept its ranks. */
  readonly stepsRun: number;
  /** Whether the residual of step `iterations` is below the tolerance. */
  readonly converged: boolean;
  /** L1 norm of step `iterations`' change, ‖r_k − r_{k−1}‖₁, as the GPU summed it. */
  readonly residual: number;
  /** The SpMV format of the product with Pᵀ that ran (absent for the empty graph, which runs nothing). */
  readonly format?: SpmvFormat;
  /** Whether that product renumbered Pᵀ's columns by degree (see {@link PagerankOptions.reorder}). */
  readonly reordered?: boolean;
  /** Host milliseconds of relabelling the graph by degree when asked to (`relabel: 'degree'`; once per runner). */
  readonly relabelMs?: number;
  /** GPU time of the iterations (WebGPU timestamp queries, when the device has them; CUDA events). */
  readonly gpuTimeMs?: number;
  /** Host wall time from the start of the call to the read-back of the ranks (`pagerank()`: matrix build and upload included). */
  readonly wallTimeMs: number;
  /**
   * Host wall time of the iteration loop, from the first submit to the residual that stopped it: no matrix
   * build, upload or read-back of the ranks, but the host's waits on the residuals.
   */
  readonly loopTimeMs: number;
  /** gpuTimeMs / stepsRun when there is a GPU time, else loopTimeMs / stepsRun. */
  readonly timePerIterationMs: number;
  /** The loop's submits in order: where loopTimeMs went (their submitMs and readMs add up to nearly all of it). */
  readonly submits: readonly PagerankSubmit[];
}

/** The graph's vertex of each vertex the steps run on, when relabelled, and the relabelling's host time. */
type RunOrder = Pick<PagerankOrder, 'oldOf' | 'relabelMs'>;

/**
 * One graph made ready for many PageRank runs with the same options: Pᵀ built, its product planned and
 * everything uploaded once; each `run` starts again from uniform ranks. `pagerank()` is create → run → destroy.
 * A WebGPU `Device` runs WGSL, a `CudaDevice` CUDA.
 *
 * @example
 * const runner = await PagerankRunner.create(device, g, { tolerance: 1e-6 });
 * const first = await runner.run();
 * const again = await runner.run(); // same iterations and ranks, no rebuild of Pᵀ
 * runner.destroy();
 */
export class PagerankRunner {
  readonly #settings: PagerankSettings;
  readonly #checkEvery: number;
  /** Undefined for the empty graph, which runs nothing. */
  readonly #state: PagerankSteps | undefined;
  readonly #order: RunOrder;

  private constructor(settings: PagerankSettings, checkEvery: number, state: PagerankSteps | undefined, order: RunOrder) {
    this.#settings = settings;
    this.#checkEvery = checkEvery;
    this.#state = state;
    this.#order = order;
  }

  /** Checks the options against the graph (before touching the GPU), then builds and uploads Pᵀ. */
  static async create(device: AnyDevice, graph: Csr, options: PagerankOptions = {}): Promise<PagerankRunner> {
    const checked = pagerankSettings(graph.n, options);
    const checkEvery = options.checkEvery ?? PAGERANK_DEFAULTS.checkEvery;
    checkCount('checkEvery', checkEvery);
    const product = { format: options.format ?? 'auto', reorder: options.reorder ?? 'none' };
    const { graph: g, settings, oldOf, relabelMs } = pagerankOrder(graph, checked, options.relabel ?? 'none');
    let state: PagerankSteps | undefined;
    if (g.n > 0) {
      state = isCudaDevice(device) ? await CudaPagerankState.create(device, g, settings, product) : await PagerankState.create(device, g, settings, product);
    }
    return new PagerankRunner(settings, checkEvery, state, { oldOf, relabelMs });
  }

  /** Iterates from uniform ranks to the tolerance or maxIterations; `wallTimeMs` counts this call only. */
  async run(): Promise<PagerankResult> {
    const started = performance.now();
    const state = this.#state;
    if (state === undefined) {
      return { ranks: new Float32Array(0), iterations: 0, stepsRun: 0, converged: true, residual: 0, wallTimeMs: performance.now() - started, loopTimeMs: 0, timePerIterationMs: 0, submits: [] };
    }
    const { maxIterations, tolerance } = this.#settings;
    state.restart();
    const loopStarted = performance.now();
    let gpuTimeMs: number | undefined = 0;
    // Residuals read so far, of steps 1 … read.length.
    const read: number[] = [];
    const submits: PagerankSubmit[] = [];
    let steps = Math.min(this.#checkEvery, RESIDUAL_SLOTS - 1);
    for (;;) {
      const first = read.length + 1;
      const last = Math.min(read.length + steps, maxIterations);
      const submitted = performance.now();
      const ms = await state.runTo(last);
      const ran = performance.now();
      gpuTimeMs = gpuTimeMs === undefined || ms === undefined ? undefined : gpuTimeMs + ms;
      read.push(...(await state.residuals(first, last)));
      submits.push({ steps: last - first + 1, submitMs: ran - submitted, ...(ms === undefined ? {} : { gpuMs: ms }), readMs: performance.now() - ran });
      const hit = read.findIndex((r) => r < tolerance);
      if (hit >= 0 || last === maxIterations) {
        const iterations = hit >= 0 ? hit + 1 : last;
        const loopTimeMs = performance.now() - loopStarted;
        const ranks = inGraphOrder(await state.ranks(), this.#order.oldOf);
        return {
          ranks,
          iterations,
          stepsRun: last,
          converged: hit >= 0,
          residual: read[iterations - 1],
          format: state.format,
          reordered: state.reordered,
          ...(this.#order.relabelMs === undefined ? {} : { relabelMs: this.#order.relabelMs }),
          ...(gpuTimeMs === undefined ? {} : { gpuTimeMs }),
          wallTimeMs: performance.now() - started,
          loopTimeMs,
          timePerIterationMs: (gpuTimeMs ?? loopTimeMs) / last,
          submits,
        };
      }
      steps = Math.min(stepsToTolerance(read, tolerance) ?? this.#checkEvery, RESIDUAL_SLOTS - 1);
    }
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
 * Every step's L1 residual is reduced on the GPU and kept there; the host reads them once per submit, and
 * sizes the next submit by their decay. For several runs on one graph, see {@link PagerankRunner}. A WebGPU
 * `Device` runs WGSL, a `CudaDevice` CUDA; with no device, one of `backend` is opened for the call.
 *
 * @example
 * const g = csrFromEdges(generateRmat({ scale: 12, seed: 1 }));
 * const { ranks, iterations, converged } = await pagerank(device, g, { damping: 0.85, tolerance: 1e-6 });
 * const ppr = await pagerank(device, g, { personalization: { vertices: [0], weights: [1] } }); // restart at 0
 * const onCuda = await pagerank(undefined, g, { backend: 'cuda' }); // or pass a CudaDevice
 */
export async function pagerank(device: AnyDevice | undefined, graph: Csr, options: PagerankOptions = {}): Promise<PagerankResult> {
  const started = performance.now();
  return withDevice(device, options.backend, async (on) => {
    const runner = await PagerankRunner.create(on, graph, options);
    try {
      return { ...(await runner.run()), wallTimeMs: performance.now() - started };
    } finally {
      runner.destroy();
    }
  });
}

/** Residuals over which the decay rate is taken. */
const RATE_WINDOW = 4;

/**
 * Steps until the residual falls below the tolerance if it keeps decaying geometrically at its mean rate over
 * the last {@link RATE_WINDOW} steps, plus one (an estimate a step short costs a submit and a read-back;
 * a step long, one product); undefined while the residuals do not decay.
 */
function stepsToTolerance(residuals: readonly number[], tolerance: number): number | undefined {
  const span = Math.min(RATE_WINDOW, residuals.length - 1);
  if (span < 1) return undefined;
  const last = residuals[residuals.length - 1];
  const rate = (last / residuals[residuals.length - 1 - span]) ** (1 / span);
  if (!(rate > 0 && rate < 1)) return undefined;
  return Math.max(1, Math.ceil(Math.log(tolerance / last) / Math.log(rate))) + 1;
}
