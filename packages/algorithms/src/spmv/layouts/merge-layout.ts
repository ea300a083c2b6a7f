import { mergeTile } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { SpmvPlan } from '../spmv.plan.js';
import { matrixValues } from './matrix-values.js';
import { mergePathRows } from './merge-path.js';
import type { SpmvLayout } from './spmv-layout.js';

/**
 * CSR as it is, multiplied along the merge path of its n row ends and nnz nonzeros (csr-merge), with
 * where each tile of the path starts (found here once, not by every product): one dispatch over the
 * tiles, which stores every row and leaves each tile's open row to a carry (row, value: two words), then
 * one over the carries that adds them into y.
 */
export function mergeLayout(csr: Csr, plan: SpmvPlan): SpmvLayout {
  if (!plan.combine) throw new Error('spmv: a csr-merge plan needs its fixup kernel (plan.combine); make plans with planSpmv');
  const nnz = csr.indices.length;
  const tileRows = mergePathRows(csr.indptr, mergeTile(plan.spec));
  const tiles = tileRows.length - 1;
  return {
    arrays: { indptr: csr.indptr, indices: csr.indices, ...matrixValues(csr.weight, nnz, plan, 'spmv matrix weights'), tileRows },
    scratch: { carries: tiles * 8 },
    steps: [
      { spec: plan.spec, params: new Uint32Array([csr.n, nnz, 0, 0]), rows: csr.n + nnz },
      { spec: plan.combine, params: new Uint32Array([csr.n, nnz, tiles, 0]), rows: tiles },
    ],
  };
}
