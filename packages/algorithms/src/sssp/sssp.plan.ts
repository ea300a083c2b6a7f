import { SSSP_DEFAULT_CHUNK, type SsspKernelSpec, type SsspReads, type Target } from '@semiforge/codegen';
import type { SsspWeightType } from './sssp.input.js';

/**
 * `bellman-ford`: paper 001's edge-parallel passes over the COO pairs (any weights); `frontier`: Bellman-Ford
 * over the CSR arcs of the vertices that changed (any weights); `near-far`: the frontier passes restricted
 * to a distance bucket that moves by `delta` (weights ≥ 0; cuGraph's method).
 */
export type SsspMethod = 'bellman-ford' | 'frontier' | 'near-far';

/** How to run SSSP; every field has a default chosen from the graph. */
export interface SsspKernelOptions {
  /** Default `auto`: near-far, or Bellman-Ford when a weight is negative. */
  readonly method?: SsspMethod | 'auto';
  /** Weight (and distance) type. Default f32. */
  readonly weights?: SsspWeightType;
  /** Invocations per workgroup. Default 256. */
  readonly workgroupSize?: number;
  /** Bellman-Ford: how a pass reads distances (see `SsspReads`). Default `atomic`. */
  readonly reads?: SsspReads;
  /** Bellman-Ford: vertices per segment of the pair sort (paper 001's P), a power of two; 0 keeps CSR order. Default 2^14. */
  readonly segment?: number;
  /** Frontier methods: invocations per queue item. Default from the mean degree. */
  readonly lanesPerVertex?: number;
  /** Frontier methods: arcs per queue item (a hub's arcs become many items). Default 256. */
  readonly chunk?: number;
  /** Near-far: the bucket width. Default Davidson et al.'s 32 · mean weight / mean degree. */
  readonly delta?: number;
  /**
   * Passes recorded before the first read-back of the changed flag or done word; later batches grow with the
   * passes run so far, up to 64× (the frontier methods' passes are sized on the GPU, so a batch can be long).
   * Default 16.
   */
  readonly batch?: number;
  /** The kernels' language (the runner needs wgsl; cuda is for generation). Default wgsl. */
  readonly kernelTarget?: Target;
}

/** What the plan reads of the graph. */
export interface SsspGraphStats {
  readonly n: number;
  readonly arcs: number;
  readonly minWeight: number;
  readonly meanWeight: number;
}

export interface SsspPlan {
  readonly method: SsspMethod;
  readonly weights: SsspWeightType;
  /** The pass: `sssp_edges` or `sssp_frontier`. */
  readonly relax: SsspKernelSpec;
  /** Near-far and frontier: the step before each pass that sizes it, moves the threshold and notices the end. */
  readonly advance?: SsspKernelSpec;
  /** Tight-arc passes over COO pairs (or the CSR arcs as pairs): the parents step, or its finish after `tree`. */
  readonly parents: SsspKernelSpec;
  /** Frontier methods: one step per vertex taking the parent from the arc that lowered it last (or, undirected, its own arcs). */
  readonly tree?: SsspKernelSpec;
  /** Near-far: the bucket width (in the weights' type); frontier: Infinity. */
  readonly delta: number;
  readonly segment: number;
  readonly batch: number;
}

export const SSSP_DEFAULTS = { workgroupSize: 256, reads: 'atomic', segment: 1 << 14, batch: 16, warp: 32 } as const;

/** Invocations per vertex: about half the mean degree, a power of two from 1 to 32. */
export function defaultLanes(meanDegree: number): number {
  const lanes = 2 ** Math.round(Math.log2(Math.max(1, meanDegree / 2)));
  return Math.min(32, Math.max(1, lanes));
}

/**
 * Near-far's bucket width as Davidson, Baxter, Garland and Owens (2014) set it: warp width × mean weight /
 * mean degree, so a bucket holds about a warp's worth of arcs per vertex; at least 1 for integer weights.
 */
export function defaultDelta(stats: SsspGraphStats, weights: SsspWeightType): number {
  const meanDegree = stats.n ? stats.arcs / stats.n : 0;
  const delta = meanDegree > 0 && stats.meanWeight > 0 ? (SSSP_DEFAULTS.warp * stats.meanWeight) / meanDegree : 1;
  return weights === 'u32' ? Math.max(1, Math.ceil(delta)) : Math.fround(delta);
}

/**
 * The kernels and settings of one SSSP configuration.
 *
 * @example
 * planSssp({ method: 'auto' }, { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 }).method; // 'near-far'
 */
export function planSssp(options: SsspKernelOptions, stats: SsspGraphStats, directed: boolean): SsspPlan {
  const weights = options.weights ?? 'f32';
  const requested = options.method ?? 'auto';
  if (!['auto', 'bellman-ford', 'frontier', 'near-far'].includes(requested)) {
    throw new RangeError(`sssp: method must be 'bellman-ford', 'frontier', 'near-far' or 'auto', got '${String(requested)}'`);
  }
  const method: SsspMethod = requested === 'auto' ? (stats.minWeight < 0 ? 'bellman-ford' : 'near-far') : requested;
  const batch = options.batch ?? SSSP_DEFAULTS.batch;
  if (!Number.isInteger(batch) || batch < 1) throw new RangeError(`sssp: batch must be a positive integer (passes per read-back), got ${batch}`);
  const base = { semiring: 'min-plus', type: weights, target: options.kernelTarget ?? 'wgsl', workgroupSize: options.workgroupSize ?? SSSP_DEFAULTS.workgroupSize } as const;
  const delta = method === 'near-far' ? (options.delta ?? defaultDelta(stats, weights)) : Infinity;
  if (method === 'near-far' && !(delta > 0 && (weights === 'f32' || Number.isInteger(delta)))) {
    throw new RangeError(`sssp: delta must be positive${weights === 'u32' ? ' and an integer for u32 weights' : ''}, got ${delta}`);
  }
  const segment = options.segment ?? SSSP_DEFAULTS.segment;
  if (method === 'bellman-ford') {
    const symmetric = !directed;
    return {
      method,
      weights,
      relax: { ...base, op: 'sssp_edges', symmetric, reads: options.reads ?? SSSP_DEFAULTS.reads },
      parents: { ...base, op: 'sssp_parents', symmetric },
      delta,
      segment,
      batch,
    };
  }
  const queue = { ...base, symmetric: false, lanesPerVertex: options.lanesPerVertex ?? defaultLanes(stats.n ? stats.arcs / stats.n : 0), chunk: options.chunk ?? SSSP_DEFAULT_CHUNK };
  return {
    method,
    weights,
    relax: { ...queue, op: 'sssp_frontier' },
    advance: { ...queue, op: 'sssp_advance' },
    parents: { ...base, op: 'sssp_parents', symmetric: false },
    tree: { ...base, op: 'sssp_tree', symmetric: !directed },
    delta,
    segment,
    batch,
  };
}
