import { streamBudget } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { SpmvPlan } from '../spmv.plan.js';
import { matrixValues } from './matrix-values.js';
import { ROW_BLOCK_CARRY, streamRowBlocks } from './row-blocks.js';
import type { SpmvLayout } from './spmv-layout.js';

/**
 * CSR as it is, multiplied by row blocks (csr-stream, CSR-Adaptive): the blocks found here once
 * (`streamRowBlocks`: at most a workgroup's budget of nonzeros and one row an invocation), one dispatch over
 * them that stores every row and leaves the later pieces of rows longer than a block to carries (row, value:
 * two words a block), then, only when some row was cut, merge's fixup over the carries, which adds them into y.
 */
export function streamLayout(csr: Csr, plan: SpmvPlan): SpmvLayout {
  if (!plan.combine) throw new Error('spmv: a csr-stream plan needs its fixup kernel (plan.combine); make plans with planSpmv');
  const nnz = csr.indices.length;
  const rowBlocks = streamRowBlocks(csr.indptr, streamBudget(plan.spec), plan.spec.rowsPerWorkgroup);
  const blocks = rowBlocks.length / 2 - 1;
  let cut = false;
  for (let b = 0; b < blocks && !cut; b++) cut = (rowBlocks[2 * b] & ROW_BLOCK_CARRY) !== 0;
  return {
    arrays: { indptr: csr.indptr, indices: csr.indices, ...matrixValues(csr.weight, nnz, plan, 'spmv matrix weights'), rowBlocks },
    scratch: { carries: blocks * 8 },
    steps: [
      { spec: plan.spec, params: new Uint32Array([csr.n, nnz, blocks, 0]), rows: blocks },
      ...(cut ? [{ spec: plan.combine, params: new Uint32Array([csr.n, nnz, blocks, 0]), rows: blocks }] : []),
    ],
  };
}
