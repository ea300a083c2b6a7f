import type { KernelSpec } from './kernel-spec.js';
import { normalizeSpec } from './validate-spec.js';
import { hash64, stableStringify } from './stable-hash.js';
import { getSemiring } from '../semiring/registry.js';

export interface KernelIdentity {
  /** The normalised spec. */
  readonly spec: KernelSpec;
  /** Hash of the spec and of the semiring's definition for the spec's target and type. */
  readonly id: string;
  /** Readable and parseable: `fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__<id>`. */
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
  const shape = `t${spec.tile}u${spec.unroll}k${spec.kUnroll}c${spec.stage}w${spec.workgroup[0]}x${spec.workgroup[1]}${spec.successors ? 's' : ''}`;
  const name = [spec.op, `${s.id}_${spec.type}`, spec.layout.replace('-', '_'), shape, spec.target, id].join('__');
  return { spec, id, name };
}

const NAME_RE = /^(fw_[a-z_]+?)__([a-z0-9_]+)_(f32|i32|u32)__(row_major|bdl)__t(\d+)u(\d+)k(\d+)c(\d+)w(\d+)x(\d+)(s?)__(wgsl|cuda)__([0-9a-f]{12})$/;

/** Reads a kernel name back into its spec fields (the semiring as its snake_case id). */
export function parseKernelName(name: string): (Omit<KernelSpec, 'semiring'> & { semiringId: string; id: string }) | undefined {
  const m = NAME_RE.exec(name);
  if (!m) return undefined;
  return {
    op: m[1] as KernelSpec['op'],
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
