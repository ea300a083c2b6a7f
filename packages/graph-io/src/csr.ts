import type { WeightArray } from './edge-list.js';

/**
 * Compressed sparse rows: the out-arcs of vertex `v` are `indices[indptr[v] .. indptr[v + 1] - 1]`,
 * with weights at the same positions (or `weight: null` for a pattern graph). This is the layout the
 * GPU kernels read. A CSC is a {@link Csr} of the transpose (in-arcs per vertex).
 *
 * `directed: false` promises that every arc's mirror is present (a self-loop once), as for
 * {@link EdgeList}. `sorted` says each row's `indices` ascend (ties allowed unless deduplicated).
 * `ids`, when present, maps internal vertex ids to the user's labels (`ids[v]`), e.g. after degree
 * ordering; absent means the identity.
 *
 * @example
 * ```ts
 * // 0 → 1 (w 2), 0 → 2 (w 5), 2 → 0 (w 1)
 * const g: Csr = {
 *   n: 3, indptr: Uint32Array.of(0, 2, 2, 3), indices: Uint32Array.of(1, 2, 0),
 *   weight: Float64Array.of(2, 5, 1), directed: true, sorted: true,
 * };
 * ```
 */
export interface Csr {
  readonly n: number;
  /** `n + 1` offsets, non-decreasing, `indptr[0] = 0`, `indptr[n]` = arc count. */
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly weight: WeightArray | null;
  readonly directed: boolean;
  readonly sorted: boolean;
  readonly ids?: Uint32Array;
}
