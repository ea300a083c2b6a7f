import type { Csr } from '../csr.js';
import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { allocateLike } from './row-scatter.js';
import { NO_VERTEX } from './no-vertex.js';

/**
 * ELLPACK: every row padded to `width` slots, stored slot-major (`indices[slot * n + row]`) so that GPU
 * threads, one per row, read consecutive words at each slot. Padding slots hold {@link NO_VERTEX} and
 * weight 0. `paddingRatio` is `n * width / arcs` (1 = no padding; 1 for an empty layout, Infinity when
 * slots exist but no arcs).
 */
export interface Ell {
  readonly n: number;
  readonly width: number;
  readonly indices: Uint32Array;
  readonly weight: WeightArray | null;
  readonly paddingRatio: number;
}

/**
 * Lays a CSR out as {@link Ell}. `width` defaults to the longest row; a smaller one is refused, naming
 * the row. `n * width` slots are checked against the u32 limit before allocating.
 *
 * @example
 * ```ts
 * const e = ellFromCsr(csrFromEdges(edgeListFromArrays(2, [0, 0, 1], [1, 0, 0]))); // rows [1, 0] and [0]
 * // { n: 2, width: 2, indices: [1, 0, 0, 0xffffffff], paddingRatio: 4 / 3 }
 * ```
 */
export function ellFromCsr(csr: Csr, options: { readonly width?: number } = {}): Ell {
  const { n, indptr, indices, weight } = csr;
  const longest = longestRow(csr);
  const width = options.width ?? longest.length;
  if (!Number.isInteger(width) || width < 0) throw new RangeError(`options.width = ${width} is not a non-negative integer`);
  if (width < longest.length) {
    throw new RangeError(
      `options.width = ${width} is below the longest row (vertex ${longest.vertex} has ${longest.length} arcs)`,
    );
  }
  checkArcCount(n * width, `ELL layout of ${n} rows × ${width} slots`);
  const slots = new Uint32Array(n * width).fill(NO_VERTEX);
  const slotWeight = allocateLike(weight, n * width);
  for (let v = 0; v < n; v++) {
    const start = indptr[v];
    const end = indptr[v + 1];
    for (let p = start, at = v; p < end; p++, at += n) {
      slots[at] = indices[p];
      if (slotWeight !== null) slotWeight[at] = weight![p];
    }
  }
  return { n, width, indices: slots, weight: slotWeight, paddingRatio: paddingRatio(n, width, indices.length) };
}

/**
 * The padding ratio {@link ellFromCsr} would give, from the offsets alone (O(n), nothing allocated).
 *
 * @example
 * ```ts
 * ellPaddingRatio(csrFromEdges(edgeListFromArrays(2, [0, 0, 1], [1, 0, 0]))); // 4 / 3
 * ```
 */
export function ellPaddingRatio(csr: Csr, width = longestRow(csr).length): number {
  return paddingRatio(csr.n, width, csr.indices.length);
}

function paddingRatio(n: number, width: number, arcs: number): number {
  return n * width === 0 ? 1 : (n * width) / arcs;
}

function longestRow(csr: Csr): { vertex: number; length: number } {
  const { n, indptr } = csr;
  let vertex = 0;
  let length = 0;
  for (let v = 0; v < n; v++) {
    const len = indptr[v + 1] - indptr[v];
    if (len > length) {
      length = len;
      vertex = v;
    }
  }
  return { vertex, length };
}
