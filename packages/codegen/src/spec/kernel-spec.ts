import type { ElementType } from './element-type.js';
import type { BfsKernelSpec, BfsOp } from './bfs-spec.js';
import type { VectorKernelSpec, VectorOp } from './vector-spec.js';
import type { SsspKernelSpec, SsspOp } from './sssp-spec.js';

/** Ops of the blocked Floyd-Warshall family (paper 000). */
export type FwOp = 'fw_pivot' | 'fw_panel_row' | 'fw_panel_col' | 'fw_update' | 'fw_plain';

/** Ops of the sparse matrix–vector family (paper 002): y = A ⊗ x (⊕ y), one format each. */
export type SpmvOp = 'spmv_csr_scalar' | 'spmv_csr_vector' | 'spmv_ell' | 'spmv_sell' | 'spmv_fold_combine' | 'spmv_csr_merge' | 'spmv_merge_fixup' | 'spmv_csr_stream';

/** Operations the code generator knows. */
export type KernelOp = FwOp | SpmvOp | VectorOp | BfsOp | SsspOp;

export const FW_KERNEL_OPS: readonly FwOp[] = ['fw_pivot', 'fw_panel_row', 'fw_panel_col', 'fw_update', 'fw_plain'];
export const SPMV_KERNEL_OPS: readonly SpmvOp[] = ['spmv_csr_scalar', 'spmv_csr_vector', 'spmv_ell', 'spmv_sell', 'spmv_fold_combine', 'spmv_csr_merge', 'spmv_merge_fixup', 'spmv_csr_stream'];

export type Layout = 'row-major' | 'bdl';
export type Target = 'wgsl' | 'cuda';

/** Fields every kernel has. */
export interface SpecBase {
  /** Name of a registered semiring (`min-plus`, `plus-times`, `max-min`, `or-and`, or a user's). */
  readonly semiring: string;
  readonly type: ElementType;
  readonly target: Target;
}

/**
 * A blocked Floyd-Warshall kernel.
 *
 * @example
 * const spec: FwKernelSpec = {
 *   op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 64, unroll: 4,
 *   layout: 'row-major', workgroup: [16, 16], target: 'wgsl', successors: false,
 * };
 */
export interface FwKernelSpec extends SpecBase {
  readonly op: FwOp;
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
  /** Also maintain the successor matrix (first hop on a best path) for path reconstruction. */
  readonly successors: boolean;
  /**
   * CUDA, min-plus, i32 only: the products relax with DPX (`__viaddmin_s32`, one VIADDMNMX on sm_90) on
   * values staged without saturation — exact while every finite path length stays within ±(2^28 − 1).
   * The pivot closure and plain FW normalise it away (they keep the saturating ⊗).
   */
  readonly dpx?: boolean;
  /**
   * CUDA `fw_update` only: the kernel places its blocks by `params.skip` and `params.cross` (its Params grows
   * to {n, k0, skip, cross}; 0xFFFFFFFF is none), once at its start, so that one kernel updates every tile
   * (both none; the matrix's grid), every tile off row and column `skip` / TILE (a grid of (N − TILE)²
   * elements), or only the tiles of row and column `cross` / TILE (a grid of (2N − TILE) × TILE elements:
   * the row's tiles, then the column's without the tile they share). `skip` and `cross` are vertex indices,
   * multiples of the tile.
   */
  readonly remap?: boolean;
  /**
   * CUDA `fw_panel_row` only: the same launch also builds the column panel (into `out_col_panel` and
   * `out_col_succ`), its blocks after the row panel's in a one-dimensional grid.
   */
  readonly bothPanels?: boolean;
  /**
   * CUDA `fw_update` in the register-blocked kernel (unroll a multiple of 4), without DPX: copy the panel
   * slices global → shared with `cp.async` (no staging registers, no shared stores) into this many buffers,
   * 2 to 4, each slice issued that many slices minus one ahead of the one relaxed. Absent: the slices pass
   * through registers into two buffers. A variant to measure (`benchmarks/cuda/run.ts --async-stages`).
   */
  readonly asyncStages?: number;
}

/** How the lanes of one row combine their partial results in `spmv_csr_vector` and `spmv_fold_combine`. */
export type SpmvReduction = 'subgroup' | 'workgroup';

/**
 * A sparse matrix–vector product over a semiring: y = A ⊗ x ⊕ y (`accumulate`) or y = A ⊗ x, on the rows
 * whose mask word is non-zero when `masked`. A workgroup handles `rowsPerWorkgroup` rows with `lanesPerRow`
 * invocations each (1 for `spmv_csr_scalar` and `spmv_ell`: one invocation per row).
 *
 * @example
 * const spec: SpmvKernelSpec = {
 *   op: 'spmv_csr_vector', semiring: 'plus-times', type: 'f32', target: 'wgsl',
 *   rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup', accumulate: false, masked: false,
 * };
 */
export interface SpmvKernelSpec extends SpecBase {
  readonly op: SpmvOp;
  /** Rows one workgroup computes. */
  readonly rowsPerWorkgroup: number;
  /** Invocations per row, a power of two (`spmv_csr_vector`, `spmv_fold_combine`; the other ops need 1). */
  readonly lanesPerRow: number;
  /**
   * `spmv_csr_vector` and `spmv_fold_combine` only: `subgroup` reduces with subgroup shuffles (WGSL:
   * needs the device feature `subgroups`, and lanesPerRow ≤ its minimum subgroup size; CUDA: warp
   * shuffles), `workgroup` through workgroup memory (any device). Default `workgroup`. `spmv_csr_merge`
   * scans its invocations' open rows the same two ways (subgroup: any subgroup size, no lane limit).
   */
  readonly reduction?: SpmvReduction;
  /** y = A ⊗ x ⊕ y when true; y = A ⊗ x when false. */
  readonly accumulate: boolean;
  /** Read a per-row u32 mask: rows whose mask is 0 are left as they are. */
  readonly masked: boolean;
  /**
   * The matrix is a pattern (Matrix Market's word): every stored value is the semiring's one, so the kernel binds
   * and reads no values array (a CSR or ELL slot streams its column index alone: 4 bytes a nonzero instead of 8)
   * and a nonzero's term is `ONE ⊗ x[col]` — the same bits as stored ones. Ops that read no values
   * (`spmv_fold_combine`, `spmv_merge_fixup`) normalise it away. Absent: a values array beside the indices.
   */
  readonly pattern?: boolean;
  /**
   * `spmv_sell` only: stored rows per slice C, a power of two (a slice is padded to its longest row and
   * stored slot-major, so C consecutive invocations read consecutive words; C = the subgroup size or a
   * multiple of it keeps a subgroup within one slice).
   */
  readonly sliceHeight?: number;
  /** `spmv_sell` only: stored rows are in another order (σ-sorting) and a `rowIds` array names each one's row. */
  readonly permuted?: boolean;
  /**
   * `spmv_sell` only: the matrix is folded (paper 002's Fold method): stored rows past the matrix's rows
   * are extra pieces of long rows, whose results go to a `partial` array that `spmv_fold_combine` adds to y.
   */
  readonly folded?: boolean;
  /**
   * `spmv_sell` with `permuted` only: each workgroup's rowsPerWorkgroup stored rows are one σ window (the layout's
   * σ equals rowsPerWorkgroup), so the workgroup stages its rows' results in workgroup memory and, after one
   * barrier, stores y in row order — whole 32-byte sectors — instead of one 4-byte store per row at its
   * scattered `rowIds` entry. Absent: each invocation stores its own row.
   */
  readonly windowed?: boolean;
  /**
   * `spmv_sell` only, neither permuted, folded nor windowed: the Fold method within each workgroup. Each workgroup's
   * rowsPerWorkgroup stored rows are the pieces of a run of rows (`windowStart[w]` … `windowStart[w + 1]` − 1), a
   * row's pieces side by side at `rowPieces[row]` (its first piece's place in the window, low 16 bits, and how
   * many, high 16; see graph-io's `windowFoldedEllFromCsr`). The workgroup puts every piece's result in workgroup
   * memory and, after one barrier, invocation i ⊕s row windowStart[w] + i's pieces there and stores y in row
   * order: no row ids, no partial results, no second step. Not masked (every piece is computed).
   */
  readonly localFold?: boolean;
  /**
   * `spmv_csr_merge` only: merge-path items (row ends and nonzeros) per invocation (default 7), so a
   * workgroup covers rowsPerWorkgroup × itemsPerThread items of the path (rowsPerWorkgroup counts its
   * invocations there, not rows). `spmv_csr_stream`: nonzeros per invocation of a row block (default 8), so a
   * block holds at most rowsPerWorkgroup × itemsPerThread nonzeros (rowsPerWorkgroup counts invocations there too).
   */
  readonly itemsPerThread?: number;
  /**
   * `spmv_ell` and `spmv_sell` only: slots a row loads per loop step, 1, 2, 4 or 8 (absent: 1). A step's index
   * and value loads do not wait on one another, so they are in flight together; ⊕ keeps the slot order.
   */
  readonly unroll?: number;
  /**
   * `spmv_sell` only: consecutive stored rows one invocation computes, 1 or 4 (absent: 1). With 4 each slot of
   * them is one 16-byte load of their column indices and one of their values (the slice height and
   * rowsPerWorkgroup must be multiples of 4; a workgroup has rowsPerWorkgroup / 4 invocations).
   */
  readonly rowsPerInvocation?: number;
  /**
   * CUDA only: load the matrix's arrays, x and the mask through the read-only data cache (`__ldg`, paper 001);
   * they are `const __restrict__` either way. Absent: plain loads.
   */
  readonly ldg?: boolean;
  /**
   * CUDA only: load the matrix's column indices and values with evict-first streaming loads (`__ldcs`): each is
   * read once, so they need not push the gathered x out of L1 and L2 (x and the rest load as `ldg` says). Absent:
   * the matrix loads as x does.
   */
  readonly streamLoads?: boolean;
}

/** Everything a kernel's text depends on, as plain serialisable data. One spec → one id → one pipeline. */
export type KernelSpec = FwKernelSpec | SpmvKernelSpec | VectorKernelSpec | BfsKernelSpec | SsspKernelSpec;

/** Whether a spec belongs to the SpMV family. */
export function isSpmvSpec(spec: KernelSpec): spec is SpmvKernelSpec {
  return spec.op.startsWith('spmv_');
}
