import { FW_OPS } from '../ops/fw-ops.js';
import { FW_KERNEL_OPS, type FwKernelSpec } from '../spec/kernel-spec.js';
import { normalizeFwSpec, validateFwSpec } from '../spec/validate-fw-spec.js';
import type { KernelFamily } from './kernel-family.js';

const SHAPE_RE = /^t(\d+)u(\d+)k(\d+)c(\d+)w(\d+)x(\d+)(s?)(d?)(r?)(p?)(?:a(\d+))?$/;

/** Blocked Floyd-Warshall (paper 000): the pivot, panel and update products, and plain FW. */
export const FW_FAMILY: KernelFamily<FwKernelSpec> = {
  ops: FW_KERNEL_OPS,
  opInfo: FW_OPS,
  validate: validateFwSpec,
  normalize: normalizeFwSpec,
  nameParts: (spec) => [
    spec.layout.replace('-', '_'),
    `t${spec.tile}u${spec.unroll}k${spec.kUnroll}c${spec.stage}w${spec.workgroup[0]}x${spec.workgroup[1]}${spec.successors ? 's' : ''}${spec.dpx ? 'd' : ''}${spec.remap ? 'r' : ''}${spec.bothPanels ? 'p' : ''}${spec.asyncStages ? `a${spec.asyncStages}` : ''}`,
  ],
  parseNameParts(mode, shape) {
    const m = SHAPE_RE.exec(shape);
    if (!m || (mode !== 'row_major' && mode !== 'bdl')) return undefined;
    return {
      layout: mode === 'bdl' ? 'bdl' : 'row-major',
      tile: Number(m[1]),
      unroll: Number(m[2]),
      kUnroll: Number(m[3]),
      stage: Number(m[4]),
      workgroup: [Number(m[5]), Number(m[6])],
      successors: m[7] === 's',
      ...(m[8] === 'd' ? { dpx: true } : {}),
      ...(m[9] === 'r' ? { remap: true } : {}),
      ...(m[10] === 'p' ? { bothPanels: true } : {}),
      ...(m[11] !== undefined ? { asyncStages: Number(m[11]) } : {}),
    };
  },
  describe: (spec) => `${spec.layout}, tile ${spec.tile}`,
};
