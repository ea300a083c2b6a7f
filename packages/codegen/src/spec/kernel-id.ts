import { isSpmvSpec, type FwKernelSpec, type KernelSpec, type SpmvKernelSpec } from './kernel-spec.js';
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

/** The family-specific middle of a name: FW layout and shape, or SpMV mode and shape. */
function nameParts(spec: KernelSpec): [string, string] {
  if (isSpmvSpec(spec)) {
    const mode = `${spec.accumulate ? 'acc' : 'set'}${spec.masked ? '_mask' : ''}`;
    const reduction = spec.reduction === undefined ? '' : spec.reduction === 'subgroup' ? 'sg' : 'wg';
    return [mode, `r${spec.rowsPerWorkgroup}l${spec.lanesPerRow}${reduction}`];
  }
  const shape = `t${spec.tile}u${spec.unroll}k${spec.kUnroll}c${spec.stage}w${spec.workgroup[0]}x${spec.workgroup[1]}${spec.successors ? 's' : ''}`;
  return [spec.layout.replace('-', '_'), shape];
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
  const name = [spec.op, `${s.id}_${spec.type}`, ...nameParts(spec), spec.target, id].join('__');
  return { spec, id, name };
}

const FW_NAME_RE = /^(fw_[a-z_]+?)__([a-z0-9_]+)_(f32|i32|u32)__(row_major|bdl)__t(\d+)u(\d+)k(\d+)c(\d+)w(\d+)x(\d+)(s?)__(wgsl|cuda)__([0-9a-f]{12})$/;
const SPMV_NAME_RE = /^(spmv_[a-z_]+?)__([a-z0-9_]+)_(f32|i32|u32)__(acc|set)(_mask)?__r(\d+)l(\d+)(sg|wg)?__(wgsl|cuda)__([0-9a-f]{12})$/;

type Parsed<S extends KernelSpec> = Omit<S, 'semiring'> & { semiringId: string; id: string };

/** Reads a kernel name back into its spec fields (the semiring as its snake_case id). */
export function parseKernelName(name: string): Parsed<FwKernelSpec> | Parsed<SpmvKernelSpec> | undefined {
  const s = SPMV_NAME_RE.exec(name);
  if (s) {
    return {
      op: s[1] as SpmvKernelSpec['op'],
      semiringId: s[2],
      type: s[3] as KernelSpec['type'],
      accumulate: s[4] === 'acc',
      masked: s[5] !== undefined,
      rowsPerWorkgroup: Number(s[6]),
      lanesPerRow: Number(s[7]),
      ...(s[8] === undefined ? {} : { reduction: s[8] === 'sg' ? 'subgroup' : 'workgroup' }),
      target: s[9] as KernelSpec['target'],
      id: s[10],
    };
  }
  const m = FW_NAME_RE.exec(name);
  if (!m) return undefined;
  return {
    op: m[1] as FwKernelSpec['op'],
    semiringId: m[2],
    type: m[3] as KernelSpec['type'],
    layout: m[4] === 'bdl' ? 'bdl' : 'row-major',
    tile: Number(m[5]),
    unroll: Number(m[6]),
    kUnroll: Number(m[7]),
    stage: Number(m[8]),
    workgroup: [Number(m[9]), Number(m[10])],
    successors: m[11] === 's',
    target: m[12] as KernelSpec['target'],
    id: m[13],
  };
}
