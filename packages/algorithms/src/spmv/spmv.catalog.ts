import type { SpmvKernelSpec } from '@semiforge/codegen';
import { planSpmv, type RowStats, type SpmvKernelOptions } from './spmv.plan.js';

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

export const SPMV_CATALOG_SPECS: readonly SpmvKernelSpec[] = [...SEMIRINGS.flatMap((semiring) => SHAPES.map((s) => ({ ...s, semiring }))), ...CUDA].map(
  (options) => planSpmv(options, ANY_ROWS, { available: true, minSize: 32 }).spec,
);
