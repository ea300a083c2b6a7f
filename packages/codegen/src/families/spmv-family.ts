import { SPMV_OPS } from '../ops/spmv-ops.js';
import { SPMV_KERNEL_OPS, type SpmvKernelSpec } from '../spec/kernel-spec.js';
import { normalizeSpmvSpec, validateSpmvSpec } from '../spec/validate-spmv-spec.js';
import type { KernelFamily } from './kernel-family.js';

// Mode: acc or set, then _mask, then _pattern (no values array).
const MODE_RE = /^(acc|set)(_mask)?(_pattern)?$/;
// Shape: rows r, lanes l, reduction sg|wg; spmv_sell adds its slice height c, then p (permuted), f (folded), w (windowed),
// k (pieces kept in the window: localFold);
// spmv_csr_merge its items per invocation i (spmv_csr_stream its nonzeros per invocation); spmv_ell and spmv_sell their slots per step u; spmv_sell its rows
// per invocation x; a CUDA kernel with read-only cache loads has g, with streaming loads of the matrix s, last.
const SHAPE_RE = /^r(\d+)l(\d+)(sg|wg)?(?:c(\d+)(p?)(f?)(w?)(k?))?(?:i(\d+))?(?:u(\d+))?(?:x(\d+))?(g)?(s)?$/;

/** Sparse matrix–vector products over a semiring (paper 002), one op per storage format. */
export const SPMV_FAMILY: KernelFamily<SpmvKernelSpec> = {
  ops: SPMV_KERNEL_OPS,
  opInfo: SPMV_OPS,
  validate: validateSpmvSpec,
  normalize: normalizeSpmvSpec,
  nameParts(spec) {
    const reduction = spec.reduction === undefined ? '' : spec.reduction === 'subgroup' ? 'sg' : 'wg';
    const slices = spec.sliceHeight === undefined ? '' : `c${spec.sliceHeight}${spec.permuted ? 'p' : ''}${spec.folded ? 'f' : ''}${spec.windowed ? 'w' : ''}${spec.localFold ? 'k' : ''}`;
    const items = spec.itemsPerThread === undefined ? '' : `i${spec.itemsPerThread}`;
    const unroll = spec.unroll === undefined ? '' : `u${spec.unroll}`;
    const quad = spec.rowsPerInvocation === undefined ? '' : `x${spec.rowsPerInvocation}`;
    const ldg = spec.ldg ? 'g' : '';
    const stream = spec.streamLoads ? 's' : '';
    return [`${spec.accumulate ? 'acc' : 'set'}${spec.masked ? '_mask' : ''}${spec.pattern ? '_pattern' : ''}`, `r${spec.rowsPerWorkgroup}l${spec.lanesPerRow}${reduction}${slices}${items}${unroll}${quad}${ldg}${stream}`];
  },
  parseNameParts(mode, shape) {
    const m = MODE_RE.exec(mode);
    const s = SHAPE_RE.exec(shape);
    if (!m || !s) return undefined;
    return {
      accumulate: m[1] === 'acc',
      masked: m[2] !== undefined,
      ...(m[3] === undefined ? {} : { pattern: true }),
      rowsPerWorkgroup: Number(s[1]),
      lanesPerRow: Number(s[2]),
      ...(s[3] === undefined ? {} : { reduction: s[3] === 'sg' ? 'subgroup' : 'workgroup' }),
      ...(s[4] === undefined ? {} : { sliceHeight: Number(s[4]), permuted: s[5] === 'p', folded: s[6] === 'f', ...(s[7] === 'w' ? { windowed: true } : {}), ...(s[8] === 'k' ? { localFold: true } : {}) }),
      ...(s[9] === undefined ? {} : { itemsPerThread: Number(s[9]) }),
      ...(s[10] === undefined ? {} : { unroll: Number(s[10]) }),
      ...(s[11] === undefined ? {} : { rowsPerInvocation: Number(s[11]) }),
      ...(s[12] === undefined ? {} : { ldg: true }),
      ...(s[13] === undefined ? {} : { streamLoads: true }),
    };
  },
  describe(spec) {
    const mode = `${spec.accumulate ? 'y = A ⊗ x ⊕ y' : 'y = A ⊗ x'}${spec.masked ? ', masked' : ''}${spec.pattern ? ', pattern matrix (every value one)' : ''}`;
    const slices =
      spec.sliceHeight === undefined ? '' : `, slices of ${spec.sliceHeight} rows${spec.permuted ? ', rows permuted' : ''}${spec.folded ? ', long rows folded' : ''}${spec.windowed ? ', y stored a window at a time' : ''}${spec.localFold ? ', long rows folded within their window, y stored a window at a time' : ''}`;
    const items = spec.itemsPerThread === undefined ? '' : `, ${spec.itemsPerThread} ${spec.op === 'spmv_csr_stream' ? 'nonzeros of a row block' : 'merge-path items'} an invocation`;
    const unroll = spec.unroll === undefined ? '' : `, ${spec.unroll} slots a loop step`;
    const quad = spec.rowsPerInvocation === undefined ? '' : `, ${spec.rowsPerInvocation} rows an invocation (vec4 loads)`;
    const ldg = spec.ldg ? ', read-only cache loads' : '';
    const stream = spec.streamLoads ? ', streaming loads of the matrix' : '';
    return `${mode}, ${spec.rowsPerWorkgroup} rows × ${spec.lanesPerRow} lanes a workgroup${spec.reduction ? `, ${spec.reduction} reduction` : ''}${slices}${items}${unroll}${quad}${ldg}${stream}`;
  },
};
