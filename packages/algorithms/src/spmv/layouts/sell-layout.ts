import { NO_VERTEX, slicedEllFromCsr, windowFoldedEllFromCsr, type Csr } from '@semiforge/graph-io';
import { checkSpmvFits } from '../spmv.limits.js';
import type { SpmvPlan } from '../spmv.plan.js';
import { matrixValues } from './matrix-values.js';
import type { BindingLimits, SpmvLayout } from './spmv-layout.js';

/** Bytes of one element of every element type (f32, i32, u32). */
const ELEMENT = 4;

/**
 * Sliced ELL (sell) and paper 002's Fold method (fold), laid out by graph-io's `slicedEllFromCsr`: one
 * dispatch over the stored rows, then for fold, when some row is folded, one over the folded rows that
 * adds their extra pieces (kept in the scratch `partial`) to y; fold with `localFold` by `windowFoldedEllFromCsr`,
 * one dispatch of a workgroup a window. The padded slots are checked against one binding before they are allocated.
 */
export function sellLayout(csr: Csr, plan: SpmvPlan, limits: BindingLimits): SpmvLayout {
  const { spec, slicing, combine } = plan;
  if (!slicing || spec.sliceHeight === undefined) throw new Error(`spmv: a '${plan.format}' plan needs its slicing and slice height (make it with planSpmv)`);
  if (spec.windowed === true && slicing.sigma !== spec.rowsPerWorkgroup) {
    throw new Error(`spmv: a windowed kernel stages a workgroup's ${spec.rowsPerWorkgroup} rows as one σ window, but the plan's σ is ${slicing.sigma}`);
  }
  if (spec.localFold === true) return localFoldLayout(csr, plan, limits);
  const nnz = csr.indices.length;
  const ell = slicedEllFromCsr(csr, {
    sliceHeight: spec.sliceHeight,
    sigma: slicing.sigma,
    foldWidth: slicing.foldWidth,
    checkSlots: (slots) => checkSpmvFits(limits, { n: csr.n, nnz, format: plan.format, width: 0, slots }),
  });
  const fold = ell.fold !== null && ell.fold.foldedRows.length > 0 ? ell.fold : null;
  if ((fold !== null) !== (spec.folded === true) || (ell.rowIds !== null) !== (spec.permuted === true) || (fold !== null && !combine)) {
    throw new Error(`spmv: the plan's kernel (folded ${spec.folded}, permuted ${spec.permuted}) does not match the matrix it was given; plan with this matrix's rowStats`);
  }
  // Bound as vec4 arrays (4 rows an invocation), the slots need at least one vec4 even when there are none.
  const indices = spec.rowsPerInvocation === 4 && ell.indices.length === 0 ? new Uint32Array(4).fill(NO_VERTEX) : ell.indices;
  return {
    arrays: {
      sliceStart: ell.sliceStart,
      indices,
      ...matrixValues(ell.weight && indices === ell.indices ? ell.weight : null, indices.length, plan, `spmv matrix (${plan.format} slots)`),
      ...(ell.rowIds === null ? {} : { rowIds: ell.rowIds }),
      ...(fold === null ? {} : { foldedRows: fold.foldedRows, extraStart: fold.extraStart }),
    },
    scratch: fold === null ? {} : { partial: (ell.storedRows - csr.n) * ELEMENT },
    steps: [
      { spec, rows: ell.storedRows, params: new Uint32Array([csr.n, 0, ell.storedRows, 0]) },
      ...(fold === null ? [] : [{ spec: combine!, rows: fold.foldedRows.length, params: new Uint32Array([csr.n, 0, fold.foldedRows.length, 0]) }]),
    ],
  };
}

/** fold with `localFold`: each workgroup a window of whole rows' pieces, which it adds up itself (one dispatch). */
function localFoldLayout(csr: Csr, plan: SpmvPlan, limits: BindingLimits): SpmvLayout {
  const { spec, slicing } = plan;
  if (slicing?.foldWidth === undefined || spec.sliceHeight === undefined) throw new Error('spmv: a localFold plan needs its fold width (make it with planSpmv)');
  const nnz = csr.indices.length;
  const ell = windowFoldedEllFromCsr(csr, {
    sliceHeight: spec.sliceHeight,
    windowRows: spec.rowsPerWorkgroup,
    foldWidth: slicing.foldWidth,
    checkSlots: (slots) => checkSpmvFits(limits, { n: csr.n, nnz, format: plan.format, width: 0, slots }),
  });
  const windows = ell.windowStart.length - 1;
  return {
    arrays: {
      sliceStart: ell.sliceStart,
      indices: ell.indices,
      ...matrixValues(ell.weight, ell.indices.length, plan, `spmv matrix (${plan.format} slots)`),
      windowStart: ell.windowStart,
      rowPieces: ell.rowPieces,
    },
    scratch: {},
    // Every window a workgroup, the last one's places past the stored rows idle (a window of empty rows still stores y).
    steps: [{ spec, rows: windows * spec.rowsPerWorkgroup, params: new Uint32Array([csr.n, 0, ell.storedRows, 0]) }],
  };
}
