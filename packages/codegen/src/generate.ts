import { declareBindings, type KernelBinding } from './render/bindings.js';
import { renderTemplate } from './render/templates.js';
import { opInfo } from './ops/index.js';
import { CONSTANTS } from './semiring/constants.js';
import { getSemiring } from './semiring/registry.js';
import { CUDA_TYPE } from './spec/element-type.js';
import { kernelIdentity } from './spec/kernel-id.js';
import type { KernelSpec, Target } from './spec/kernel-spec.js';
import { stableStringify } from './spec/stable-hash.js';

/** A kernel ready to compile: what the runtime needs, and the spec it came from. */
export interface GeneratedKernel {
  readonly id: string;
  readonly name: string;
  readonly spec: KernelSpec;
  readonly target: Target;
  readonly source: string;
  readonly entryPoint: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly bindings: readonly KernelBinding[];
  readonly workgroupStorageBytes: number;
}

const EXT: Record<Target, string> = { wgsl: 'wgsl', cuda: 'cu' };
const cache = new Map<string, GeneratedKernel>();

/**
 * Generates a kernel's source from its spec; the same spec always yields the same bytes.
 *
 * @example
 * const k = generateKernel({ op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 64, unroll: 4,
 *   layout: 'row-major', workgroup: [16, 16], target: 'wgsl', successors: false });
 * k.name; // 'fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__…'
 */
export function generateKernel(input: KernelSpec): GeneratedKernel {
  const { spec, id, name } = kernelIdentity(input);
  const hit = cache.get(id);
  if (hit) return hit;
  const op = opInfo(spec);
  const s = getSemiring(spec.semiring);
  const t = spec.target;
  const bindings = op.bindings(spec);
  const entryPoint = spec.op;
  const view = {
    ...op.view(spec),
    kernelName: name,
    template: `${op.template}.${EXT[t]}.hbs`,
    specJson: stableStringify(spec),
    semiring: { name: s.name, description: s.description },
    entryPoint,
    type: spec.type,
    cudaType: CUDA_TYPE[spec.type],
    inf: CONSTANTS[spec.type][t].INF,
    negInf: CONSTANTS[spec.type][t].NEG_INF,
    zero: s.literal(t, s.zero, spec.type),
    one: s.literal(t, s.one, spec.type),
    add: s.expr(t, 'add', spec.type),
    mul: s.expr(t, 'mul', spec.type),
    bindings: t === 'wgsl' ? declareBindings(t, bindings) : '',
    params: t === 'cuda' ? declareBindings(t, bindings) : '',
  };
  const kernel: GeneratedKernel = {
    id,
    name,
    spec,
    target: t,
    source: renderTemplate(t, op.template, view),
    entryPoint,
    workgroupSize: [...op.workgroupSize(spec), 1],
    bindings,
    workgroupStorageBytes: op.workgroupStorageBytes(spec),
  };
  cache.set(id, kernel);
  return kernel;
}

/** Workgroups to dispatch for a kernel: FW over a padded matrix of order n, SpMV over n rows. */
export function dispatchGrid(spec: KernelSpec, n: number): [number, number, number] {
  return opInfo(spec).grid(spec, n);
}
