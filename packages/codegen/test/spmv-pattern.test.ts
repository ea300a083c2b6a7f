import { describe, expect, it } from 'vitest';
import { generateKernel, normalizeSpec, parseKernelName, SpecError, validateSpec, type SpmvKernelSpec } from '../src/index.js';

const csr: SpmvKernelSpec = { op: 'spmv_csr_scalar', semiring: 'or-and', type: 'u32', target: 'wgsl', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false };
const sell: SpmvKernelSpec = { ...csr, op: 'spmv_sell', semiring: 'plus-times', type: 'f32', sliceHeight: 32, permuted: true, folded: true };

// Every op that reads matrix values, in the shapes its rules allow, in both targets.
const READERS: SpmvKernelSpec[] = (['wgsl', 'cuda'] as const).flatMap((target) => [
  { ...csr, target },
  { ...csr, target, op: 'spmv_csr_vector', rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup' },
  { ...csr, target, op: 'spmv_ell', unroll: 4 },
  { ...csr, target, op: 'spmv_ell' },
  { ...csr, target, op: 'spmv_csr_merge', reduction: 'workgroup', itemsPerThread: 7 },
  { ...sell, target },
  { ...sell, target, unroll: 8 },
  { ...sell, target, rowsPerWorkgroup: 1024, rowsPerInvocation: 4 },
]);

describe('SpMV over a pattern matrix (pattern: every stored value is the semiring\'s one)', () => {
  it.each(READERS.map((s) => [`${s.op} ${s.target}${s.unroll ? ` unroll ${s.unroll}` : ''}${s.rowsPerInvocation ? ' 4 rows' : ''}`, s] as const))(
    '%s binds no values and multiplies x by ONE',
    (_, spec) => {
      const valued = generateKernel(spec);
      const pattern = generateKernel({ ...spec, pattern: true });
      expect(valued.bindings.map((b) => b.name)).toContain('values');
      expect(pattern.bindings.map((b) => b.name)).toEqual(valued.bindings.map((b) => b.name).filter((n) => n !== 'values'));
      expect(pattern.source).not.toMatch(/\bvalues4?\[/);
      expect(pattern.source).toContain('sr_mul(ONE, ');
      expect(pattern.id).not.toBe(valued.id);
    },
  );

  it('names the kernel with _pattern in its mode, which parses back; pattern: false is the valued kernel', () => {
    const name = generateKernel({ ...sell, masked: true, accumulate: true, pattern: true }).name;
    expect(name).toMatch(/__acc_mask_pattern__r256l1c32pf__wgsl__/);
    expect(parseKernelName(name)).toMatchObject({ pattern: true, accumulate: true, masked: true, folded: true });
    expect(parseKernelName(generateKernel(sell).name)).not.toHaveProperty('pattern');
    expect(generateKernel({ ...sell, pattern: false }).id).toBe(generateKernel(sell).id);
  });

  it('is dropped from the second steps, which read no values', () => {
    const combine: SpmvKernelSpec = { ...csr, op: 'spmv_fold_combine', semiring: 'plus-times', type: 'f32', rowsPerWorkgroup: 8, lanesPerRow: 32, accumulate: true };
    const fixup: SpmvKernelSpec = { ...combine, op: 'spmv_merge_fixup', rowsPerWorkgroup: 256, lanesPerRow: 1 };
    for (const spec of [combine, fixup]) {
      expect(normalizeSpec({ ...spec, pattern: true })).toEqual(normalizeSpec(spec));
      expect(generateKernel({ ...spec, pattern: true }).name).toBe(generateKernel(spec).name);
    }
  });

  it('refuses a pattern flag that is not a boolean, naming the field', () => {
    expect(() => validateSpec({ ...csr, pattern: 1 as unknown as boolean })).toThrow(SpecError);
    expect(() => validateSpec({ ...csr, pattern: 'yes' as unknown as boolean })).toThrow(/pattern.*must be true or false, got yes/);
  });
});
