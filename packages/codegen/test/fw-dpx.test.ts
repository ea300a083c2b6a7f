import { describe, expect, it } from 'vitest';
import { generateKernel, kernelIdentity, normalizeSpec, parseKernelName, SpecError, type FwKernelSpec } from '../src/index.js';

const update: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'i32', tile: 128, unroll: 4, layout: 'row-major', workgroup: [8, 16], target: 'cuda', successors: false };

describe('FW products with DPX (spec dpx)', () => {
  it('relax with __viaddmin_s32 on staged values in the register-blocked update, with no saturation test left in the loop', () => {
    const source = generateKernel({ ...update, dpx: true }).source;
    const loop = source.slice(source.indexOf('#pragma unroll 4'), source.lastIndexOf('__syncthreads();'));
    expect(source).toContain('return __viaddmin_s32(a, b, c);');
    expect(loop.match(/sr_relax\(/g)).toHaveLength(1);
    expect(loop).not.toMatch(/INF|sr_mul/);
    expect(source).toContain('V r = {sr_stage(v.x), sr_stage(v.y), sr_stage(v.z), sr_stage(v.w)};');
    expect(source).toMatch(/reinterpret_cast<V\*>\(As\[buf\]\)\[e\] = stage4\(ra\[i\]\);/);
    expect(source).toContain('V v = {sr_unstage(c[m][4u * q]),');
  });

  it('relax with __viaddmin_s32 on staged values in the generic product (a panel staged 2 deep), unrolled into 16 relaxations', () => {
    const source = generateKernel({ ...update, op: 'fw_panel_row', workgroup: [16, 16], stage: 2, kUnroll: 2, dpx: true }).source;
    const loop = source.slice(source.indexOf('#pragma unroll'), source.lastIndexOf('__syncthreads();'));
    expect(loop.match(/sr_relax\(/g)).toHaveLength(16);
    expect(source).toMatch(/As\[kk \* AS \+ r\] = sr_stage\(load_a/);
    expect(source).toMatch(/store_c\([^;]*sr_unstage\(c3_3\)\);/);
  });

  it('keep the saturating ⊗ without dpx, and the ids of specs without it unchanged', () => {
    const plain = generateKernel(update).source;
    expect(plain).not.toContain('__viaddmin_s32');
    expect(plain).toContain('return sr_add(c, sr_mul(a, b));');
    expect(normalizeSpec({ ...update, dpx: false })).toEqual(normalizeSpec(update));
    expect(kernelIdentity({ ...update, dpx: false }).id).toBe(kernelIdentity(update).id);
  });

  it('mark the name’s shape with d, which parses back', () => {
    const { name, id } = kernelIdentity({ ...update, dpx: true });
    expect(id).not.toBe(kernelIdentity(update).id);
    expect(name).toMatch(/__t128u4k4c8w8x16d__cuda__/);
    expect(parseKernelName(name)).toMatchObject({ op: 'fw_update', dpx: true, tile: 128 });
    expect(parseKernelName(kernelIdentity(update).name)).not.toHaveProperty('dpx');
  });

  it('leave the pivot closure (no product) as it is', () => {
    const pivot: FwKernelSpec = { ...update, op: 'fw_pivot', unroll: 1, workgroup: [16, 16] };
    expect(kernelIdentity({ ...pivot, dpx: true }).id).toBe(kernelIdentity(pivot).id);
  });

  it.each([
    [{ target: 'wgsl' }, /got wgsl, min-plus, i32/],
    [{ type: 'f32' }, /got cuda, min-plus, f32/],
    [{ semiring: 'max-min' }, /got cuda, max-min, i32/],
  ] as const)('are refused with %o, naming dpx', (change, message) => {
    expect(() => generateKernel({ ...update, ...change, dpx: true } as FwKernelSpec)).toThrow(SpecError);
    expect(() => generateKernel({ ...update, ...change, dpx: true } as FwKernelSpec)).toThrow(message);
  });
});
