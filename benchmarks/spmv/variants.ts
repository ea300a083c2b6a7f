// What runs on each matrix: every kernel format under plus-times (the metric), the automatic choice under
// plus-times and min-plus (the same kernels under an idempotent semiring, as SSSP uses them).
import type { SpmvFormat } from '@semiforge/algorithms';

export interface SpmvVariant {
  readonly semiring: 'plus-times' | 'min-plus';
  readonly format: SpmvFormat | 'auto';
  readonly reduction?: 'subgroup' | 'workgroup';
}

export function variantLabel(v: SpmvVariant): string {
  return `${v.format}${v.reduction ? `/${v.reduction}` : ''}`;
}

export function spmvVariants(minPlus: boolean): SpmvVariant[] {
  const plus = 'plus-times' as const;
  return [
    { semiring: plus, format: 'auto' },
    { semiring: plus, format: 'csr-scalar' },
    { semiring: plus, format: 'csr-vector', reduction: 'subgroup' },
    { semiring: plus, format: 'csr-vector', reduction: 'workgroup' },
    { semiring: plus, format: 'ell' },
    ...(minPlus ? [{ semiring: 'min-plus' as const, format: 'auto' as const }] : []),
  ];
}
