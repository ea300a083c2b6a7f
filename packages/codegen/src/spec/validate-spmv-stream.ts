import { ELEMENT_BYTES } from './element-type.js';
import type { SpmvKernelSpec } from './kernel-spec.js';
import { SpecError, shown } from './spec-error.js';
import { CUDA_STATIC_SHARED_BYTES, isPowerOfTwo } from './spec-limits.js';

/**
 * Nonzeros per invocation of a `spmv_csr_stream` row block when a spec gives none: 256 invocations then hold
 * 2048 nonzeros, 8 KiB of staged products (Greathouse & Daga's CSR-Adaptive stages a block of that size).
 */
export const DEFAULT_STREAM_ITEMS = 8;
const MAX_STREAM_ITEMS = 64;
/** The block's first row, first nonzero, rows and lanes per row, shared by the workgroup. */
const BLOCK_WORDS = 4;

/** Nonzeros one `spmv_csr_stream` row block holds at most: its invocations × nonzeros per invocation. */
export function streamBudget(spec: SpmvKernelSpec): number {
  return spec.rowsPerWorkgroup * (spec.itemsPerThread ?? DEFAULT_STREAM_ITEMS);
}

/** Workgroup memory of `spmv_csr_stream`: the staged products (one block's budget), a ⊕ per invocation, the block's words. */
export function streamStorageBytes(spec: SpmvKernelSpec): number {
  return streamBudget(spec) * ELEMENT_BYTES + spec.rowsPerWorkgroup * ELEMENT_BYTES + BLOCK_WORDS * 4;
}

/** `spmv_csr_stream`'s rules, after the family's common ones (lanesPerRow 1, invocations ≤ 1024). */
export function validateStreamSpec(spec: SpmvKernelSpec): void {
  const threads = spec.rowsPerWorkgroup;
  // The rows of a block share its invocations in power-of-two groups, reduced by halving.
  if (!isPowerOfTwo(threads)) throw new SpecError('rowsPerWorkgroup', `spmv_csr_stream reduces rows by halving groups of invocations, so it must be a power of two, got ${shown(threads)}`);
  const items = spec.itemsPerThread ?? DEFAULT_STREAM_ITEMS;
  if (!Number.isInteger(items) || items < 1 || items > MAX_STREAM_ITEMS) {
    throw new SpecError('itemsPerThread', `must be an integer from 1 to ${MAX_STREAM_ITEMS} (nonzeros per invocation of a row block), got ${shown(items)}`);
  }
  if (spec.reduction !== undefined) throw new SpecError('reduction', `spmv_csr_stream reduces through workgroup memory and takes no reduction (got '${shown(spec.reduction)}')`);
  const bytes = streamStorageBytes(spec);
  if (spec.target === 'cuda' && bytes > CUDA_STATIC_SHARED_BYTES) {
    throw new SpecError(
      'itemsPerThread',
      `${threads} threads × ${items} nonzeros need ${bytes} bytes of shared memory, over the ${CUDA_STATIC_SHARED_BYTES} a block may declare statically; use fewer nonzeros or threads`,
    );
  }
}
