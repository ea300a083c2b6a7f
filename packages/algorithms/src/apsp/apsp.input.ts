import { allocElements, getSemiring, type ElementArray, type ElementType } from '@semiforge/codegen';
import { csrFromEdges, denseFromEdges, describeValue, padDense, paddedSize, toBdl, validateEdgeList, type DenseMatrix, type EdgeList } from '@semiforge/graph-io';
import { checkMirrored } from '../check-mirrored.js';
import type { ApspPlan } from './apsp.plan.js';
import { encodeF32 } from '../kernels/f32-encoding.js';

/** A graph for APSP: an edge list, or a dense n×n row-major matrix of arc values (±Infinity for "no arc" in f32). */
export type ApspGraph = EdgeList | DenseMatrix;

/** The matrix as uploaded: padded to N (a multiple of the tile), in the plan's layout, semiring-encoded. */
export interface ApspMatrix {
  readonly n: number;
  readonly N: number;
  readonly data: ElementArray;
  readonly succ?: Uint32Array;
}

export const NO_SUCCESSOR = 0xffffffff;

/** Plain FW on a row-major matrix needs no padding; every blocked layout pads to a multiple of the tile. */
export function unpaddedPlain(plan: ApspPlan): boolean {
  return plan.plain !== undefined && plan.layout === 'row-major';
}

/**
 * Refuses a value that is neither an edge list nor a dense matrix before its size is read: a CSR (what the other
 * algorithms take), `null`, or another object, which JavaScript callers can hand in, read as a dense matrix
 * without data and failed deep inside.
 *
 * @example
 * checkApspGraph(csr); // TypeError: apsp: the graph is a CSR (indptr, indices); APSP takes an edge list … edgesFromCsr(csr)
 */
export function checkApspGraph(graph: unknown): asserts graph is ApspGraph {
  const takes = 'an edge list ({ n, src, dst, weight, directed }) or a dense matrix ({ n, data })';
  if (graph === null || typeof graph !== 'object') throw new TypeError(`apsp: the graph is ${describeValue(graph)}; APSP takes ${takes}`);
  if ('indptr' in graph) throw new TypeError(`apsp: the graph is a CSR (indptr, indices); APSP takes ${takes}: graph-io's edgesFromCsr(csr) gives the edge list`);
  if (!('src' in graph) && !('data' in graph)) throw new TypeError(`apsp: the graph (${describeValue(graph)} with ${Object.keys(graph).join(', ') || 'no fields'}) is not ${takes}`);
}

function isEdgeList(g: ApspGraph): g is EdgeList {
  return 'src' in g;
}

/**
 * Refuses arrays of different lengths: a missing weight read as NaN ("arc 1 … weight NaN"), arcs past the
 * shorter of src and dst were dropped.
 */
function checkEdgeList(edges: EdgeList): void {
  const { src, dst, weight } = edges;
  if (src.length !== dst.length) throw new RangeError(`apsp: the edge list has ${src.length} sources (src) but ${dst.length} targets (dst); each arc needs one of each`);
  if (weight && weight.length !== src.length) throw new RangeError(`apsp: the edge list has ${src.length} arcs but ${weight.length} weights`);
  // The rest of graph-io's rules (n, ids past n) under APSP's name: the dense builder's own message did not say who refused.
  try {
    validateEdgeList(edges);
  } catch (e) {
    throw new RangeError(`apsp: the edge list's ${(e as Error).message}`);
  }
}

/**
 * Refuses a dense matrix that is not n × n, and integer types' values the type cannot hold: copied into the
 * element array, a short array padded with 0 (free arcs), NaN and Infinity became 0, fractions were cut.
 */
function checkDense(graph: DenseMatrix, type: ElementType, zero: number): void {
  const { n, data } = graph;
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`apsp: the dense matrix has n = ${n}; it must be an integer ≥ 0`);
  if (data.length !== n * n) throw new RangeError(`apsp: the dense matrix has ${data.length} elements but n = ${n} needs n × n = ${n * n}`);
  if (type === 'f32') return;
  const [lo, hi] = type === 'i32' ? [-(2 ** 31), 2 ** 31 - 1] : [0, 2 ** 32 - 1];
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (!(Number.isInteger(v) && v >= lo && v <= hi)) {
      throw new RangeError(`apsp: the dense matrix's entry (${Math.floor(i / n)}, ${i % n}) = ${v} is not ${type === 'i32' ? 'an' : 'a'} ${type} (an integer in ${lo}..${hi}); "no arc" is the semiring's zero, ${zero}`);
    }
  }
}

/**
 * Builds the semiring-encoded dense matrix: no arc = the semiring's zero, diagonal = its one, parallel
 * arcs combined with ⊕ (min for min-plus, max for max-min, or for or-and), padded with isolated vertices.
 */
export function buildApspMatrix(graph: ApspGraph, plan: ApspPlan): ApspMatrix {
  const s = getSemiring(plan.semiring);
  const { type } = plan;
  const zero = s.zeroOf(type);
  const one = s.oneOf(type);
  const combine = (a: number, b: number) => s.host.add(a, b, type);
  let dense: DenseMatrix;
  if (isEdgeList(graph)) {
    checkEdgeList(graph);
    if (!graph.directed) checkMirrored('apsp', csrFromEdges(graph));
    const reach = plan.semiring === 'or-and';
    dense = denseFromEdges(graph, {
      type,
      fill: zero,
      diagonal: one,
      combine: (a, b) => (type === 'f32' ? Math.fround(combine(a, b)) : combine(a, b)),
      weight: reach ? () => one : type === 'f32' ? Math.fround : undefined,
      patternWeight: one === 0 ? 1 : one,
    });
  } else {
    checkDense(graph, type, zero);
    const data = allocElements(type, graph.n * graph.n);
    data.set(graph.data);
    dense = { n: graph.n, data };
  }
  if (type === 'f32') encodeF32(dense.data as Float32Array, 'apsp input', dense.n);
  const N = unpaddedPlain(plan) ? dense.n : paddedSize(Math.max(dense.n, 1), plan.tile);
  const padded = N === dense.n ? dense : padDense(dense, N, zero, one);
  const data = padded.data as ElementArray;
  let succ: Uint32Array | undefined;
  if (plan.successors) {
    succ = new Uint32Array(N * N).fill(NO_SUCCESSOR);
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) if (i === j || data[i * N + j] !== zero) succ[i * N + j] = j;
    }
  }
  if (plan.layout === 'bdl') {
    return { n: dense.n, N, data: toBdl(data, N, plan.tile), succ: succ && toBdl(succ, N, plan.tile) };
  }
  return { n: dense.n, N, data, succ };
}
