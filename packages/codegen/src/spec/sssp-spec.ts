import type { SpecBase } from './kernel-spec.js';

/**
 * Ops of the single-source shortest path family. `sssp_edges`: paper 001's Bellman-Ford pass over a COO
 * edge list; `sssp_frontier`: relaxes the CSR arcs of the frontier's vertices below a threshold (frontier
 * Bellman-Ford with the threshold at ∞, near-far otherwise); `sssp_advance`: one invocation that moves the
 * near-far threshold and notices the end; `sssp_parents`: a tight-edge pass that picks parents once the
 * distances have converged.
 */
export type SsspOp = 'sssp_edges' | 'sssp_frontier' | 'sssp_advance' | 'sssp_parents';

export const SSSP_KERNEL_OPS: readonly SsspOp[] = ['sssp_edges', 'sssp_frontier', 'sssp_advance', 'sssp_parents'];

/**
 * How `sssp_edges` reads distances while other invocations lower them with atomicMin (WGSL cannot bind one
 * buffer both read-only and writable in a dispatch): `atomic` reads the live array with atomicLoad (each
 * relaxation sees the newest values, so fewer passes), `snapshot` reads a read-only copy refreshed before
 * each pass (plain cacheable loads, as paper 001's texture-cache alias, but Jacobi-style passes).
 */
export type SsspReads = 'atomic' | 'snapshot';

/**
 * A kernel of the SSSP family. Distances live as order-preserving u32 keys (u32 weights: the value; f32:
 * the sign-flip encoding, so that negative distances order correctly too) lowered with atomicMin, which is
 * min-plus's ⊕: the semiring is `min-plus`, the type (of the weights) `f32` or `u32`.
 *
 * @example
 * const spec: SsspKernelSpec = {
 *   op: 'sssp_edges', semiring: 'min-plus', type: 'f32', target: 'wgsl',
 *   workgroupSize: 256, symmetric: true, reads: 'atomic',
 * };
 */
export interface SsspKernelSpec extends SpecBase {
  readonly op: SsspOp;
  /** Invocations per workgroup, a power of two up to 1024 (`sssp_advance` normalises it to 1). */
  readonly workgroupSize: number;
  /** `sssp_edges`, `sssp_parents`: each stored pair is an undirected edge, relaxed both ways. Must be false for the others. */
  readonly symmetric: boolean;
  /** `sssp_edges` only (default `atomic`). */
  readonly reads?: SsspReads;
  /** `sssp_frontier` only: invocations sharing one queue item's arcs, a power of two ≤ workgroupSize (default 1). */
  readonly lanesPerVertex?: number;
  /**
   * `sssp_frontier` only: a queued vertex's arcs are cut into chunks of this many, each its own queue item, so
   * that a hub's arcs spread over many invocations (a power of two ≥ lanesPerVertex; default 256).
   */
  readonly chunk?: number;
}
