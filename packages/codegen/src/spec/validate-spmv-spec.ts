import type { SpmvKernelSpec } from './kernel-spec.js';
import { SpecError } from './spec-error.js';
import { DEFAULT_MERGE_ITEMS, MERGE_OPS, validateMergeSpec } from './validate-spmv-merge.js';

const MAX_INVOCATIONS = 1024;
/** Largest subgroup WebGPU allows; the device's own minimum is checked where the kernel runs. */
const MAX_SUBGROUP = 128;
const CUDA_WARP = 32;

const isPowerOfTwo = (v: number) => Number.isInteger(v) && v >= 1 && (v & (v - 1)) === 0;
/** Ops whose rows are shared by several lanes that combine their results (the others run a row per invocation). */
const LANE_OPS: readonly string[] = ['spmv_csr_vector', 'spmv_fold_combine'];
/** Tallest slice of `spmv_sell`: as many rows as a workgroup's most invocations; taller gains nothing. */
const MAX_SLICE = 1024;

/** The SpMV family's rules; `validateSpec` has checked the fields every kernel has. */
export function validateSpmvSpec(spec: SpmvKernelSpec): void {
  const rows = spec.rowsPerWorkgroup;
  const lanes = spec.lanesPerRow;
  if (!Number.isInteger(rows) || rows < 1) throw new SpecError('rowsPerWorkgroup', `must be a positive integer, got ${rows}`);
  if (!isPowerOfTwo(lanes)) throw new SpecError('lanesPerRow', `must be a power of two, got ${lanes}`);
  if (!LANE_OPS.includes(spec.op) && lanes !== 1) {
    throw new SpecError('lanesPerRow', `${spec.op} computes each row in one invocation, so it must be 1, got ${lanes} (spmv_csr_vector shares rows between lanes)`);
  }
  if (rows * lanes > MAX_INVOCATIONS) {
    throw new SpecError('rowsPerWorkgroup', `${rows} rows × ${lanes} lanes = ${rows * lanes} invocations exceeds ${MAX_INVOCATIONS}`);
  }
  if (typeof spec.accumulate !== 'boolean') throw new SpecError('accumulate', `must be true or false, got ${String(spec.accumulate)}`);
  if (typeof spec.masked !== 'boolean') throw new SpecError('masked', `must be true or false, got ${String(spec.masked)}`);
  if (spec.op === 'spmv_sell') validateSlices(spec);
  if (MERGE_OPS.includes(spec.op)) validateMergeSpec(spec);
  if (spec.op === 'spmv_fold_combine' && !spec.accumulate) {
    throw new SpecError('accumulate', 'spmv_fold_combine adds the extra pieces to the y the first step stored, so it must be true');
  }
  if (!LANE_OPS.includes(spec.op)) return;
  const reduction = spec.reduction ?? 'workgroup';
  if (reduction !== 'subgroup' && reduction !== 'workgroup') {
    throw new SpecError('reduction', `must be 'subgroup' or 'workgroup', got '${String(reduction)}'`);
  }
  if (reduction !== 'subgroup') return;
  if (spec.target === 'cuda') {
    if (lanes > CUDA_WARP) throw new SpecError('lanesPerRow', `${lanes} lanes do not fit in one ${CUDA_WARP}-thread warp for the subgroup reduction`);
    if ((rows * lanes) % CUDA_WARP !== 0) {
      throw new SpecError('rowsPerWorkgroup', `${rows} rows × ${lanes} lanes = ${rows * lanes} threads is not a whole number of ${CUDA_WARP}-thread warps (warp shuffles need full warps)`);
    }
  } else if (lanes > MAX_SUBGROUP) {
    throw new SpecError('lanesPerRow', `${lanes} lanes exceed the largest subgroup WebGPU allows (${MAX_SUBGROUP}); use reduction 'workgroup'`);
  }
}

/** `spmv_sell`: a power-of-two slice height and boolean flags. */
function validateSlices(spec: SpmvKernelSpec): void {
  const c = spec.sliceHeight;
  if (c === undefined || !isPowerOfTwo(c) || c > MAX_SLICE) {
    throw new SpecError('sliceHeight', `spmv_sell needs a power of two from 1 to ${MAX_SLICE} (rows per slice), got ${String(c)}`);
  }
  for (const flag of ['permuted', 'folded'] as const) {
    if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') throw new SpecError(flag, `must be true or false, got ${String(spec[flag])}`);
  }
}

/** The canonical SpMV spec: `reduction` and the slice fields only where they matter, so equal text gets one id. */
export function normalizeSpmvSpec(spec: SpmvKernelSpec): SpmvKernelSpec {
  const base: SpmvKernelSpec = {
    op: spec.op,
    semiring: spec.semiring,
    type: spec.type,
    target: spec.target,
    rowsPerWorkgroup: spec.rowsPerWorkgroup,
    lanesPerRow: spec.lanesPerRow,
    accumulate: spec.accumulate,
    masked: spec.masked,
  };
  if (spec.op === 'spmv_csr_merge') return { ...base, reduction: spec.reduction ?? 'workgroup', itemsPerThread: spec.itemsPerThread ?? DEFAULT_MERGE_ITEMS };
  if (spec.op === 'spmv_sell') return { ...base, sliceHeight: spec.sliceHeight, permuted: spec.permuted ?? false, folded: spec.folded ?? false };
  return LANE_OPS.includes(spec.op) ? { ...base, reduction: spec.reduction ?? 'workgroup' } : base;
}
