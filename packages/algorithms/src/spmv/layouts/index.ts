import type { Csr } from '@semiforge/graph-io';
import type { SpmvFormat, SpmvPlan } from '../spmv.plan.js';
import { csrLayout } from './csr-layout.js';
import { ellLayout } from './ell-layout.js';
import type { SpmvLayout } from './spmv-layout.js';

export type { SpmvLayout, SpmvStep } from './spmv-layout.js';

/** How each format lays a CSR matrix out; a new format adds its file and one entry here. */
const LAYOUTS: Record<SpmvFormat, (csr: Csr, plan: SpmvPlan) => SpmvLayout> = {
  'csr-scalar': csrLayout,
  'csr-vector': csrLayout,
  ell: ellLayout,
};

/** The matrix in the plan's format: arrays to upload, scratch, and the dispatches of one product. */
export function layoutFor(csr: Csr, plan: SpmvPlan): SpmvLayout {
  return LAYOUTS[plan.format](csr, plan);
}
