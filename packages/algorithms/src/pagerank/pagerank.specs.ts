import type { Target, VectorKernelSpec } from '@semiforge/codegen';

/**
 * Invocations per workgroup of PageRank's vector kernels. The sums' first pass writes at most this many
 * partials (see `vec_reduce`), so their second pass is one workgroup.
 */
export const PAGERANK_WORKGROUP = 256;

/** The kernels PageRank runs besides the product: the f32 sum (Σ Pᵀr, the L1 residual) and the update. */
export function pagerankSpecs(target: Target = 'wgsl'): { readonly sum: VectorKernelSpec; readonly update: VectorKernelSpec } {
  const base = { semiring: 'plus-times', type: 'f32', target, workgroupSize: PAGERANK_WORKGROUP } as const;
  return { sum: { ...base, op: 'vec_reduce' }, update: { ...base, op: 'vec_pagerank_update' } };
}
