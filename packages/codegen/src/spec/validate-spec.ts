import { ELEMENT_TYPES } from './element-type.js';
import type { KernelSpec } from './kernel-spec.js';
import { SpecError, shown } from './spec-error.js';
import { familyOf, familyOfOp, KERNEL_OPS } from '../families/index.js';
import { getSemiring } from '../semiring/registry.js';

export { stagingDepth, DEFAULT_STAGE, DEFAULT_K_UNROLL } from './validate-fw-spec.js';

/**
 * Rejects impossible combinations before any text is generated: the fields every kernel has here, then
 * the rules of the spec's family.
 * @throws SpecError naming the parameter and the rule.
 */
export function validateSpec(spec: KernelSpec): void {
  if (!familyOfOp(spec.op)) throw new SpecError('op', `unknown op '${spec.op}' (one of ${KERNEL_OPS.join(', ')})`);
  if (!ELEMENT_TYPES.includes(spec.type)) throw new SpecError('type', `unknown element type '${spec.type}' (one of ${ELEMENT_TYPES.join(', ')})`);
  if (spec.target !== 'wgsl' && spec.target !== 'cuda') throw new SpecError('target', `must be 'wgsl' or 'cuda', got '${shown(spec.target)}'`);
  const semiring = getSemiring(spec.semiring);
  if (!semiring.types.includes(spec.type)) {
    throw new SpecError('type', `semiring '${spec.semiring}' is not defined for ${spec.type} (it supports ${semiring.types.join(', ')})`);
  }
  familyOf(spec).validate(spec);
}

/**
 * The canonical form of a spec: fields an op does not use are set to fixed values, so that specs that
 * give the same text also get the same id.
 */
export function normalizeSpec<S extends KernelSpec>(spec: S): S;
export function normalizeSpec(spec: KernelSpec): KernelSpec {
  validateSpec(spec);
  return familyOf(spec).normalize(spec);
}
