import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, MAX_GRID_X, normalizeSpec, parseKernelName, streamBudget, type SpmvKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const stream: SpmvKernelSpec = {
  op: 'spmv_csr_stream',
  semiring: 'plus-times',
  type: 'f32',
  target: 'wgsl',
  rowsPerWorkgroup: 256,
  lanesPerRow: 1,
  itemsPerThread: 8,
  accumulate: false,
  masked: false,
};

describe('row-block (csr-stream) SpMV specs', () => {
  it.each([
    [{ itemsPerThread: 0 }, 'itemsPerThread', /must be an integer from 1 to 64 \(nonzeros per invocation of a row block\), got 0/],
    [{ itemsPerThread: 1.5 }, 'itemsPerThread', /got 1\.5/],
    [{ rowsPerWorkgroup: 96 }, 'rowsPerWorkgroup', /spmv_csr_stream reduces rows by halving groups of invocations, so it must be a power of two, got 96/],
    [{ lanesPerRow: 4 }, 'lanesPerRow', /spmv_csr_stream computes each row in one invocation, so it must be 1, got 4/],
    [{ reduction: 'subgroup' as const }, 'reduction', /spmv_csr_stream reduces through workgroup memory and takes no reduction \(got 'subgroup'\)/],
    [{ target: 'cuda' as const, rowsPerWorkgroup: 1024, itemsPerThread: 16 }, 'itemsPerThread', /1024 threads × 16 nonzeros need 69648 bytes of shared memory, over the 49152/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...stream, ...patch } as SpmvKernelSpec, parameter, message);
  });

  it('defaults to 8 nonzeros an invocation; names carry them and parse back', () => {
    expect(normalizeSpec({ ...stream, itemsPerThread: undefined })).toMatchObject({ itemsPerThread: 8 });
    expect(normalizeSpec({ ...stream, itemsPerThread: undefined })).not.toHaveProperty('reduction');
    const k = kernelIdentity({ ...stream, masked: true });
    expect(k.name).toBe(`spmv_csr_stream__plus_times_f32__set_mask__r256l1i8__wgsl__${k.id}`);
    expect(parseKernelName(k.name)).toMatchObject({ op: 'spmv_csr_stream', masked: true, rowsPerWorkgroup: 256, lanesPerRow: 1, itemsPerThread: 8 });
    expect(kernelIdentity({ ...stream, itemsPerThread: 16 }).id).not.toBe(kernelIdentity(stream).id);
  });

  it('binds CSR, row blocks, carries, x, y, mask; stages a block’s budget; one workgroup per block', () => {
    const k = generateKernel({ ...stream, masked: true });
    expect(k.bindings.map((b) => [b.name, b.kind])).toEqual([
      ['params', 'uniform'],
      ['indptr', 'read-only-storage'],
      ['indices', 'read-only-storage'],
      ['values', 'read-only-storage'],
      ['rowBlocks', 'read-only-storage'],
      ['carries', 'storage'],
      ['x', 'read-only-storage'],
      ['y', 'storage'],
      ['mask', 'read-only-storage'],
    ]);
    expect(generateKernel({ ...stream, pattern: true }).bindings.map((b) => b.name)).not.toContain('values');
    expect(streamBudget(stream)).toBe(2048);
    // The staged products (the budget), a ⊕ per invocation, the block's four words.
    expect(k.workgroupStorageBytes).toBe(2048 * 4 + 256 * 4 + 16);
    expect(k.workgroupSize).toEqual([256, 1, 1]);
    expect(dispatchGrid(stream, 1)).toEqual([1, 1, 1]);
    expect(dispatchGrid(stream, 70_000)).toEqual([MAX_GRID_X, 2, 1]);
  });
});
