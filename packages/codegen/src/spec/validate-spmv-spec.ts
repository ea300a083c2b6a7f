import type { SpmvKernelSpec } from './kernel-spec.js';
import { SpecError, shown } from './spec-error.js';
import { DEFAULT_MERGE_ITEMS, MERGE_OPS, validateMergeSpec } from './validate-spmv-merge.js';
import { DEFAULT_STREAM_ITEMS, validateStreamSpec } from './validate-spmv-stream.js';
import { CUDA_WARP, isPowerOfTwo, MAX_INVOCATIONS } from './spec-limits.js';

/** Largest subgroup WebGPU allows; the device's own minimum is checked where the kernel runs. */
const MAX_SUBGROUP = 128;

/** Ops whose rows are shared by several lanes that combine their results (the others run a row per invocation). */
const LANE_OPS: readonly string[] = ['spmv_csr_vector', 'spmv_fold_combine'];
/** Tallest slice of `spmv_sell`: as many rows as a workgroup's most invocations; taller gains nothing. */
const MAX_SLICE = 1024;

/** The SpMV family's rules; `validateSpec` has checked the fields every kernel has. */
export function validateSpmvSpec(spec: SpmvKernelSpec): void {
  const rows = spec.rowsPerWorkgroup;
  const lanes = spec.lanesPerRow;
  if (!Number.isInteger(rows) || rows < 1) throw new SpecError('rowsPerWorkgroup', `must be a positive integer, got ${shown(rows)}`);
  if (!isPowerOfTwo(lanes)) throw new SpecError('lanesPerRow', `must be a power of two, got ${shown(lanes)}`);
  if (!LANE_OPS.includes(spec.op) && lanes !== 1) {
    throw new SpecError('lanesPerRow', `${spec.op} computes each row in one invocation, so it must be 1, got ${shown(lanes)} (spmv_csr_vector shares rows between lanes)`);
  }
  const perInvocation = spec.rowsPerInvocation === 4 ? 4 : 1;
  if ((rows * lanes) / perInvocation > MAX_INVOCATIONS) {
    const per = perInvocation === 1 ? '' : ` / ${perInvocation} rows an invocation`;
    throw new SpecError('rowsPerWorkgroup', `${rows} rows × ${lanes} lanes${per} = ${(rows * lanes) / perInvocation} invocations exceeds ${MAX_INVOCATIONS}`);
  }
  if (typeof spec.accumulate !== 'boolean') throw new SpecError('accumulate', `must be true or false, got ${shown(spec.accumulate)}`);
  if (typeof spec.masked !== 'boolean') throw new SpecError('masked', `must be true or false, got ${shown(spec.masked)}`);
  if (spec.op === 'spmv_sell') validateSlices(spec);
  validateUnroll(spec);
  validateRowsPerInvocation(spec);
  if (MERGE_OPS.includes(spec.op)) validateMergeSpec(spec);
  if (spec.op === 'spmv_csr_stream') validateStreamSpec(spec);
  validateLdg(spec);
  validateStreamLoads(spec);
  if (spec.pattern !== undefined && typeof spec.pattern !== 'boolean') throw new SpecError('pattern', `must be true or false, got ${shown(spec.pattern)}`);
  if (spec.op === 'spmv_fold_combine' && !spec.accumulate) {
    throw new SpecError('accumulate', 'spmv_fold_combine adds the extra pieces to the y the first step stored, so it must be true');
  }
  if (!LANE_OPS.includes(spec.op)) return;
  const reduction = spec.reduction ?? 'workgroup';
  if (reduction !== 'subgroup' && reduction !== 'workgroup') {
    throw new SpecError('reduction', `must be 'subgroup' or 'workgroup', got '${shown(reduction)}'`);
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
    throw new SpecError('sliceHeight', `spmv_sell needs a power of two from 1 to ${MAX_SLICE} (rows per slice), got ${shown(c)}`);
  }
  for (const flag of ['permuted', 'folded', 'windowed', 'localFold'] as const) {
    if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') throw new SpecError(flag, `must be true or false, got ${shown(spec[flag])}`);
  }
  if (spec.localFold === true) {
    for (const flag of ['permuted', 'folded', 'windowed'] as const) {
      if (spec[flag] === true) throw new SpecError('localFold', `keeps each row's pieces in its own workgroup's window, in place of ${flag}; leave ${flag} out`);
    }
    if (spec.rowsPerInvocation === 4) throw new SpecError('localFold', 'stages one stored row an invocation; leave rowsPerInvocation out');
    if (spec.masked) throw new SpecError('localFold', 'computes every piece of its window, so it takes no mask; use folded for a masked product');
  }
  if (spec.windowed !== true) return;
  if (spec.permuted !== true) throw new SpecError('windowed', 'stages the results of a σ window of permuted rows, so it needs permuted: true');
  if (spec.rowsPerInvocation === 4) throw new SpecError('windowed', 'stages one stored row an invocation; leave rowsPerInvocation out');
}

/** Ops whose rows loop over slots, which `unroll` steps through several at a time. */
const UNROLL_OPS: readonly string[] = ['spmv_ell', 'spmv_sell'];
const MAX_UNROLL = 8;

/** `unroll`: absent, or a power of two up to {@link MAX_UNROLL} on the slot-looping ops (1: the plain loop). */
function validateUnroll(spec: SpmvKernelSpec): void {
  const u = spec.unroll;
  if (u === undefined) return;
  if (!UNROLL_OPS.includes(spec.op)) throw new SpecError('unroll', `only ${UNROLL_OPS.join(' and ')} step through slots; ${spec.op} takes no unroll (got ${shown(u)})`);
  if (!isPowerOfTwo(u) || u > MAX_UNROLL) throw new SpecError('unroll', `must be a power of two from 1 to ${MAX_UNROLL} (slots per loop step), got ${shown(u)}`);
}

/** `rowsPerInvocation`: 1 or 4 on spmv_sell, 4 needing vec4-aligned slices and whole invocations. */
function validateRowsPerInvocation(spec: SpmvKernelSpec): void {
  const r = spec.rowsPerInvocation;
  if (r === undefined || r === 1) return;
  if (spec.op !== 'spmv_sell') throw new SpecError('rowsPerInvocation', `only spmv_sell computes several rows an invocation; ${spec.op} takes 1 (got ${shown(r)})`);
  if (r !== 4) throw new SpecError('rowsPerInvocation', `must be 1 or 4 (rows of one vec4 load), got ${shown(r)}`);
  if ((spec.sliceHeight ?? 0) % 4 !== 0) throw new SpecError('sliceHeight', `4 rows an invocation load vec4s of a slice's slots, so it must be a multiple of 4, got ${shown(spec.sliceHeight)}`);
  if (spec.rowsPerWorkgroup % 4 !== 0) throw new SpecError('rowsPerWorkgroup', `4 rows an invocation need a multiple of 4, got ${shown(spec.rowsPerWorkgroup)}`);
  if (spec.unroll !== undefined && spec.unroll !== 1) throw new SpecError('unroll', `4 rows an invocation step one slot at a time; leave unroll out (got ${shown(spec.unroll)})`);
}

/** `ldg`: absent or a boolean, true only for CUDA (WGSL has no read-only cache loads to ask for). */
function validateLdg(spec: SpmvKernelSpec): void {
  if (spec.ldg === undefined) return;
  if (typeof spec.ldg !== 'boolean') throw new SpecError('ldg', `must be true or false, got ${shown(spec.ldg)}`);
  if (spec.ldg && spec.target !== 'cuda') throw new SpecError('ldg', `read-only cache loads (__ldg) are CUDA's; target '${spec.target}' takes no ldg`);
}

/** `streamLoads`: absent or a boolean, true only for CUDA (WGSL has no cache hints). */
function validateStreamLoads(spec: SpmvKernelSpec): void {
  if (spec.streamLoads === undefined) return;
  if (typeof spec.streamLoads !== 'boolean') throw new SpecError('streamLoads', `must be true or false, got ${shown(spec.streamLoads)}`);
  if (spec.streamLoads && spec.target !== 'cuda') throw new SpecError('streamLoads', `streaming loads (__ldcs) are CUDA's; target '${spec.target}' takes no streamLoads`);
}

/** The second steps, which add partial results into y and read no matrix. */
export const SPMV_SECOND_STEPS: readonly string[] = ['spmv_fold_combine', 'spmv_merge_fixup'];

/** The canonical SpMV spec: `reduction`, `pattern` and the slice fields only where they matter, so equal text gets one id. */
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
    ...(spec.ldg === true ? { ldg: true } : {}),
    // The second steps read no matrix: the flag would only split their ids.
    ...(spec.streamLoads === true && !SPMV_SECOND_STEPS.includes(spec.op) ? { streamLoads: true } : {}),
    ...(spec.pattern === true && !SPMV_SECOND_STEPS.includes(spec.op) ? { pattern: true } : {}),
  };
  if (spec.op === 'spmv_csr_merge') return { ...base, reduction: spec.reduction ?? 'workgroup', itemsPerThread: spec.itemsPerThread ?? DEFAULT_MERGE_ITEMS };
  if (spec.op === 'spmv_csr_stream') return { ...base, itemsPerThread: spec.itemsPerThread ?? DEFAULT_STREAM_ITEMS };
  const unroll = spec.unroll === undefined || spec.unroll === 1 ? {} : { unroll: spec.unroll };
  const quad = spec.rowsPerInvocation === 4 ? { rowsPerInvocation: 4 } : {};
  if (spec.op === 'spmv_sell') return { ...base, sliceHeight: spec.sliceHeight, permuted: spec.permuted ?? false, folded: spec.folded ?? false, ...(spec.windowed === true ? { windowed: true } : {}), ...(spec.localFold === true ? { localFold: true } : {}), ...unroll, ...quad };
  if (spec.op === 'spmv_ell') return { ...base, ...unroll };
  return LANE_OPS.includes(spec.op) ? { ...base, reduction: spec.reduction ?? 'workgroup' } : base;
}
