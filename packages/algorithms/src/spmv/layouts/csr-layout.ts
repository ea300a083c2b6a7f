import type { Csr } from '@semiforge/graph-io';
import type { SpmvPlan } from '../spmv.plan.js';
import { matrixValues } from './matrix-values.js';
import type { SpmvLayout } from './spmv-layout.js';

/** CSR as it is (csr-scalar, csr-vector): one dispatch over the rows. */
export function csrLayout(csr: Csr, plan: SpmvPlan): SpmvLayout {
  return {
    arrays: { indptr: csr.indptr, indices: csr.indices, ...matrixValues(csr.weight, csr.indices.length, plan, 'spmv matrix weights') },
    scratch: {},
    steps: [{ spec: plan.spec, params: new Uint32Array([csr.n, 0, 0, 0]), rows: csr.n }],
  };
}
