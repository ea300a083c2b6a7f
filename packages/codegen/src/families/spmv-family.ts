import { SPMV_OPS } from '../ops/spmv-ops.js';
import { SPMV_KERNEL_OPS, type SpmvKernelSpec } from '../spec/kernel-spec.js';
import { normalizeSpmvSpec, validateSpmvSpec } from '../spec/validate-spmv-spec.js';
import type { KernelFamily } from './kernel-family.js';

const MODE_RE = /^(acc|set)(_mask)?$/;
const SHAPE_RE = /^r(\d+)l(\d+)(sg|wg)?$/;

/** Sparse matrix–vector products over a semiring (paper 002), one op per storage format. */
export const SPMV_FAMILY: KernelFamily<SpmvKernelSpec> = {
  ops: SPMV_KERNEL_OPS,
  opInfo: SPMV_OPS,
  validate: validateSpmvSpec,
  normalize: normalizeSpmvSpec,
  nameParts(spec) {
    const reduction = spec.reduction === undefined ? '' : spec.reduction === 'subgroup' ? 'sg' : 'wg';
    return [`${spec.accumulate ? 'acc' : 'set'}${spec.masked ? '_mask' : ''}`, `r${spec.rowsPerWorkgroup}l${spec.lanesPerRow}${reduction}`];
  },
  parseNameParts(mode, shape) {
    const m = MODE_RE.exec(mode);
    const s = SHAPE_RE.exec(shape);
    if (!m || !s) return undefined;
    return {
      accumulate: m[1] === 'acc',
      masked: m[2] !== undefined,
      rowsPerWorkgroup: Number(s[1]),
      lanesPerRow: Number(s[2]),
      ...(s[3] === undefined ? {} : { reduction: s[3] === 'sg' ? 'subgroup' : 'workgroup' }),
    };
  },
  describe(spec) {
    const mode = `${spec.accumulate ? 'y = A ⊗ x ⊕ y' : 'y = A ⊗ x'}${spec.masked ? ', masked' : ''}`;
    return `${mode}, ${spec.rowsPerWorkgroup} rows × ${spec.lanesPerRow} lanes a workgroup${spec.reduction ? `, ${spec.reduction} reduction` : ''}`;
  },
};
