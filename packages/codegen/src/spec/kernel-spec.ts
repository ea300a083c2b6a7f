import type { ElementType } from './element-type.js';

/** Operations the code generator knows. The FW family implements paper 000's blocked Floyd-Warshall. */
export type KernelOp = 'fw_pivot' | 'fw_panel_row' | 'fw_panel_col' | 'fw_update' | 'fw_plain';

export const KERNEL_OPS: readonly KernelOp[] = ['fw_pivot', 'fw_panel_row', 'fw_panel_col', 'fw_update', 'fw_plain'];

export type Layout = 'row-major' | 'bdl';
export type Target = 'wgsl' | 'cuda';

/**
 * Everything a kernel's text depends on, as plain serialisable data. One spec → one id → one pipeline.
 *
 * @example
 * const spec: KernelSpec = {
 *   op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 64, unroll: 4,
 *   layout: 'row-major', workgroup: [16, 16], target: 'wgsl', successors: false,
 * };
 */
export interface KernelSpec {
  readonly op: KernelOp;
  /** Name of a registered semiring (`min-plus`, `plus-times`, `max-min`, `or-and`, or a user's). */
  readonly semiring: string;
  readonly type: ElementType;
  /** Blocked FW tile size t: the pivot block, and the depth of each panel/update product. */
  readonly tile: number;
  /** Results per thread along each axis of the update products (u × u registers, fully unrolled). */
  readonly unroll: number;
  /**
   * Unroll factor of the products' inner k loop (default 4; must divide the staging depth). Ops without
   * that loop normalise it to 1.
   */
  readonly kUnroll?: number;
  /**
   * Depth KC of the A and B slices the products stage in workgroup memory per step (default 8; at most the
   * tile, which must be a multiple of it). Ops without staging normalise it to 1.
   */
  readonly stage?: number;
  /** Where D lives: row-major (method A) or the blocked data layout, one tile contiguous (method B). */
  readonly layout: Layout;
  /** Threads per workgroup [x, y]. */
  readonly workgroup: readonly [number, number];
  readonly target: Target;
  /** Also maintain the successor matrix (first hop on a best path) for path reconstruction. */
  readonly successors: boolean;
}
