import { numberBindings } from '../render/bindings.js';
import { ELEMENT_BYTES } from '../spec/element-type.js';
import type { SpmvKernelSpec, SpmvOp } from '../spec/kernel-spec.js';
import { SPMV_SECOND_STEPS } from '../spec/validate-spmv-spec.js';
import { PARAMS_BINDING, type OpInfo } from './op-info.js';
import { mergeFixupOp, mergeOp } from './spmv-merge-ops.js';
import { streamOp } from './spmv-stream-ops.js';

/** WebGPU's guaranteed `maxComputeWorkgroupsPerDimension`: larger row counts spill into grid y. */
export const MAX_GRID_X = 65535;

const threads = (spec: SpmvKernelSpec) => (spec.rowsPerWorkgroup * spec.lanesPerRow) / (spec.rowsPerInvocation ?? 1);
const QUAD = (spec: SpmvKernelSpec) => spec.rowsPerInvocation === 4;

/** The bindings of a format, in order: its arrays (no values for a pattern), then x, y and the optional mask. */
function spmvBindings(format: 'csr' | 'ell') {
  return (spec: SpmvKernelSpec) =>
    numberBindings([
      PARAMS_BINDING,
      format === 'csr' && { name: 'indptr', kind: 'read-only-storage', element: 'u32' },
      { name: 'indices', kind: 'read-only-storage', element: 'u32' },
      spec.pattern !== true && { name: 'values', kind: 'read-only-storage', element: spec.type },
      { name: 'x', kind: 'read-only-storage', element: spec.type },
      { name: 'y', kind: 'storage', element: spec.type },
      spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
    ]);
}

/**
 * Sliced ELL: slice offsets, slots, x, y, then the row ids (permuted), the windows' rows and each row's pieces
 * (localFold), the partial results (folded), the mask.
 */
function sellBindings(spec: SpmvKernelSpec) {
  return numberBindings([
    PARAMS_BINDING,
    { name: 'sliceStart', kind: 'read-only-storage', element: 'u32' },
    // Four rows an invocation read a slot of theirs as one vec4 (16-byte loads).
    { name: 'indices', kind: 'read-only-storage', element: 'u32', vec4: QUAD(spec) },
    spec.pattern !== true && { name: 'values', kind: 'read-only-storage', element: spec.type, vec4: QUAD(spec) },
    { name: 'x', kind: 'read-only-storage', element: spec.type },
    { name: 'y', kind: 'storage', element: spec.type },
    spec.permuted === true && { name: 'rowIds', kind: 'read-only-storage', element: 'u32' },
    spec.localFold === true && { name: 'windowStart', kind: 'read-only-storage', element: 'u32' },
    spec.localFold === true && { name: 'rowPieces', kind: 'read-only-storage', element: 'u32' },
    spec.folded === true && { name: 'partial', kind: 'storage', element: spec.type },
    spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
  ]);
}

/** The Fold method's second step: the folded rows, where their extra pieces' results start, those results, y, the mask. */
function foldCombineBindings(spec: SpmvKernelSpec) {
  return numberBindings([
    PARAMS_BINDING,
    { name: 'foldedRows', kind: 'read-only-storage', element: 'u32' },
    { name: 'extraStart', kind: 'read-only-storage', element: 'u32' },
    { name: 'partial', kind: 'read-only-storage', element: spec.type },
    { name: 'y', kind: 'storage', element: spec.type },
    spec.masked && { name: 'mask', kind: 'read-only-storage', element: 'u32' },
  ]);
}

const BINDINGS = { csr: spmvBindings('csr'), ell: spmvBindings('ell'), sell: sellBindings, 'fold-combine': foldCombineBindings };

function spmvOp(template: string, format: keyof typeof BINDINGS): OpInfo<SpmvKernelSpec> {
  return {
    template,
    bindings: BINDINGS[format],
    view: (spec) => ({
      rows: spec.rowsPerWorkgroup,
      lanes: spec.lanesPerRow,
      threads: threads(spec),
      subgroup: spec.reduction === 'subgroup',
      accumulate: spec.accumulate,
      masked: spec.masked,
      pattern: spec.pattern === true,
      sliceHeight: spec.sliceHeight,
      permuted: spec.permuted,
      folded: spec.folded,
      windowed: spec.windowed === true,
      localFold: spec.localFold === true,
      // spmv_ell, spmv_sell: the slots of one loop step, and the distance between a row's consecutive slots.
      unroll: spec.unroll,
      unrollLast: (spec.unroll ?? 1) - 1,
      unrollSlots: spec.unroll === undefined ? [] : Array.from({ length: spec.unroll }, (_, k) => k),
      slotStride: spec.op === 'spmv_ell' ? 'params.rows' : 'SLICE',
      // spmv_sell, 4 rows an invocation: the vec4 components of rows k = 0…3, and CUDA's vec4 of the element type.
      quad: QUAD(spec),
      quadRows: ['x', 'y', 'z', 'w'].map((c, k) => ({ k, c })),
      cudaVec4: { f32: 'float4', i32: 'int4', u32: 'uint4' }[spec.type],
      ldg: spec.ldg === true,
      streamLoads: spec.streamLoads === true,
      // The second steps (fold's combine, merge's fixup) read partial results, not the matrix.
      readsMatrix: !SPMV_SECOND_STEPS.includes(spec.op),
    }),
    workgroupStorageBytes: (spec) =>
      ((spec.op === 'spmv_csr_vector' || spec.op === 'spmv_fold_combine') && spec.reduction !== 'subgroup') || spec.windowed === true || spec.localFold === true ? threads(spec) * ELEMENT_BYTES : 0,
    grid: (spec, rows) => {
      const groups = Math.ceil(rows / spec.rowsPerWorkgroup);
      return groups <= MAX_GRID_X ? [Math.max(groups, 1), 1, 1] : [MAX_GRID_X, Math.ceil(groups / MAX_GRID_X), 1];
    },
    workgroupSize: (spec) => [threads(spec), 1],
  };
}

/** The SpMV family (paper 002): y = A ⊗ x (⊕ y) over any semiring, one op per storage format. */
export const SPMV_OPS: Record<SpmvOp, OpInfo<SpmvKernelSpec>> = {
  spmv_csr_scalar: spmvOp('spmv/csr-scalar', 'csr'),
  spmv_csr_vector: spmvOp('spmv/csr-vector', 'csr'),
  spmv_ell: spmvOp('spmv/ell', 'ell'),
  spmv_sell: spmvOp('spmv/sell', 'sell'),
  spmv_fold_combine: spmvOp('spmv/fold-combine', 'fold-combine'),
  spmv_csr_merge: mergeOp(spmvOp('spmv/csr-merge', 'csr')),
  spmv_merge_fixup: mergeFixupOp(spmvOp('spmv/merge-fixup', 'csr')),
  spmv_csr_stream: streamOp(spmvOp('spmv/csr-stream', 'csr')),
};
