import { numberBindings } from '../render/bindings.js';
import type { SpmvKernelSpec } from '../spec/kernel-spec.js';
import { DEFAULT_STREAM_ITEMS, streamBudget, streamStorageBytes } from '../spec/validate-spmv-stream.js';
import type { OpInfo } from './op-info.js';
import { PARAMS_BINDING } from './op-info.js';

/**
 * `spmv_csr_stream` (CSR-Adaptive) from the CSR op it shares its prelude with: CSR arrays (no values for a
 * pattern), the row blocks (two words a block and a closing pair), one carry a block (row, value bits), x, y,
 * the mask; one workgroup per row block, spilling into grid y past 65535.
 */
export function streamOp(base: OpInfo<SpmvKernelSpec>): OpInfo<SpmvKernelSpec> {
  return {
    ...base,
    bindings: (spec) =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'indptr', kind: 'read-only-storage', element: 'u32' },
        { name: 'indices', kind: 'read-only-storage', element: 'u32' },
        spec.pattern !== true && { name: 'values', kind: 'read-only-storage', element: spec.type },
        { name: 'rowBlocks', kind: 'read-only-storage', element: 'u32' },
        { name: 'carries', kind: 'storage', element: 'u32' },
        { name: 'x', kind: 'read-only-storage', element: spec.type },
        { name: 'y', kind: 'storage', element: spec.type },
        spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
      ]),
    view: (spec) => ({ ...base.view(spec), items: spec.itemsPerThread ?? DEFAULT_STREAM_ITEMS, budget: streamBudget(spec) }),
    workgroupStorageBytes: streamStorageBytes,
    // One workgroup per block: ⌈blocks · ROWS / ROWS⌉ through the row grid, which spills into y.
    grid: (spec, blocks) => base.grid(spec, blocks * spec.rowsPerWorkgroup),
  };
}
