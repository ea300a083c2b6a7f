import { describe, expect, it } from 'vitest';
import { generateKernel, type FwKernelSpec, type KernelSpec } from '../src/index.js';

// A few kernels kept as files: a template change shows up as a readable diff of generated code.
const GOLDEN: [string, KernelSpec][] = [
  ['fw_update_min_plus_f32_row_major.wgsl', { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 32, unroll: 2, layout: 'row-major', workgroup: [16, 16], target: 'wgsl', successors: false }],
  ['fw_pivot_max_min_i32_bdl_successors.wgsl', { op: 'fw_pivot', semiring: 'max-min', type: 'i32', tile: 32, unroll: 1, layout: 'bdl', workgroup: [16, 16], target: 'wgsl', successors: true }],
  ['fw_panel_col_or_and_u32.cu', { op: 'fw_panel_col', semiring: 'or-and', type: 'u32', tile: 32, unroll: 2, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false }],
  ['spmv_csr_vector_plus_times_f32_subgroup.wgsl', { op: 'spmv_csr_vector', semiring: 'plus-times', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup', accumulate: true, masked: false }],
  ['spmv_ell_min_plus_u32_masked.cu', { op: 'spmv_ell', semiring: 'min-plus', type: 'u32', target: 'cuda', rowsPerWorkgroup: 128, lanesPerRow: 1, accumulate: false, masked: true }],
  ['fw_plain_min_plus_u32_successors.cu', { op: 'fw_plain', semiring: 'min-plus', type: 'u32', tile: 1, unroll: 1, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: true }],
];

describe('generated text', () => {
  it.each(GOLDEN)('%s matches its golden file', async (file, spec) => {
    await expect(generateKernel(spec).source).toMatchFileSnapshot(`./golden/${file}`);
  });

  it('is the same bytes for the same spec, with the spec in the header', () => {
    const spec = GOLDEN[0][1] as FwKernelSpec;
    const a = generateKernel(spec).source;
    const b = generateKernel({ ...spec, workgroup: [16, 16] }).source;
    expect(a).toBe(b);
    expect(a).toContain('do not edit');
    expect(a).toContain('"op":"fw_update"');
  });
});
