import type { OpInfo } from '../ops/op-info.js';
import type { KernelSpec } from '../spec/kernel-spec.js';

/**
 * Everything codegen needs to know about one family of kernels (FW, SpMV, …), so that adding a family is
 * one file here plus one line in `families/index.ts`, not a branch in every function that reads a spec.
 *
 * A kernel's name is `op__semiring_type__mode__shape__target__id`; the family owns the `mode` and `shape`
 * parts and must be able to read them back.
 */
export interface KernelFamily<S extends KernelSpec = KernelSpec> {
  /** The family's ops, each a distinct `spec.op` (prefixed by the family, e.g. `spmv_`). */
  readonly ops: readonly S['op'][];
  /** How to generate each op. */
  readonly opInfo: Readonly<Record<S['op'], OpInfo<S>>>;
  /** The family's rules; the fields every kernel has are already checked. Throws a `SpecError`. */
  validate(spec: S): void;
  /** The canonical spec: unused fields fixed, so that equal text gets one id. Called after `validate`. */
  normalize(spec: S): S;
  /** The `mode` and `shape` parts of the kernel name ([a-z0-9_] only, no `__`). */
  nameParts(spec: S): [mode: string, shape: string];
  /** The fields `nameParts` encodes, read back; undefined when the parts are not this family's. */
  parseNameParts(mode: string, shape: string): Partial<S> | undefined;
  /** The shape in words, for the catalog's doc comments. */
  describe(spec: S): string;
}
