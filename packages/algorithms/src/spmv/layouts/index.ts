import type { Csr } from '@semiforge/graph-io';
import type { SpmvFormat, SpmvPlan } from '../spmv.plan.js';
import { csrLayout } from './csr-layout.js';
import { ellLayout } from './ell-layout.js';
import { mergeLayout } from './merge-layout.js';
import { sellLayout } from './sell-layout.js';
import { streamLayout } from './stream-layout.js';
import type { BindingLimits, SpmvLayout } from './spmv-layout.js';

export type { BindingLimits, SpmvLayout, SpmvStep } from './spmv-layout.js';

/** How each format lays a CSR matrix out; a new format adds its file and one entry here. */
const LAYOUTS: Record<SpmvFormat, (csr: Csr, plan: SpmvPlan, limits: BindingLimits) => SpmvLayout> = {
  'csr-scalar': csrLayout,
  'csr-vector': csrLayout,
  ell: ellLayout,
  'csr-merge': mergeLayout,
  sell: sellLayout,
  fold: sellLayout,
  'csr-stream': streamLayout,
};

/**
 * The matrix in the plan's format: arrays to upload, scratch, and the dispatches of one product. Padded
 * formats whose size is known only while they are built (sell, fold) check it against `limits` first.
 */
export function layoutFor(csr: Csr, plan: SpmvPlan, limits: BindingLimits): SpmvLayout {
  return LAYOUTS[plan.format](csr, plan, limits);
}
