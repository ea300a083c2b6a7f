import { ellFromCsr, type Csr } from '@semiforge/graph-io';
import type { SpmvPlan } from '../spmv.plan.js';
import { matrixValues } from './matrix-values.js';
import type { SpmvLayout } from './spmv-layout.js';

/** ELL, slot-major (`indices[slot * n + row]`, padding 0xffffffff): one dispatch over the rows. */
export function ellLayout(csr: Csr, plan: SpmvPlan): SpmvLayout {
  const ell = ellFromCsr(csr);
  return {
    arrays: { indices: ell.indices, ...matrixValues(ell.weight, ell.indices.length, plan, 'spmv matrix (ELL slots)') },
    scratch: {},
    steps: [{ spec: plan.spec, params: new Uint32Array([csr.n, ell.width, 0, 0]), rows: csr.n }],
  };
}
