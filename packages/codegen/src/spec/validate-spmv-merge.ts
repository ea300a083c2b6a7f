import { ELEMENT_BYTES } from './element-type.js';
import type { SpmvKernelSpec, SpmvOp } from './kernel-spec.js';
import { SpecError, shown } from './spec-error.js';
import { CUDA_STATIC_SHARED_BYTES, CUDA_WARP } from './spec-limits.js';

/** The merge-path ops: the product over tiles of the path, and the step that adds the tiles' carries. */
export const MERGE_OPS: readonly SpmvOp[] = ['spmv_csr_merge', 'spmv_merge_fixup'];

/** Merge items per invocation when a spec gives none (Merrill & Garland's, and CUB's, choice for 4-byte values). */
export const DEFAULT_MERGE_ITEMS = 7;
const MAX_MERGE_ITEMS = 64;
/** WebGPU's smallest subgroup, so a workgroup of k invocations holds at most ⌈k / 4⌉ subgroups. */
const MIN_SUBGROUP = 4;

/** Items of the merge path one `spmv_csr_merge` workgroup covers. */
export function mergeTile(spec: SpmvKernelSpec): number {
  return spec.rowsPerWorkgroup * (spec.itemsPerThread ?? DEFAULT_MERGE_ITEMS);
}

/** Subgroup summaries `spmv_csr_merge` keeps with the subgroup scan: one per possible subgroup. */
export function mergeSubgroupSlots(spec: SpmvKernelSpec): number {
  return Math.ceil(spec.rowsPerWorkgroup / MIN_SUBGROUP);
}

/**
 * Workgroup memory of `spmv_csr_merge`: the staged row ends and products (tile + 1 words), then for the
 * scan each invocation's open row and two buffers of its ⊕ (workgroup), or each subgroup's first and last
 * open row and ⊕ (subgroup).
 */
export function mergeStorageBytes(spec: SpmvKernelSpec): number {
  const scan = spec.reduction === 'subgroup' ? mergeSubgroupSlots(spec) * (8 + ELEMENT_BYTES) : spec.rowsPerWorkgroup * (4 + 2 * ELEMENT_BYTES);
  return (mergeTile(spec) + 1) * 4 + scan;
}

/** The merge ops' rules, after the family's common ones (lanesPerRow 1, invocations ≤ 1024). */
export function validateMergeSpec(spec: SpmvKernelSpec): void {
  if (spec.op === 'spmv_merge_fixup') {
    if (!spec.accumulate) throw new SpecError('accumulate', 'spmv_merge_fixup adds the carries to the y that spmv_csr_merge stored, so it must be true');
    return;
  }
  const items = spec.itemsPerThread ?? DEFAULT_MERGE_ITEMS;
  if (!Number.isInteger(items) || items < 1 || items > MAX_MERGE_ITEMS) {
    throw new SpecError('itemsPerThread', `must be an integer from 1 to ${MAX_MERGE_ITEMS} (merge items per invocation), got ${shown(items)}`);
  }
  const reduction = spec.reduction ?? 'workgroup';
  if (reduction !== 'subgroup' && reduction !== 'workgroup') {
    throw new SpecError('reduction', `must be 'subgroup' or 'workgroup' (how spmv_csr_merge scans its invocations' open rows), got '${shown(reduction)}'`);
  }
  if (reduction === 'subgroup' && spec.target === 'cuda' && spec.rowsPerWorkgroup % CUDA_WARP !== 0) {
    throw new SpecError('rowsPerWorkgroup', `${spec.rowsPerWorkgroup} threads is not a whole number of ${CUDA_WARP}-thread warps (the warp-shuffle scan needs full warps)`);
  }
  const bytes = mergeStorageBytes(spec);
  if (spec.target === 'cuda' && bytes > CUDA_STATIC_SHARED_BYTES) {
    throw new SpecError(
      'itemsPerThread',
      `${spec.rowsPerWorkgroup} threads × ${items} items need ${bytes} bytes of shared memory, over the ${CUDA_STATIC_SHARED_BYTES} a block may declare statically; use fewer items or threads`,
    );
  }
}
