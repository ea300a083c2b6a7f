import { checkCsrShape, type Csr } from '@semiforge/graph-io';
import { isCudaDevice, withDevice, type AnyDevice, type Backend } from '../kernels/backend.js';
import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { SpmvReorder } from '../spmv/spmv.reorder.js';
import { CudaPagerankState } from './pagerank.cuda.js';
import { inGraphOrder, pagerankOrder, type PagerankOrder, type PagerankRelabel } from './pagerank.relabel.js';
import { PagerankState } from './pagerank.gpu.js';
import { checkCount, PAGERANK_DEFAULTS, pagerankSettings, type PagerankParameters, type PagerankSettings } from './pagerank.input.js';
import { queueTarget, type PagerankSchedule } from './pagerank.schedule.js';
import type { PagerankSteps, QueuedSteps, StepsFinished } from './pagerank.steps.js';

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
   * fold: keep each folded row's pieces in its workgroup's window (default as for `spmv()`: on power-law rows);
   * false: store the extra pieces apart, for the update to add (see `SpmvKernelOptions.localFold`).
   */
  localFold?: boolean;
  /**
   * 'degree': run on the graph relabelled by descending out-degree, once, and give the ranks back in the graph's
   * order (see {@link PagerankRelabel}); default 'none'. The relabelling's host time is `relabelMs`.
   */
  relabel?: PagerankRelabel;
  /**
   * Steps of the first group (default 8), and of each later one while the residuals do not yet decay. Every
   * step's residual stays on the GPU and the host reads them once per group; later groups run as many steps
   * as the residuals' decay so far predicts to the tolerance, plus one. Steps after the first converged one
   * keep its ranks on the GPU, so the result (ranks, iterations, residual, converged) is the same for any
   * checkEvery, submitEvery and lookahead; only `stepsRun` and the times differ.
   */
  checkEvery?: number;
  /**
   * WebGPU: steps a queue submit carries (default 8, checkEvery's default: a group a submit). A group goes to
   * the GPU in submits of this many steps, each on the queue before the host records the next, so that the GPU
   * starts on the first steps while the host records and encodes the rest. On the H100 a submit costs the host
   * about 0.45 ms beside each step's 0.15 (record and encode; Dawn), about the 0.16 ms a step takes the GPU:
   * smaller submits cost more than they overlap. The loop probe (benchmarks/pagerank/loop-probe.ts, R-MAT
   * scale 19, 16 steps, checkEvery 8, lookahead) measured loop medians of 13.2, 8.0, 8.5, 4.6 and 4.6 ms for
   * submitEvery 1, 2, 4, 8 and whole groups. CUDA launches every kernel as it is recorded: this changes nothing
   * there.
   */
  submitEvery?: number;
  /**
   * Queue steps beyond a group before reading its residuals (default true): the GPU runs them while the host
   * waits for the group and reads it. While nothing predicts the end yet, one submit's worth (submitEvery
   * steps, at most checkEvery); then as many as predicted. A step queued past the first converged one costs
   * its GPU time and changes nothing. false: each group is read before the next is queued.
   */
  lookahead?: boolean;
  /**
   * 'webgpu' or 'cuda': both run the same kernels' specs and give the same answer. Default: the backend of
   * the device given, else `$SEMIFORGE_BACKEND`, else 'webgpu'.
   */
  backend?: Backend;
}

/**
 * One group of steps of the iteration loop (the steps between two read-backs of residuals), as the host saw
 * it. Groups overlap: the host records and queues one while the GPU runs the one before, and with `lookahead`
 * it queues the next before it reads this one, so their submitMs add up to more than the loop's time.
 */
export interface PagerankSubmit {
  /** Steps it ran. */
  readonly steps: number;
  /** Queue submits they went in (WebGPU: ⌈steps / submitEvery⌉; CUDA: 1, its launches go to the stream as recorded). */
  readonly queueSubmits: number;
  /** Host milliseconds of recording its steps (the dispatches' JavaScript; CUDA: the launches). */
  readonly recordMs: number;
  /** WebGPU: host milliseconds of encoding and submitting its queue submits (`BatchResult.encodeMs`, summed). */
  readonly encodeMs?: number;
  /** Host milliseconds from its last queue submit to the host's learning that the GPU had finished its steps. */
  readonly waitMs: number;
  /**
   * Host milliseconds from the start of recording its steps to the host's learning that the GPU had finished
   * them: recordMs, encodeMs and waitMs, and whatever the host did in between (reading an earlier group).
   */
  readonly submitMs: number;
  /**
   * GPU time of its steps, where the device measures it. WebGPU: two timestamps a queue submit, at the beginning
   * of its first compute pass and the end of its last (its steps' dispatches share one pass; the copy of the
   * residuals follows it), summed over the group's submits: the group is timed whole, never step by step.
   */
  readonly gpuMs?: number;
  /**
   * Host milliseconds of reading back its steps' residuals (WebGPU: one map; CUDA: from pinned memory); 0 for a
   * group queued ahead that the loop did not need to read.
   */
  readonly readMs: number;
}

export interface PagerankResult {
  /** f32 ranks, summing to 1 (up to rounding). */
  readonly ranks: Float32Array;
  /** Iterations to the first residual below the tolerance (the ranks are that step's), or maxIterations. */
  readonly iterations: number;
  /** Steps the GPU ran: `iterations` and those queued after it, which kept its ranks. */
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
  /** GPU time of the steps run: the groups' `gpuMs` summed (WebGPU timestamp queries, when the device has them; CUDA events). */
  readonly gpuTimeMs?: number;
  /** Host wall time from the start of the call to the read-back of the ranks (`pagerank()`: matrix build and upload included). */
  readonly wallTimeMs: number;
  /**
   * Host wall time of the iteration loop, from the recording of the first step to the read-back of the residual
   * that stopped it: no matrix build, upload or read-back of the ranks (nor the steps queued ahead that it did
   * not need), but the host's waits on the residuals.
   */
  readonly loopTimeMs: number;
  /**
   * gpuTimeMs / stepsRun when there is a GPU time, else loopTimeMs / stepsRun: a mean over whole groups (see
   * {@link PagerankSubmit.gpuMs}), not the time of any one step.
   */
  readonly timePerIterationMs: number;
  /** The loop's groups of steps in order, those queued ahead and not needed included: where loopTimeMs went. */
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
  readonly #schedule: PagerankSchedule;
  /** Undefined for the empty graph, which runs nothing. */
  readonly #state: PagerankSteps | undefined;
  readonly #order: RunOrder;

  private constructor(settings: PagerankSettings, schedule: PagerankSchedule, state: PagerankSteps | undefined, order: RunOrder) {
    this.#settings = settings;
    this.#schedule = schedule;
    this.#state = state;
    this.#order = order;
  }

  /** Checks the options against the graph (before touching the GPU), then builds and uploads Pᵀ. */
  static async create(device: AnyDevice, graph: Csr, options: PagerankOptions = {}): Promise<PagerankRunner> {
    // Before n is read: an object without one ran no steps and answered with no ranks.
    checkCsrShape(graph, 'pagerank');
    const checked = pagerankSettings(graph.n, options);
    const { checkEvery = PAGERANK_DEFAULTS.checkEvery, submitEvery = PAGERANK_DEFAULTS.submitEvery, lookahead = PAGERANK_DEFAULTS.lookahead } = options;
    checkCount('checkEvery', checkEvery);
    checkCount('submitEvery', submitEvery);
    const schedule = { checkEvery, submitEvery, lookahead, tolerance: checked.tolerance, maxIterations: checked.maxIterations };
    const product = { format: options.format ?? 'auto', reorder: options.reorder ?? 'none', ...(options.localFold === undefined ? {} : { localFold: options.localFold }) };
    const { graph: g, settings, oldOf, relabelMs } = pagerankOrder(graph, checked, options.relabel ?? 'none');
    let state: PagerankSteps | undefined;
    if (g.n > 0) {
      state = isCudaDevice(device) ? await CudaPagerankState.create(device, g, settings, product) : await PagerankState.create(device, g, settings, product);
    }
    return new PagerankRunner(settings, schedule, state, { oldOf, relabelMs });
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
    // Residuals read so far, of steps 1 … read.length; the groups queued, read or not, in order.
    const read: number[] = [];
    const groups: QueuedSteps[] = [];
    const readMs: number[] = [];
    for (;;) {
      // A group to read first, then (lookahead) steps beyond it.
      for (let target = this.#target(read, groups[readMs.length]); target > state.steps; target = this.#target(read, groups[readMs.length])) {
        groups.push(await state.queueTo(target, this.#schedule.submitEvery));
      }
      const group = groups[readMs.length];
      await group.finished();
      const reading = performance.now();
      read.push(...(await group.residuals()));
      readMs.push(performance.now() - reading);
      const hit = read.findIndex((r) => r < tolerance);
      if (hit < 0 && group.last < maxIterations) continue;
      const iterations = hit >= 0 ? hit + 1 : group.last;
      const loopTimeMs = performance.now() - loopStarted;
      // Steps queued ahead keep the ranks; they are waited for (their GPU time counts), never read.
      const submits = await Promise.all(groups.map(async (g, i) => groupRecord(g, await g.finished(), readMs[i] ?? 0)));
      const times = submits.map((s) => s.gpuMs);
      const gpuTimeMs = times.every((t) => t !== undefined) ? times.reduce((t, ms) => t + ms, 0) : undefined;
      const ranks = inGraphOrder(await state.ranks(), this.#order.oldOf);
      return {
        ranks,
        iterations,
        stepsRun: state.steps,
        converged: hit >= 0,
        residual: read[iterations - 1],
        format: state.format,
        reordered: state.reordered,
        ...(this.#order.relabelMs === undefined ? {} : { relabelMs: this.#order.relabelMs }),
        ...(gpuTimeMs === undefined ? {} : { gpuTimeMs }),
        wallTimeMs: performance.now() - started,
        loopTimeMs,
        timePerIterationMs: (gpuTimeMs ?? loopTimeMs) / state.steps,
        submits,
      };
    }
  }

  destroy(): void {
    this.#state?.destroy();
  }

  #target(read: readonly number[], unread: QueuedSteps | undefined): number {
    return queueTarget({ read, queued: this.#state?.steps ?? 0, ...(unread ? { unreadUpTo: unread.last } : {}) }, this.#schedule);
  }
}

/** A group's record in the result, from what its backend reported. */
function groupRecord(group: QueuedSteps, finished: StepsFinished, readMs: number): PagerankSubmit {
  return {
    steps: group.last - group.first + 1,
    queueSubmits: group.queueSubmits,
    recordMs: group.recordMs,
    ...(finished.encodeMs === undefined ? {} : { encodeMs: finished.encodeMs }),
    waitMs: finished.endedAt - group.queuedAt,
    submitMs: finished.endedAt - group.startedAt,
    ...(finished.gpuMs === undefined ? {} : { gpuMs: finished.gpuMs }),
    readMs,
  };
}

/**
 * PageRank on the GPU by power iteration on the SpMV kernels: r' = d·Pᵀr + (d·dangling + 1 − d)·p.
 * Rank flows along out-arcs u → v, each carrying r[u]/outdeg(u) (arc weights are ignored; parallel arcs
 * count); dangling vertices (out-degree 0) spread their rank by the personalization p like the teleport
 * does (the Google matrix). A personalization gives personalized PageRank / random walk with restart.
 * Every step's L1 residual is reduced on the GPU and kept there; the host reads them once per group of
 * steps, sizes the next group by their decay, and queues steps ahead while it reads (see `lookahead`). For
 * several runs on one graph, see {@link PagerankRunner}. A WebGPU `Device` runs WGSL, a `CudaDevice` CUDA;
 * with no device, one of `backend` is opened for the call.
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
