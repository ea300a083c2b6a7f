import type { SpecBase } from './kernel-spec.js';

/**
 * Ops of the dense-vector family: `vec_reduce` (⊕ of a vector into workgroup partials, any semiring) and
 * `vec_pagerank_update` (PageRank's affine step with its L1 change, plus-times f32 only; `_folded` also adds the
 * extra pieces of a fold product's long rows) and `vec_gather` (a
 * vector put into another order: 4-byte words, one spec per target, or-and u32).
 */
export type VectorOp = 'vec_reduce' | 'vec_pagerank_update' | 'vec_pagerank_update_folded' | 'vec_gather';

export const VECTOR_KERNEL_OPS: readonly VectorOp[] = ['vec_reduce', 'vec_pagerank_update', 'vec_pagerank_update_folded', 'vec_gather'];

/**
 * A kernel over dense vectors of length `params.n`, each invocation striding over the grid (so any length
 * runs on a bounded grid).
 *
 * - `vec_reduce`: `dst[params.offset + g] = ⊕ src[i]` over workgroup g's share of 0..n, through a tree in
 *   workgroup memory (fixed order: bit-reproducible, no atomic ⊕ needed). With at most `workgroupSize`
 *   workgroups (see `dispatchGrid`), a second dispatch of one workgroup over the partials gives the total.
 * - `vec_pagerank_update`: `next = d·next + ((1 − d) + d·D)·teleport` with D = `sums[params.offset + 1]` (the
 *   dangling mass, Σ of the previous ranks over vertices with no out-arcs: 1 − Σ next on entry, for ranks summing to 1),
 *   `deltaParts[g] = Σ |next − previous|` and `deltaParts[workgroupSize + g]` = the dangling mass of the new ranks
 *   over workgroup g's share (one `vec_reduce` pass of two workgroups over 2·workgroupSize elements totals both
 *   into the next pair of `sums`), and `scaled = next / outDegree` (0 where it is 0: the x of PageRank's next
 *   product, on Pᵀ's pattern); `workgroupSize` a power of two, as `vec_reduce`'s.
 * - `vec_pagerank_update_folded`: the same, with next[i] first completed by row i's extra pieces
 *   `partial[rowExtra[i] … rowExtra[i + 1])` (a fold product run without its combine step).
 * - `vec_gather`: `dst[i] = src[index[i]]`, moving 4-byte words whatever they hold (so its spec is fixed at
 *   semiring 'or-and', type 'u32': one kernel for every element type).
 *
 * @example
 * const sum: VectorKernelSpec = { op: 'vec_reduce', semiring: 'plus-times', type: 'f32', target: 'wgsl', workgroupSize: 256 };
 * const frontier: VectorKernelSpec = { ...sum, type: 'u32' };   // a count of 0/1 flags
 * const reached: VectorKernelSpec = { ...sum, semiring: 'or-and', type: 'u32' };
 */
export interface VectorKernelSpec extends SpecBase {
  readonly op: VectorOp;
  /** Invocations per workgroup: at most 1024; a power of two for `vec_reduce` (its tree halves it). */
  readonly workgroupSize: number;
}
