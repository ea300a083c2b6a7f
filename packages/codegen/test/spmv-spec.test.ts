import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, MAX_GRID_X, normalizeSpec, parseKernelName, type SpmvKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const vector: SpmvKernelSpec = {
  op: 'spmv_csr_vector',
  semiring: 'plus-times',
  type: 'f32',
  target: 'wgsl',
  rowsPerWorkgroup: 32,
  lanesPerRow: 8,
  reduction: 'subgroup',
  accumulate: false,
  masked: false,
};
const scalar: SpmvKernelSpec = { ...vector, op: 'spmv_csr_scalar', rowsPerWorkgroup: 256, lanesPerRow: 1, reduction: undefined };

describe('SpMV KernelSpec validation', () => {
  it.each([
    [{ lanesPerRow: 6 }, 'lanesPerRow', /must be a power of two, got 6/],
    [{ rowsPerWorkgroup: 0 }, 'rowsPerWorkgroup', /must be a positive integer, got 0/],
    [{ rowsPerWorkgroup: 256 }, 'rowsPerWorkgroup', /256 rows × 8 lanes = 2048 invocations exceeds 1024/],
    [{ op: 'spmv_ell' as const }, 'lanesPerRow', /spmv_ell computes each row in one invocation, so it must be 1, got 8/],
    [{ reduction: 'warp' as never }, 'reduction', /must be 'subgroup' or 'workgroup', got 'warp'/],
    [{ target: 'cuda' as const, lanesPerRow: 64, rowsPerWorkgroup: 4 }, 'lanesPerRow', /64 lanes do not fit in one 32-thread warp/],
    [{ target: 'cuda' as const, rowsPerWorkgroup: 3 }, 'rowsPerWorkgroup', /3 rows × 8 lanes = 24 threads is not a whole number of 32-thread warps/],
    [{ lanesPerRow: 256, rowsPerWorkgroup: 1 }, 'lanesPerRow', /256 lanes exceed the largest subgroup WebGPU allows \(128\); use reduction 'workgroup'/],
    [{ accumulate: undefined as never }, 'accumulate', /must be true or false/],
    [{ semiring: 'or-and' }, 'type', /'or-and' is not defined for f32/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...vector, ...patch } as SpmvKernelSpec, parameter, message);
  });

  it('the workgroup reduction takes any power of two up to 1024 invocations', () => {
    expect(() => normalizeSpec({ ...vector, reduction: 'workgroup', lanesPerRow: 256, rowsPerWorkgroup: 4 })).not.toThrow();
  });
});

describe('SpMV kernel identity', () => {
  it('names parse back, and reduction only counts for the vector op', () => {
    const a = kernelIdentity({ ...vector, accumulate: true, masked: true });
    expect(a.name).toBe(`spmv_csr_vector__plus_times_f32__acc_mask__r32l8sg__wgsl__${a.id}`);
    expect(parseKernelName(a.name)).toMatchObject({ op: 'spmv_csr_vector', semiringId: 'plus_times', accumulate: true, masked: true, rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup', target: 'wgsl', id: a.id });
    const s = kernelIdentity(scalar);
    expect(s.name).toBe(`spmv_csr_scalar__plus_times_f32__set__r256l1__wgsl__${s.id}`);
    expect(parseKernelName(s.name)).toMatchObject({ op: 'spmv_csr_scalar', accumulate: false, masked: false, lanesPerRow: 1 });
    expect(kernelIdentity({ ...scalar, reduction: 'workgroup' }).id).toBe(s.id);
    expect(kernelIdentity({ ...vector, reduction: undefined }).id).toBe(kernelIdentity({ ...vector, reduction: 'workgroup' }).id);
  });

  it('differs for every field that changes the text', () => {
    const specs: SpmvKernelSpec[] = [
      vector,
      { ...vector, reduction: 'workgroup' },
      { ...vector, lanesPerRow: 16, rowsPerWorkgroup: 16 },
      { ...vector, rowsPerWorkgroup: 16 },
      { ...vector, accumulate: true },
      { ...vector, masked: true },
      { ...vector, type: 'u32' },
      { ...vector, target: 'cuda' },
      { ...vector, op: 'spmv_ell', lanesPerRow: 1, reduction: undefined },
      scalar,
    ];
    expect(new Set(specs.map((s) => kernelIdentity(s).id)).size).toBe(specs.length);
  });
});

describe('SpMV kernels', () => {
  it('bind their arrays in order, the mask last, and size the workgroup from rows × lanes', () => {
    const k = generateKernel({ ...vector, reduction: 'workgroup', masked: true });
    expect(k.bindings.map((b) => b.name)).toEqual(['params', 'indptr', 'indices', 'values', 'x', 'y', 'mask']);
    expect(k.workgroupSize).toEqual([256, 1, 1]);
    expect(k.workgroupStorageBytes).toBe(256 * 4);
    expect(generateKernel(vector).workgroupStorageBytes).toBe(0);
    expect(generateKernel({ ...scalar, op: 'spmv_ell' }).bindings.map((b) => b.name)).toEqual(['params', 'indices', 'values', 'x', 'y']);
  });

  it('spill rows past 65535 workgroups into grid y', () => {
    expect(dispatchGrid(scalar, 1000)).toEqual([4, 1, 1]);
    expect(dispatchGrid(scalar, 0)).toEqual([1, 1, 1]);
    const rows = 256 * (MAX_GRID_X + 10);
    expect(dispatchGrid(scalar, rows)).toEqual([MAX_GRID_X, 2, 1]);
  });
});

describe('sliced ELL and the Fold method', () => {
  const sell: SpmvKernelSpec = { ...scalar, op: 'spmv_sell', sliceHeight: 32, permuted: true, folded: true, masked: true };
  const combine: SpmvKernelSpec = { ...vector, op: 'spmv_fold_combine', accumulate: true };

  it.each([
    [{ sliceHeight: undefined }, 'sliceHeight', /spmv_sell needs a power of two from 1 to 1024 \(rows per slice\), got undefined/],
    [{ sliceHeight: 24 }, 'sliceHeight', /got 24/],
    [{ sliceHeight: 2048 }, 'sliceHeight', /got 2048/],
    [{ permuted: 'yes' as never }, 'permuted', /must be true or false, got yes/],
    [{ lanesPerRow: 2 }, 'lanesPerRow', /spmv_sell computes each row in one invocation, so it must be 1, got 2/],
  ])('spmv_sell %j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...sell, ...patch } as SpmvKernelSpec, parameter, message);
  });

  it('spmv_fold_combine must accumulate, and checks lanes like the vector kernel', () => {
    expectSpecError({ ...combine, accumulate: false }, 'accumulate', /adds the extra pieces to the y the first step stored, so it must be true/);
    expectSpecError({ ...combine, target: 'cuda', rowsPerWorkgroup: 3 }, 'rowsPerWorkgroup', /not a whole number of 32-thread warps/);
  });

  it('names carry the slice height and flags, and parse back; the slice fields count only for spmv_sell', () => {
    const a = kernelIdentity(sell);
    expect(a.name).toBe(`spmv_sell__plus_times_f32__set_mask__r256l1c32pf__wgsl__${a.id}`);
    expect(parseKernelName(a.name)).toMatchObject({ op: 'spmv_sell', rowsPerWorkgroup: 256, lanesPerRow: 1, sliceHeight: 32, permuted: true, folded: true, masked: true });
    const plain = kernelIdentity({ ...sell, permuted: undefined, folded: undefined });
    expect(plain.name).toContain('__r256l1c32__');
    expect(parseKernelName(plain.name)).toMatchObject({ sliceHeight: 32, permuted: false, folded: false });
    expect(plain.id).toBe(kernelIdentity({ ...sell, permuted: false, folded: false }).id);
    expect(kernelIdentity({ ...scalar, sliceHeight: 32, permuted: true }).id).toBe(kernelIdentity(scalar).id);
    const c = kernelIdentity(combine);
    expect(c.name).toBe(`spmv_fold_combine__plus_times_f32__acc__r32l8sg__wgsl__${c.id}`);
    expect(parseKernelName(c.name)).toMatchObject({ op: 'spmv_fold_combine', reduction: 'subgroup', lanesPerRow: 8 });
  });

  it('bind only the arrays their flags need', () => {
    expect(generateKernel(sell).bindings.map((b) => b.name)).toEqual(['params', 'sliceStart', 'indices', 'values', 'x', 'y', 'rowIds', 'partial', 'mask']);
    expect(generateKernel({ ...sell, permuted: false, folded: false, masked: false }).bindings.map((b) => b.name)).toEqual(['params', 'sliceStart', 'indices', 'values', 'x', 'y']);
    const k = generateKernel({ ...combine, reduction: 'workgroup', masked: true });
    expect(k.bindings.map((b) => [b.name, b.kind])).toEqual([
      ['params', 'uniform'],
      ['foldedRows', 'read-only-storage'],
      ['extraStart', 'read-only-storage'],
      ['partial', 'read-only-storage'],
      ['y', 'storage'],
      ['mask', 'read-only-storage'],
    ]);
    expect(k.workgroupStorageBytes).toBe(256 * 4);
    expect(generateKernel(combine).workgroupStorageBytes).toBe(0);
  });
});

describe('ELL and sliced ELL, several slots a loop step (unroll)', () => {
  const ell: SpmvKernelSpec = { ...scalar, op: 'spmv_ell' };
  const sell: SpmvKernelSpec = { ...scalar, op: 'spmv_sell', sliceHeight: 32, permuted: true, folded: false };

  it.each([
    [{ ...ell, unroll: 3 }, /must be a power of two from 1 to 8 \(slots per loop step\), got 3/],
    [{ ...sell, unroll: 16 }, /got 16/],
    [{ ...scalar, unroll: 4 }, /spmv_csr_scalar takes no unroll \(got 4\)/],
  ])('%j is rejected naming unroll', (spec, message) => {
    expectSpecError(spec, 'unroll', message);
  });

  it('names carry u<slots> and parse back; unroll 1 is the plain kernel', () => {
    for (const spec of [{ ...ell, unroll: 4 }, { ...sell, unroll: 8 }]) {
      const a = kernelIdentity(spec);
      expect(a.name).toMatch(new RegExp(`u${spec.unroll}__wgsl__`));
      expect(parseKernelName(a.name)).toMatchObject({ op: spec.op, unroll: spec.unroll, id: a.id });
    }
    expect(kernelIdentity({ ...ell, unroll: 1 }).id).toBe(kernelIdentity(ell).id);
    expect(kernelIdentity({ ...ell, unroll: 2 }).id).not.toBe(kernelIdentity(ell).id);
  });

  it("loads a whole step of slots before it adds them, the next step's gathers and the step after's loads before this step's ⊕, in slot order, then the rest one slot a step", () => {
    const source = generateKernel({ ...sell, folded: true, unroll: 2 }).source;
    expect(source).toContain('var more = at + 1u * SLICE < end;');
    const step = source.slice(source.indexOf('loop {'), source.indexOf('for (; !ended && at < end; at += SLICE) {'));
    // The next step's gathers, then the indices and values of the step after it, then this step's ⊕ in slot order.
    expect(step.indexOf('x[dn0]')).toBeLessThan(step.indexOf('x[dn1]'));
    expect(step.indexOf('x[dn1]')).toBeLessThan(step.indexOf('c0 = indices[at + 0u * SLICE];'));
    expect(step.indexOf('v1 = values[at + 1u * SLICE];')).toBeLessThan(step.indexOf('sr_mul(w0, x0)'));
    expect(step.indexOf('sr_mul(w0, x0)')).toBeLessThan(step.indexOf('sr_mul(w1, x1)'));
    // The gathered step becomes the one to add only after its ⊕ slots are done with the step before it.
    expect(step.indexOf('sr_mul(w1, x1)')).toBeLessThan(step.indexOf('x0 = xn0;'));
    expect(step).toContain('at += 2u * SLICE;');
    expect(generateKernel({ ...ell, unroll: 2 }).source).toContain('at += 2u * params.rows');
  });

  it("ELL and unfolded SELL keep one step's gathers in flight: the next step's loads, then this step's ⊕", () => {
    for (const spec of [{ ...sell, unroll: 2 }, { ...ell, unroll: 2 }]) {
      const source = generateKernel(spec).source;
      expect(source).not.toContain('loop {');
      const step = source.slice(source.indexOf('while (more) {'));
      expect(step.indexOf('x[d1]')).toBeLessThan(step.indexOf('c0 = indices[at + 0u * '));
      expect(step.indexOf('c0 = indices[at + 0u * ')).toBeLessThan(step.indexOf('sr_mul(w0, x0)'));
    }
  });

  it("CUDA: fold issues the next step's gathers and the step after's loads before this step's ⊕; ELL and SELL do one step at a time", () => {
    const fold = generateKernel({ ...sell, target: 'cuda', folded: true, unroll: 2 }).source;
    const step = fold.slice(fold.indexOf('for (;;) {'), fold.indexOf('for (; !ended && at < end; at += SLICE) {'));
    for (const text of ['LOAD(x[dn1])', 'c0 = STREAM(indices[at + 0u * SLICE]);', 'sr_mul(w1, x1)', 'x0 = xn0;']) expect(step).toContain(text);
    expect(step.indexOf('LOAD(x[dn1])')).toBeLessThan(step.indexOf('c0 = STREAM(indices[at + 0u * SLICE]);'));
    expect(step.indexOf('v1 = STREAM(values[at + 1u * SLICE]);')).toBeLessThan(step.indexOf('sr_mul(w0, x0)'));
    expect(step.indexOf('sr_mul(w1, x1)')).toBeLessThan(step.indexOf('x0 = xn0;'));
    for (const spec of [{ ...sell, unroll: 2 }, { ...ell, unroll: 2 }]) {
      const source = generateKernel({ ...spec, target: 'cuda' }).source;
      expect(source).not.toContain('for (;;) {');
      // The step's loads, then its ⊕ with the gathers inline.
      expect(source.indexOf('const unsigned c1 = STREAM(indices[')).toBeLessThan(source.indexOf('sr_mul(v0, LOAD(x[c0]))'));
    }
  });
});

describe('sliced ELL, 4 rows an invocation (rowsPerInvocation)', () => {
  const sell: SpmvKernelSpec = { ...scalar, op: 'spmv_sell', rowsPerWorkgroup: 1024, sliceHeight: 32, permuted: true, folded: true, rowsPerInvocation: 4 };

  it.each([
    [{ rowsPerInvocation: 2 }, 'rowsPerInvocation', /must be 1 or 4 \(rows of one vec4 load\), got 2/],
    [{ sliceHeight: 2 }, 'sliceHeight', /must be a multiple of 4, got 2/],
    [{ rowsPerWorkgroup: 1022 }, 'rowsPerWorkgroup', /need a multiple of 4, got 1022/],
    [{ unroll: 2 }, 'unroll', /leave unroll out \(got 2\)/],
    [{ op: 'spmv_ell', sliceHeight: undefined }, 'rowsPerInvocation', /only spmv_sell computes several rows an invocation; spmv_ell takes 1 \(got 4\)/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...sell, ...patch } as SpmvKernelSpec, parameter, message);
  });

  it('binds the slots as vec4 arrays, runs rows / 4 invocations a workgroup, and names parse back', () => {
    const k = generateKernel(sell);
    expect(k.bindings.filter((b) => b.vec4).map((b) => b.name)).toEqual(['indices', 'values']);
    expect(k.workgroupSize).toEqual([256, 1, 1]);
    expect(k.source).toContain('var<storage, read> indices: array<vec4<u32>>;');
    const a = kernelIdentity(sell);
    expect(a.name).toMatch(/c32pfx4__wgsl__/);
    expect(parseKernelName(a.name)).toMatchObject({ rowsPerInvocation: 4, sliceHeight: 32, id: a.id });
    expect(kernelIdentity({ ...sell, rowsPerInvocation: 1, rowsPerWorkgroup: 256 }).id).toBe(kernelIdentity({ ...sell, rowsPerInvocation: undefined, rowsPerWorkgroup: 256 }).id);
  });
});
