import { allocElements, getSemiring, type ElementArray } from '@semiforge/codegen';
import { toElements } from '../spmv.input.js';
import type { SpmvPlan } from '../spmv.plan.js';

/**
 * A format's stored values in the plan's element type. A pattern matrix (no weights) holds the semiring's
 * one in every stored entry.
 */
export function matrixValues(weight: ArrayLike<number> | null, count: number, plan: SpmvPlan, where: string): ElementArray {
  return weight ? toElements(weight, plan.type, where) : allocElements(plan.type, count).fill(getSemiring(plan.semiring).oneOf(plan.type));
}
