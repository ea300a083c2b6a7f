import { MAX_VERTICES } from './graph-limits.js';

/** Arc weights: f64 from text readers, f32 where a generator or binary file stores single precision. */
export type WeightArray = Float32Array | Float64Array;

/**
 * A graph as parallel typed arrays, one entry per arc (never an object per edge).
 *
 * Arc `k` goes from `src[k]` to `dst[k]` (0-based vertex ids below `n`) with weight `weight[k]`,
 * or no weight at all when `weight` is `null` (a pattern graph). Every arc is listed explicitly:
 * `directed: false` promises that each arc's mirror is in the list too (readers expand undirected
 * inputs; a self-loop appears once), so consumers never need to mirror anything themselves.
 */
export interface EdgeList {
  readonly n: number;
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  readonly weight: WeightArray | null;
  readonly directed: boolean;
  readonly ids?: Uint32Array;
}

/**
 * Number of arcs in an edge list.
 *
 * @example
 * ```ts
 * edgeCount(readDimacsGr('p sp 2 1\na 1 2 7\n')); // 1
 * ```
 */
export function edgeCount(edges: EdgeList): number {
  return edges.src.length;
}

/**
 * Builds an {@link EdgeList} from plain arrays (copied into typed arrays) and checks it.
 *
 * @example
 * ```ts
 * const g = edgeListFromArrays(3, [0, 1, 2], [1, 2, 0], [5, 5, 5]); // directed 3-cycle
 * ```
 */
export function edgeListFromArrays(
  n: number,
  src: ArrayLike<number>,
  dst: ArrayLike<number>,
  weight: ArrayLike<number> | null = null,
  directed = true,
): EdgeList {
  const edges: EdgeList = {
    n,
    src: Uint32Array.from(src),
    dst: Uint32Array.from(dst),
    weight: weight === null ? null : Float64Array.from(weight),
    directed,
  };
  for (let k = 0; k < src.length; k++) {
    if (src[k] !== edges.src[k] || dst[k] !== edges.dst[k]) {
      throw new RangeError(`arc ${k}: vertex ids (${src[k]}, ${dst[k]}) are not 32-bit unsigned integers`);
    }
  }
  validateEdgeList(edges);
  return edges;
}

/**
 * Checks an edge list's invariants: `n` a non-negative integer below 2^32, equal array lengths,
 * every id below `n`. Throws a `RangeError` naming the first broken one.
 *
 * @example
 * ```ts
 * validateEdgeList({ n: 2, src: Uint32Array.of(0), dst: Uint32Array.of(2), weight: null, directed: true });
 * // RangeError: arc 0: head 2 out of range 0..1 (n = 2)
 * ```
 */
export function validateEdgeList(edges: EdgeList): void {
  const { n, src, dst, weight } = edges;
  if (!Number.isInteger(n) || n < 0 || n > MAX_VERTICES) {
    throw new RangeError(`n = ${n} is not an integer in 0..${MAX_VERTICES}`);
  }
  if (dst.length !== src.length) {
    throw new RangeError(`src has ${src.length} entries but dst has ${dst.length}`);
  }
  if (weight !== null && weight.length !== src.length) {
    throw new RangeError(`src has ${src.length} entries but weight has ${weight.length}`);
  }
  if (edges.ids !== undefined && edges.ids.length !== n) {
    throw new RangeError(`ids has ${edges.ids.length} entries but n = ${n}`);
  }
  for (let k = 0; k < src.length; k++) {
    if (src[k] >= n) throw new RangeError(`arc ${k}: tail ${src[k]} out of range 0..${n - 1} (n = ${n})`);
    if (dst[k] >= n) throw new RangeError(`arc ${k}: head ${dst[k]} out of range 0..${n - 1} (n = ${n})`);
  }
}
