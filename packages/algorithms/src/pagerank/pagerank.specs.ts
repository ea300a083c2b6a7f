import type { Target, VectorKernelSpec } from '@semiforge/codegen';

/**
 * Invocations per workgroup of PageRank's vector kernels. The update writes at most this many partials of each
 * of its two sums (see `vec_reduce`'s grid), so one pass of two workgroups totals them.
 */
export const PAGERANK_WORKGROUP = 256;

/**
 * The kernels PageRank runs besides the product: the f32 sum (the update's partials into the residual and the
 * dangling mass) and the update, plain or `updateFolded` (which adds a fold product's extra pieces itself).
 */
export function pagerankSpecs(target: Target = 'wgsl'): { readonly sum: VectorKernelSpec; readonly update: VectorKernelSpec; readonly updateFolded: VectorKernelSpec } {
  const base = { semiring: 'plus-times', type: 'f32', target, workgroupSize: PAGERANK_WORKGROUP } as const;
  return { sum: { ...base, op: 'vec_reduce' }, update: { ...base, op: 'vec_pagerank_update' }, updateFolded: { ...base, op: 'vec_pagerank_update_folded' } };
}
