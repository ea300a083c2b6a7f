import { describe, expect, it } from 'vitest';
import { generateKernel, normalizeSpec, parseKernelName, validateSpec, type SpmvKernelSpec } from '../src/index.js';

const base: SpmvKernelSpec = { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false, sliceHeight: 32, permuted: false, folded: true, ldg: true };

describe('SpMV streaming loads of the matrix (streamLoads)', () => {
  it('loads indices and values with __ldcs when asked, x through the read-only cache either way', () => {
    const stream = generateKernel({ ...base, streamLoads: true }).source;
    expect(stream).toContain('#define STREAM(p) __ldcs(&(p))');
    expect(stream).toContain('STREAM(indices[at])');
    expect(stream).toContain('STREAM(values[at])');
    expect(stream).toContain('LOAD(x[col])');
    const plain = generateKernel(base).source;
    expect(plain).toContain('#define STREAM(p) LOAD(p)');
    expect(plain).not.toContain('__ldcs');
  });

  it('streams the vec4 loads of four rows an invocation and of unrolled slots', () => {
    expect(generateKernel({ ...base, rowsPerWorkgroup: 128, rowsPerInvocation: 4, streamLoads: true }).source).toContain('STREAM(indices4[at])');
    expect(generateKernel({ ...base, unroll: 4, streamLoads: true }).source).toMatch(/STREAM\(values\[at \+ 3u \* SLICE\]\)/);
  });

  it('names the kernel with a trailing s that parses back; false and the second steps drop the flag', () => {
    const name = generateKernel({ ...base, streamLoads: true }).name;
    expect(name).toMatch(/__r256l1c32fgs__cuda__/);
    expect(parseKernelName(name)).toMatchObject({ ldg: true, streamLoads: true, sliceHeight: 32, folded: true });
    expect(normalizeSpec({ ...base, streamLoads: false })).toEqual(normalizeSpec(base));
    const combine: SpmvKernelSpec = { op: 'spmv_fold_combine', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: false, ldg: true };
    expect(normalizeSpec({ ...combine, streamLoads: true })).toEqual(normalizeSpec(combine));
  });

  it('is CUDA only, and a boolean', () => {
    expect(() => validateSpec({ ...base, target: 'wgsl', ldg: undefined, streamLoads: true })).toThrow(/streamLoads.*streaming loads \(__ldcs\) are CUDA's; target 'wgsl' takes no streamLoads/);
    expect(() => validateSpec({ ...base, streamLoads: 'yes' as unknown as boolean })).toThrow(/streamLoads.*must be true or false, got yes/);
  });
});
