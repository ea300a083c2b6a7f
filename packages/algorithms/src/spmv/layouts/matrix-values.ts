import { allocElements, getSemiring, type ElementArray } from '@semiforge/codegen';
import { toElements } from '../spmv.input.js';
import type { SpmvPlan } from '../spmv.plan.js';

/**
 * A format's stored values by buffer name: none for a pattern plan (its kernels read none: every value is the
 * semiring's one), else the weights in the plan's element type, or the semiring's one in every slot when there
 * are none (sell's vec4 stand-in for an empty matrix).
 */
export function matrixValues(weight: ArrayLike<number> | null, count: number, plan: SpmvPlan, where: string): { values?: ElementArray } {
  if (plan.spec.pattern) {
    if (weight) throw new Error(`spmv: ${where}: the plan is a pattern's (no values) but the matrix has weights; plan with this matrix`);
    return {};
  }
  return { values: weight ? toElements(weight, plan.type, where) : allocElements(plan.type, count).fill(getSemiring(plan.semiring).oneOf(plan.type)) };
}
