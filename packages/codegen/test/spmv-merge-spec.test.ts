import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, MAX_GRID_X, mergeTile, normalizeSpec, parseKernelName, type SpmvKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const merge: SpmvKernelSpec = {
  op: 'spmv_csr_merge',
  semiring: 'plus-times',
  type: 'f32',
  target: 'wgsl',
  rowsPerWorkgroup: 256,
  lanesPerRow: 1,
  itemsPerThread: 7,
  accumulate: false,
  masked: false,
};
const fixup: SpmvKernelSpec = { ...merge, op: 'spmv_merge_fixup', accumulate: true, itemsPerThread: undefined };

describe('merge-path SpMV specs', () => {
  it.each([
    [{ itemsPerThread: 0 }, 'itemsPerThread', /must be an integer from 1 to 64 \(merge items per invocation\), got 0/],
    [{ itemsPerThread: 2.5 }, 'itemsPerThread', /got 2\.5/],
    [{ lanesPerRow: 2 }, 'lanesPerRow', /spmv_csr_merge computes each row in one invocation, so it must be 1, got 2/],
    [{ target: 'cuda' as const, rowsPerWorkgroup: 1024, itemsPerThread: 16 }, 'itemsPerThread', /1024 threads × 16 items need 77828 bytes of shared memory, over the 49152/],
    [{ reduction: 'warp' as never }, 'reduction', /must be 'subgroup' or 'workgroup' \(how spmv_csr_merge scans its invocations' open rows\), got 'warp'/],
    [{ target: 'cuda' as const, reduction: 'subgroup' as const, rowsPerWorkgroup: 48 }, 'rowsPerWorkgroup', /48 threads is not a whole number of 32-thread warps/],
    [{ op: 'spmv_merge_fixup' as const }, 'accumulate', /spmv_merge_fixup adds the carries to the y that spmv_csr_merge stored, so it must be true/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...merge, ...patch } as SpmvKernelSpec, parameter, message);
  });

  it('default to 7 items an invocation and the workgroup scan; the fixup drops both, and names parse back', () => {
    expect(normalizeSpec({ ...merge, itemsPerThread: undefined })).toMatchObject({ itemsPerThread: 7, reduction: 'workgroup' });
    const bare = normalizeSpec({ ...fixup, itemsPerThread: 5, reduction: 'subgroup' });
    expect(bare).not.toHaveProperty('itemsPerThread');
    expect(bare).not.toHaveProperty('reduction');
    const m = kernelIdentity({ ...merge, masked: true });
    expect(m.name).toBe(`spmv_csr_merge__plus_times_f32__set_mask__r256l1wgi7__wgsl__${m.id}`);
    expect(parseKernelName(m.name)).toMatchObject({ op: 'spmv_csr_merge', masked: true, rowsPerWorkgroup: 256, lanesPerRow: 1, reduction: 'workgroup', itemsPerThread: 7 });
    const sg = kernelIdentity({ ...merge, reduction: 'subgroup' });
    expect(parseKernelName(sg.name)).toMatchObject({ reduction: 'subgroup', itemsPerThread: 7 });
    const f = kernelIdentity(fixup);
    expect(f.name).toBe(`spmv_merge_fixup__plus_times_f32__acc__r256l1__wgsl__${f.id}`);
    expect(new Set([m.id, sg.id, kernelIdentity({ ...merge, masked: true, itemsPerThread: 8 }).id]).size).toBe(3);
  });

  it('bind CSR, tile starts, carries, x, y, mask; size workgroup memory from the tile; one workgroup per tile of n + nnz', () => {
    const k = generateKernel({ ...merge, masked: true });
    expect(k.bindings.map((b) => [b.name, b.kind])).toEqual([
      ['params', 'uniform'],
      ['indptr', 'read-only-storage'],
      ['indices', 'read-only-storage'],
      ['values', 'read-only-storage'],
      ['tileRows', 'read-only-storage'],
      ['carries', 'storage'],
      ['x', 'read-only-storage'],
      ['y', 'storage'],
      ['mask', 'read-only-storage'],
    ]);
    expect(k.workgroupSize).toEqual([256, 1, 1]);
    expect(mergeTile(merge)).toBe(1792);
    // Staged row ends and products (tile + 1 words), per invocation its open row and two scanned sums;
    // with subgroups, per possible subgroup (of 4 or more) its first and last open row and its sum.
    expect(k.workgroupStorageBytes).toBe(1793 * 4 + 256 * 12);
    expect(generateKernel({ ...merge, reduction: 'subgroup' }).workgroupStorageBytes).toBe(1793 * 4 + 64 * 12);
    expect(generateKernel({ ...merge, reduction: 'subgroup' }).source).toContain('enable subgroups;');
    expect(generateKernel(fixup).bindings.map((b) => [b.name, b.kind])).toEqual([
      ['params', 'uniform'],
      ['carries', 'read-only-storage'],
      ['y', 'storage'],
    ]);
    expect(dispatchGrid(merge, 1792)).toEqual([1, 1, 1]);
    expect(dispatchGrid(merge, 1793)).toEqual([2, 1, 1]);
    expect(dispatchGrid(merge, 1792 * (MAX_GRID_X + 1))).toEqual([MAX_GRID_X, 2, 1]);
    expect(dispatchGrid(fixup, 257)).toEqual([2, 1, 1]);
  });
});
