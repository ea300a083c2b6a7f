import { LimitError } from '@semiforge/runtime';
import type { SpmvFormat } from './spmv.plan.js';

/**
 * Refuses, before any host memory is spent, a matrix whose largest array exceeds one storage binding,
 * naming the array and both sizes. ELL's n × width slots are the usual culprit: CSR needs only nnz.
 * Sliced ELL and Fold count their padded slots while they lay the matrix out, and call this with `slots`.
 *
 * @example
 * checkSpmvFits({ maxStorageBufferBindingSize: 2 ** 27 }, { n: 1e6, nnz: 5e6, format: 'ell', width: 3000 }); // throws LimitError
 */
export function checkSpmvFits(
  limits: Pick<GPUSupportedLimits, 'maxStorageBufferBindingSize'>,
  /** `slots`: sell and fold's padded slots, once their layout has counted them (before it allocates them). */
  matrix: { n: number; nnz: number; format: SpmvFormat; width: number; slots?: number },
): void {
  const allowed = limits.maxStorageBufferBindingSize;
  const { n, nnz, format, width, slots } = matrix;
  const entries = format === 'ell' ? n * width : (slots ?? nnz);
  const padded = slots === undefined ? undefined : `the ${format} slots (${slots} for ${nnz} nonzeros)`;
  const arrays: [string, number][] = [
    [format === 'ell' ? `the ELL slots (${n} rows × ${width} slots)` : (padded ?? `the ${nnz} nonzeros`), entries * 4],
    [`the row offsets (n + 1 = ${n + 1})`, format === 'ell' ? 0 : (n + 1) * 4],
    [`x and y (n = ${n})`, n * 4],
  ];
  for (const [what, bytes] of arrays) {
    if (bytes > allowed) {
      throw new LimitError({
        limit: 'maxStorageBufferBindingSize',
        requested: bytes,
        allowed,
        subject: `spmv: ${what} as 4-byte elements`,
        wayOut:
          format === 'ell' && what.startsWith('the ELL')
            ? `use format 'csr-scalar' or 'csr-vector' (${nnz * 4} bytes), or a device with larger bindings.`
            : what === padded
              ? `sort rows within larger windows (sigma) for less padding, use format 'csr-vector' (${nnz * 4} bytes), or a device with larger bindings.`
              : 'use a device with larger bindings, or split the matrix into row blocks.',
      });
    }
  }
}
