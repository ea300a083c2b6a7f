import type { KernelSpec } from './kernel-spec.js';
import { familyOf, familyOfOp } from '../families/index.js';
import { normalizeSpec } from './validate-spec.js';
import { hash64, stableStringify } from './stable-hash.js';
import { getSemiring } from '../semiring/registry.js';

export interface KernelIdentity {
  /** The normalised spec. */
  readonly spec: KernelSpec;
  /** Hash of the spec and of the semiring's definition for the spec's target and type. */
  readonly id: string;
  /**
   * Readable and parseable: `fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__<id>`,
   * `spmv_csr_vector__plus_times_f32__acc_mask__r32l8sg__wgsl__<id>`.
   */
  readonly name: string;
}

/** The one function that derives a kernel's id and name from its spec (never assembled by hand elsewhere). */
export function kernelIdentity(input: KernelSpec): KernelIdentity {
  const spec = normalizeSpec(input);
  const s = getSemiring(spec.semiring);
  const semiringText = {
    add: s.expr(spec.target, 'add', spec.type),
    mul: s.expr(spec.target, 'mul', spec.type),
    zero: s.literal(spec.target, s.zero, spec.type),
    one: s.literal(spec.target, s.one, spec.type),
  };
  const id = hash64(stableStringify({ spec, semiringText })).slice(0, 12);
  const name = [spec.op, `${s.id}_${spec.type}`, ...familyOf(spec).nameParts(spec), spec.target, id].join('__');
  return { spec, id, name };
}

const NAME_RE = /^([a-z0-9_]+?)__([a-z0-9_]+)_(f32|i32|u32)__([a-z0-9_]+?)__([a-z0-9]+)__(wgsl|cuda)__([0-9a-f]{12})$/;

/** A kernel name read back: the spec's fields, with the semiring as its snake_case id. */
export type ParsedKernelName = Partial<Omit<KernelSpec, 'semiring'>> &
  Pick<KernelSpec, 'op' | 'type' | 'target'> & { readonly semiringId: string; readonly id: string };

/** Reads a kernel name back into its spec fields (the semiring as its snake_case id). */
export function parseKernelName(name: string): ParsedKernelName | undefined {
  const m = NAME_RE.exec(name);
  const family = m && familyOfOp(m[1]);
  const fields = family?.parseNameParts(m![4], m![5]);
  if (!m || !fields) return undefined;
  return { ...fields, op: m[1] as KernelSpec['op'], semiringId: m[2], type: m[3] as KernelSpec['type'], target: m[6] as KernelSpec['target'], id: m[7] } as ParsedKernelName;
}
