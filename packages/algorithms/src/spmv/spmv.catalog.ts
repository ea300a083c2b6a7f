import type { SpmvKernelSpec, VectorKernelSpec } from '@semiforge/codegen';
import { planSpmv, type RowStats, type SpmvKernelOptions } from './spmv.plan.js';
import { gatherSpec } from './spmv.reorder.js';

/** Statistics play no part when format and lanes are given. */
const ANY_ROWS: RowStats = { n: 0, arcs: 0, mean: 0, max: 0, paddingRatio: 1 };

/**
 * The SpMV kernels generated ahead of time (`nx run codegen`), as `planSpmv` makes them: every format for
 * each shipped semiring in its default type (y = A ⊗ x, 256 invocations a workgroup), the vector kernel
 * with the subgroup reduction at 8, 16 and 32 lanes (lavapipe's subgroups hold 8, NVIDIA's 32), and the
 * CUDA twins for plus-times. Anything else (accumulate, masks, other shapes) is generated at run time.
 */
const SEMIRINGS = ['plus-times', 'min-plus', 'max-min', 'or-and'];
const SHAPES: SpmvKernelOptions[] = [
  { format: 'csr-scalar' },
  { format: 'ell' },
  { format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 8 },
  { format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 16 },
  { format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 32 },
];
const CUDA: SpmvKernelOptions[] = [SHAPES[0], SHAPES[1], SHAPES[4]].map((s) => ({ ...s, semiring: 'plus-times', target: 'cuda' }));

/**
 * Sliced ELL and Fold for plus-times in WGSL and CUDA, as planned for even rows (sell, rows unsorted) and
 * for uneven ones (sell σ-sorted; fold σ-sorted and folded, with its second step at 32 lanes).
 */
const UNEVEN_ROWS: RowStats = { n: 0, arcs: 1, mean: 1, max: 2 ** 20, paddingRatio: Infinity };
const SLICED = (['wgsl', 'cuda'] as const).flatMap((target) =>
  [
    planSpmv({ format: 'sell', target }, ANY_ROWS, { available: true, minSize: 32 }),
    planSpmv({ format: 'sell', target }, UNEVEN_ROWS, { available: true, minSize: 32 }),
    planSpmv({ format: 'fold', target }, UNEVEN_ROWS, { available: true, minSize: 32 }),
  ].flatMap((plan) => (plan.combine ? [plan.spec, plan.combine] : [plan.spec])),
);

/** Merge-path CSR (the product and its fixup) for each shipped semiring, and its CUDA twins for plus-times. */
const MERGE = [...SEMIRINGS.map((semiring) => ({ semiring })), { semiring: 'plus-times', target: 'cuda' as const }].flatMap((options) => {
  const plan = planSpmv({ ...options, format: 'csr-merge' }, ANY_ROWS, { available: true, minSize: 32 });
  return [plan.spec, plan.combine!];
});

/**
 * Row-block CSR (csr-stream, CSR-Adaptive) for each shipped semiring, and its CUDA twin for plus-times: the product
 * alone, since its fixup is merge's (the same spec, listed above).
 */
const STREAM = [...SEMIRINGS.map((semiring) => ({ semiring })), { semiring: 'plus-times', target: 'cuda' as const }].map(
  (options) => planSpmv({ ...options, format: 'csr-stream' }, ANY_ROWS, { available: true, minSize: 32 }).spec,
);

/** The gather of x into renumbered columns' order (`reorder`), in WGSL and CUDA: one kernel for every element type. */
const GATHER = [gatherSpec('wgsl'), gatherSpec('cuda')];

const VALUED: readonly SpmvKernelSpec[] = [
  ...[...SEMIRINGS.flatMap((semiring) => SHAPES.map((s) => ({ ...s, semiring }))), ...CUDA].map(
    (options) => planSpmv(options, ANY_ROWS, { available: true, minSize: 32 }).spec,
  ),
  ...SLICED,
  ...MERGE,
  ...STREAM,
];

/**
 * The plus-times products again for a pattern matrix (no values array), as PageRank runs Pᵀ: every one above that
 * reads values (the second steps read none and are the same kernels).
 */
const PATTERN: readonly SpmvKernelSpec[] = VALUED.filter((s) => s.semiring === 'plus-times' && s.op !== 'spmv_fold_combine' && s.op !== 'spmv_merge_fixup').map((s) => ({
  ...s,
  pattern: true,
}));

export const SPMV_CATALOG_SPECS: readonly (SpmvKernelSpec | VectorKernelSpec)[] = [...VALUED, ...PATTERN, ...GATHER];
