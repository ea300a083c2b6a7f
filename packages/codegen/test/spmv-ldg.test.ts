import { describe, expect, it } from 'vitest';
import { generateKernel, normalizeSpec, parseKernelName, SpecError, validateSpec, type SpmvKernelSpec } from '../src/index.js';

const base: SpmvKernelSpec = { op: 'spmv_sell', semiring: 'min-plus', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: true, sliceHeight: 32, permuted: true, folded: false };

describe('SpMV read-only cache loads (ldg)', () => {
  it('loads the matrix, x and the mask with __ldg when asked, plain loads otherwise', () => {
    const ldg = generateKernel({ ...base, ldg: true }).source;
    expect(ldg).toContain('#define LOAD(p) __ldg(&(p))');
    expect(ldg).toContain('LOAD(x[col])');
    expect(ldg).toContain('LOAD(mask[row])');
    const plain = generateKernel(base).source;
    expect(plain).toContain('#define LOAD(p) (p)');
    expect(plain).not.toContain('__ldg');
  });

  it('names the kernel with a trailing g that parses back, and drops ldg: false from the canonical spec', () => {
    const name = generateKernel({ ...base, ldg: true }).name;
    expect(name).toMatch(/__r256l1c32pg__cuda__/);
    expect(parseKernelName(name)).toMatchObject({ ldg: true, sliceHeight: 32, permuted: true });
    expect(normalizeSpec({ ...base, ldg: false })).toEqual(normalizeSpec(base));
    expect(generateKernel({ ...base, ldg: false }).id).toBe(generateKernel(base).id);
  });

  it('is CUDA only', () => {
    expect(() => validateSpec({ ...base, target: 'wgsl', ldg: true })).toThrow(SpecError);
    expect(() => validateSpec({ ...base, target: 'wgsl', ldg: true })).toThrow(/ldg.*CUDA's; target 'wgsl' takes no ldg/);
  });
});
