import { isShared, sharedArray, type Csr } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { NegativeCycleError } from '../apsp/apsp.errors.js';
import { checkVertex } from '../check-vertex.js';
import { BLOCK_STATS, convertWeightRange, weightError, weightStats, WEIGHT_BLOCK } from './sssp.weights-range.js';

export { U32_MAX_WEIGHT } from './sssp.weights-range.js';

/** Weight types the SSSP kernels take: distances become u32 keys for atomicMin either way. */
export type SsspWeightType = 'f32' | 'u32';

/** A graph's weights in the kernels' type, and what the plan needs to know about them. */
export interface SsspWeights {
  readonly type: SsspWeightType;
  /** One weight per CSR arc (all 1 for a graph without weights), rounded to f32 or checked integers. */
  readonly values: Float32Array | Uint32Array;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

/** Refuses a source that is not a vertex of the graph. */
export function checkSource(n: number, source: number, what = 'source'): void {
  checkVertex('sssp', n, source, what);
}

/**
 * The arcs' weights as the kernels read them: f32 (rounded from the graph's values, NaN, infinities and
 * |w| > 2^100 refused) or u32 (non-negative integers up to 2^32 − 2). A graph without weights weighs 1 an arc.
 *
 * @example
 * ssspWeights(csr, 'u32').values; // Uint32Array, or a RangeError naming the arc with weight 2.5
 */
export function ssspWeights(graph: Csr, type: SsspWeightType): SsspWeights {
  checkWeightType(type);
  const m = graph.indices.length;
  const values = type === 'f32' ? new Float32Array(m) : new Uint32Array(m);
  const source = graph.weight;
  if (source === null) return unitWeights(type, values);
  const stats = new Float64Array(BLOCK_STATS * Math.ceil(m / WEIGHT_BLOCK));
  const bad = convertWeightRange(source, values, type, 0, m, stats);
  if (bad >= 0) throw weightError(bad, source[bad], type);
  return { type, values, ...weightStats(stats, m) };
}

/** Refuses a weight type the kernels do not take. */
export function checkWeightType(type: SsspWeightType): void {
  if (type !== 'f32' && type !== 'u32') throw new RangeError(`sssp: weights must be 'f32' or 'u32', got '${String(type)}'`);
}

/** A graph without weights: 1 an arc, in `values` (filled here). */
export function unitWeights(type: SsspWeightType, values: Float32Array | Uint32Array): SsspWeights {
  const m = values.length;
  values.fill(1);
  return { type, values, min: m ? 1 : 0, max: m ? 1 : 0, mean: m ? 1 : 0 };
}

/**
 * The weights of `graph`, a renumbering of the graph `checked` was made from (the same arcs, moved): no second
 * check and no second statistics pass, only the typed copy in the new order (none for f32 weights stored as f32).
 * `checked`'s min, max and mean stand, so the plan's delta is the same in either order.
 *
 * @example
 * const checked = ssspWeights(csr, 'u32');
 * renumberedWeights(relabelByDegree(csr), checked).values; // checked's values, in the renumbered arcs' order
 */
export function renumberedWeights(graph: Csr, checked: SsspWeights): SsspWeights {
  const source = graph.weight;
  // Without weights every arc weighs 1 in either order.
  if (source === null) return checked;
  // Typed-array construction converts element by element as the checked loops store (f32 rounding; exact integers).
  const values = checked.type === 'f32' ? (source instanceof Float32Array ? source : new Float32Array(source)) : new Uint32Array(source);
  return { ...checked, values };
}

/**
 * Negative weights: only Bellman-Ford (edge or frontier) takes them. An undirected edge of negative weight
 * is itself a negative cycle (u → v → u), and so is a negative self-loop: both are refused before any pass.
 * `weights` are the graph's as the kernels read them (their values in any order of the arcs: the graph's own
 * weights are read, as the kernels' type stores them, only where the smallest is negative).
 */
export function checkNegativeWeights(graph: Csr, weights: SsspWeights, method: string): void {
  if (weights.min >= 0) return;
  if (method === 'near-far') {
    throw new RangeError(
      `sssp: method 'near-far' settles vertices bucket by bucket and cannot take negative weights (the smallest is ${weights.min}); use method 'bellman-ford' or 'frontier'`,
    );
  }
  const { indptr, indices } = graph;
  const source = graph.weight!;
  const stored = (e: number) => (weights.type === 'f32' ? Math.fround(source[e]) : source[e]);
  for (let u = 0; u < graph.n; u++) {
    for (let e = indptr[u]; e < indptr[u + 1]; e++) {
      const w = stored(e);
      if (w >= 0) continue;
      const v = indices[e];
      if (v === u) throw new NegativeCycleError(u, `self-loop at ${u} of weight ${w}`);
      if (!graph.directed) throw new NegativeCycleError(u, `undirected edge {${u}, ${v}} of weight ${w} is the cycle ${u} → ${v} → ${u}`);
    }
  }
}

/**
 * Refuses, before anything is uploaded, an array larger than one storage binding or one buffer, naming the
 * array, its size and the device's limit.
 */
export function checkSsspFits(limits: Pick<GPUSupportedLimits, 'maxStorageBufferBindingSize' | 'maxBufferSize'>, arrays: readonly (readonly [what: string, bytes: number])[]): void {
  for (const [what, bytes] of arrays) {
    for (const limit of ['maxStorageBufferBindingSize', 'maxBufferSize'] as const) {
      if (bytes > limits[limit]) {
        throw new LimitError({
          limit,
          requested: bytes,
          allowed: limits[limit],
          subject: `sssp: ${what}`,
          wayOut: 'use a device with larger buffers, or a smaller graph (the edge list stores each undirected pair once; the frontier methods need the CSR arcs).',
        });
      }
    }
  }
}

/**
 * Integer weights 1..max from unit-interval weights (Graph500's f32 in [0, 1)): 1 + ⌊max · w⌋, capped at
 * max, the same arcs and mirrors. A graph without weights gets 1 everywhere. For u32 runs on Kronecker graphs.
 *
 * @example
 * const g255 = toIntegerWeights(kroneckerCsr, 255); // weights 1..255, mirrors equal
 */
export function toIntegerWeights(graph: Csr, max: number): Csr {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`sssp: the largest integer weight must be a positive integer, got ${max}`);
  const source = graph.weight;
  // In shared memory beside shared arcs, so that the runners' checks of the graph (its mirrors, weights and all)
  // still run in worker threads.
  const weight = isShared(graph.indices) ? sharedArray(Float32Array, graph.indices.length) : new Float32Array(graph.indices.length);
  for (let e = 0; e < weight.length; e++) weight[e] = source === null ? 1 : Math.min(max, 1 + Math.floor(max * source[e]));
  return { ...graph, weight };
}

/**
 * Whether every weight w makes d + w > d for every distance d of the search (as the kernels add: u32 exactly, f32
 * rounded), so that each reached vertex other than the source has a tight arc from a strictly closer one, which the
 * tight-arc pass takes: u32 weights ≥ 1; f32 weights no smaller than the spacing of f32 values at twice the longest
 * simple path's sum, 2 (n − 1) × the largest weight (not Graph500's [0, 1) weights, which come close to 0).
 *
 * @example
 * sumsAlwaysGrow(csr.n, ssspWeights(csr, 'u32')); // true for weights 1..255; false where a weight is 0
 */
export function sumsAlwaysGrow(n: number, weights: SsspWeights): boolean {
  const { min, max, type } = weights;
  if (type === 'u32') return min >= 1;
  if (!(min > 0)) return false;
  // Twice the longest simple path's sum: room for the sums' own rounding.
  const farthest = 2 * Math.max(1, n - 1) * max;
  // The gap between f32 values at or below `farthest`: 2^(e − 23) for farthest in [2^e, 2^(e+1)).
  return min >= 2 ** (Math.floor(Math.log2(farthest)) - 23);
}
