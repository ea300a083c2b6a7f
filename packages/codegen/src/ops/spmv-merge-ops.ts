import { numberBindings } from '../render/bindings.js';
import type { SpmvKernelSpec } from '../spec/kernel-spec.js';
import { DEFAULT_MERGE_ITEMS, mergeStorageBytes, mergeSubgroupSlots, mergeTile } from '../spec/validate-spmv-merge.js';
import { PARAMS_BINDING, type OpInfo } from './op-info.js';

/**
 * `spmv_csr_merge` from the CSR op it shares its prelude and grid with: CSR arrays (no values for a pattern), the rows passed where
 * each tile starts (tiles + 1 words), the carries it writes (row, value bits: two words per tile), x, y, the
 * mask; one workgroup per tile of the n + nnz path items.
 */
export function mergeOp(base: OpInfo<SpmvKernelSpec>): OpInfo<SpmvKernelSpec> {
  return {
    ...base,
    bindings: (spec) =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'indptr', kind: 'read-only-storage', element: 'u32' },
        { name: 'indices', kind: 'read-only-storage', element: 'u32' },
        spec.pattern !== true && { name: 'values', kind: 'read-only-storage', element: spec.type },
        { name: 'tileRows', kind: 'read-only-storage', element: 'u32' },
        { name: 'carries', kind: 'storage', element: 'u32' },
        { name: 'x', kind: 'read-only-storage', element: spec.type },
        { name: 'y', kind: 'storage', element: spec.type },
        spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
      ]),
    view: (spec) => ({
      ...base.view(spec),
      items: spec.itemsPerThread,
      tile: mergeTile(spec),
      stagedWords: mergeTile(spec) + 1,
      subgroupSlots: mergeSubgroupSlots(spec),
      // CUDA's subgroup scan: whole warps, as validated.
      warps: spec.rowsPerWorkgroup / 32,
    }),
    workgroupStorageBytes: mergeStorageBytes,
    // ⌈⌈items / ITEMS⌉ / ROWS⌉ = ⌈items / TILE⌉ workgroups, spilling into grid y like the row grids.
    grid: (spec, items) => base.grid(spec, Math.ceil(items / (spec.itemsPerThread ?? DEFAULT_MERGE_ITEMS))),
  };
}

/** `spmv_merge_fixup`: the carries (read), y, the mask; one invocation per carry. */
export function mergeFixupOp(base: OpInfo<SpmvKernelSpec>): OpInfo<SpmvKernelSpec> {
  return {
    ...base,
    bindings: (spec) =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'carries', kind: 'read-only-storage', element: 'u32' },
        { name: 'y', kind: 'storage', element: spec.type },
        spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
      ]),
    workgroupStorageBytes: () => 0,
  };
}
