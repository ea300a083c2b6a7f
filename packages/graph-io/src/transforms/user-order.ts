import { NO_VERTEX } from '../containers/no-vertex.js';

/** A typed array with one value per vertex. */
export type PerVertexArray = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/**
 * Scatters a per-vertex result into the user's vertex order: `out[ids[v]] = values[v]`. `ids` is a
 * graph's `ids` (after {@link relabelByDegree} or {@link inducedSubgraph}). `length` defaults to
 * `ids.length`; give the original vertex count after taking a subgraph, and `fill` for the vertices it
 * left out (default 0). The result has the type of `values`.
 *
 * @example
 * ```ts
 * const g = relabelByDegree(csr); // say g.ids = [2, 0, 1]: user vertex 2 is now vertex 0
 * toUserOrder(Float64Array.of(10, 20, 30), g.ids!); // [20, 30, 10], indexed by user vertex
 * ```
 */
export function toUserOrder<A extends PerVertexArray>(
  values: A,
  ids: Uint32Array,
  options: { readonly length?: number; readonly fill?: number } = {},
): A {
  const length = options.length ?? ids.length;
  if (values.length !== ids.length) {
    throw new RangeError(`values has ${values.length} entries but ids has ${ids.length}`);
  }
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`options.length = ${length} is not a count`);
  const out = new (values.constructor as new (length: number) => A)(length);
  if (options.fill !== undefined) out.fill(options.fill);
  for (let v = 0; v < ids.length; v++) {
    const to = ids[v];
    if (to >= length) throw new RangeError(`ids[${v}] = ${to} out of range 0..${length - 1} (options.length = ${length})`);
    out[to] = values[v];
  }
  return out;
}

/**
 * Translates values that are vertex ids (BFS parents, component roots) into the user's labels:
 * `out[i] = ids[values[i]]`, keeping the "none" marker (−1 in an `Int32Array`, 0xffffffff in a
 * `Uint32Array`). Positions are unchanged; combine with {@link toUserOrder} to move them too.
 *
 * @example
 * ```ts
 * const ids = Uint32Array.of(2, 0, 1);
 * const parent = mapVertexIds(Int32Array.of(-1, 0, 0), ids); // [-1, 2, 2]: BFS parents as user labels
 * toUserOrder(parent, ids);                                   // [2, 2, -1]: … indexed by user vertex
 * ```
 */
export function mapVertexIds<A extends Int32Array | Uint32Array>(values: A, ids: Uint32Array): A {
  const none = values instanceof Int32Array ? -1 : NO_VERTEX;
  const limit = values instanceof Int32Array ? 0x7fffffff : NO_VERTEX - 1;
  const out = new (values.constructor as new (length: number) => A)(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === none) {
      out[i] = v;
      continue;
    }
    if (v < 0 || v >= ids.length) throw new RangeError(`values[${i}] = ${v} is not a vertex id below ${ids.length}`);
    const label = ids[v];
    if (label > limit) throw new RangeError(`ids[${v}] = ${label} does not fit the ${values.constructor.name} values`);
    out[i] = label;
  }
  return out;
}

/**
 * The inverse of a relabelling's `ids` (new id → user's label): `out[ids[v]] = v`, the new id of each user
 * vertex, for mapping a user's vertex (a search's source) into the relabelled graph. `ids` must be a
 * permutation of 0..n−1.
 *
 * @example
 * ```ts
 * invertIds(Uint32Array.of(2, 0, 1)); // [1, 2, 0]: user vertex 0 is new vertex 1
 * ```
 */
export function invertIds(ids: Uint32Array): Uint32Array {
  const out = new Uint32Array(ids.length);
  for (let v = 0; v < ids.length; v++) out[ids[v]] = v;
  return out;
}
