/**
 * The largest graph the package supports, and the error for anything larger.
 *
 * Vertex ids and arc offsets are 32-bit unsigned integers everywhere (typed arrays here, `u32` in the
 * GPU kernels), so a graph has at most 2^32 − 1 vertices (ids 0 … 2^32 − 2, leaving 2^32 − 1 free as a
 * "none" marker) and at most 2^32 − 1 arcs (the last CSR offset must fit in a u32). Node 20 also caps a
 * typed array at 2^32 elements, and memory caps everything sooner: 2^32 arcs take 16 GiB per u32 array.
 */

/** Most vertices a graph may have: ids are u32 and 2^32 − 1 is reserved as "no vertex". */
export const MAX_VERTICES = 0xffffffff;
/** Most arcs a graph may have: CSR offsets are u32. */
export const MAX_ARCS = 0xffffffff;

/**
 * A graph (or an intermediate array) is larger than the package supports. The message names both the
 * size asked for and the limit.
 *
 * @example
 * ```ts
 * checkArcCount(5e9, 'symmetrised kronecker scale 28');
 * // GraphLimitError: symmetrised kronecker scale 28: 5000000000 arcs exceed the limit of 4294967295 (u32 offsets)
 * ```
 */
export class GraphLimitError extends RangeError {
  override readonly name = 'GraphLimitError';
  constructor(
    readonly what: string,
    readonly requested: number,
    readonly limit: number,
    unit: string,
    why: string,
  ) {
    super(`${what}: ${requested} ${unit} exceed the limit of ${limit} (${why})`);
  }
}

/** Throws a {@link GraphLimitError} when `count` arcs would not fit; `what` names the graph or step. */
export function checkArcCount(count: number, what: string): void {
  if (count > MAX_ARCS) throw new GraphLimitError(what, count, MAX_ARCS, 'arcs', 'u32 offsets');
}

/** Throws a {@link GraphLimitError} when `n` vertices would not fit; `what` names the graph or step. */
export function checkVertexCount(n: number, what: string): void {
  if (n > MAX_VERTICES) throw new GraphLimitError(what, n, MAX_VERTICES, 'vertices', 'u32 ids with one reserved');
}
