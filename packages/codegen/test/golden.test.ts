import { describe, expect, it } from 'vitest';
import { generateKernel, type FwKernelSpec, type KernelSpec } from '../src/index.js';

// A few kernels kept as files: a template change shows up as a readable diff of generated code.
const GOLDEN: [string, KernelSpec][] = [
  ['fw_update_min_plus_f32_row_major.wgsl', { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 32, unroll: 2, layout: 'row-major', workgroup: [16, 16], target: 'wgsl', successors: false }],
  ['fw_pivot_max_min_i32_bdl_successors.wgsl', { op: 'fw_pivot', semiring: 'max-min', type: 'i32', tile: 32, unroll: 1, layout: 'bdl', workgroup: [16, 16], target: 'wgsl', successors: true }],
  ['fw_update_min_plus_f32_t128u8.cu', { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 128, unroll: 8, kUnroll: 8, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false }],
  ['fw_update_min_plus_f32_t128u8_remap_async3.cu', { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 128, unroll: 8, kUnroll: 8, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false, remap: true, asyncStages: 3 }],
  ['fw_panel_row_min_plus_i32_both_panels_successors.cu', { op: 'fw_panel_row', semiring: 'min-plus', type: 'i32', tile: 64, unroll: 4, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: true, dpx: true, bothPanels: true }],
  ['fw_panel_col_or_and_u32.cu', { op: 'fw_panel_col', semiring: 'or-and', type: 'u32', tile: 32, unroll: 2, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false }],
  ['spmv_csr_vector_plus_times_f32_subgroup.wgsl', { op: 'spmv_csr_vector', semiring: 'plus-times', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup', accumulate: true, masked: false }],
  ['spmv_csr_merge_min_plus_f32_acc_masked_subgroup.wgsl', { op: 'spmv_csr_merge', semiring: 'min-plus', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 128, lanesPerRow: 1, reduction: 'subgroup', itemsPerThread: 7, accumulate: true, masked: true }],
  ['spmv_csr_stream_max_min_f32_acc_masked.wgsl', { op: 'spmv_csr_stream', semiring: 'max-min', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 256, lanesPerRow: 1, itemsPerThread: 8, accumulate: true, masked: true }],
  ['spmv_csr_stream_plus_times_f32_pattern_ldg.cu', { op: 'spmv_csr_stream', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, itemsPerThread: 8, accumulate: false, masked: false, ldg: true, pattern: true }],
  ['spmv_merge_fixup_plus_times_i32.cu', { op: 'spmv_merge_fixup', semiring: 'plus-times', type: 'i32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: false }],
  ['spmv_csr_scalar_plus_times_f32_ldg.cu', { op: 'spmv_csr_scalar', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false, ldg: true }],
  ['spmv_ell_min_plus_u32_masked.cu', { op: 'spmv_ell', semiring: 'min-plus', type: 'u32', target: 'cuda', rowsPerWorkgroup: 128, lanesPerRow: 1, accumulate: false, masked: true }],
  ['spmv_sell_max_min_f32_permuted_folded.wgsl', { op: 'spmv_sell', semiring: 'max-min', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: true, sliceHeight: 32, permuted: true, folded: true }],
  ['spmv_sell_plus_times_f32_windowed_folded_unroll8.wgsl', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: true, sliceHeight: 32, permuted: true, folded: true, windowed: true, unroll: 8 }],
  ['spmv_sell_plus_times_f32_windowed_folded_unroll8_stream.cu', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: true, sliceHeight: 32, permuted: true, folded: true, windowed: true, unroll: 8, ldg: true, streamLoads: true }],
  ['spmv_sell_plus_times_f32_local_fold_unroll8.wgsl', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 1024, lanesPerRow: 1, accumulate: true, masked: false, sliceHeight: 32, permuted: false, folded: false, localFold: true, unroll: 8 }],
  ['spmv_sell_plus_times_f32_local_fold_unroll8_stream.cu', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: false, sliceHeight: 32, permuted: false, folded: false, localFold: true, unroll: 8, ldg: true, streamLoads: true }],
  ['spmv_sell_min_plus_f32_unroll4.wgsl', { op: 'spmv_sell', semiring: 'min-plus', type: 'f32', target: 'wgsl', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false, sliceHeight: 32, permuted: true, folded: false, unroll: 4 }],
  ['spmv_sell_or_and_u32_four_rows.wgsl', { op: 'spmv_sell', semiring: 'or-and', type: 'u32', target: 'wgsl', rowsPerWorkgroup: 1024, lanesPerRow: 1, accumulate: true, masked: true, sliceHeight: 32, permuted: true, folded: true, rowsPerInvocation: 4 }],
  ['spmv_sell_max_min_i32_four_rows.cu', { op: 'spmv_sell', semiring: 'max-min', type: 'i32', target: 'cuda', rowsPerWorkgroup: 512, lanesPerRow: 1, accumulate: false, masked: false, sliceHeight: 32, permuted: false, folded: true, rowsPerInvocation: 4 }],
  ['spmv_ell_plus_times_f32_unroll2.cu', { op: 'spmv_ell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: true, masked: false, unroll: 2 }],
  ['spmv_sell_plus_times_f32_pattern_folded_unroll8.cu', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false, sliceHeight: 32, permuted: true, folded: true, unroll: 8, ldg: true, pattern: true }],
  ['spmv_sell_plus_times_f32_folded_unroll4_stream.cu', { op: 'spmv_sell', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 256, lanesPerRow: 1, accumulate: false, masked: false, sliceHeight: 32, permuted: false, folded: true, unroll: 4, ldg: true, streamLoads: true }],
  ['spmv_csr_vector_or_and_u32_pattern_subgroup.wgsl', { op: 'spmv_csr_vector', semiring: 'or-and', type: 'u32', target: 'wgsl', rowsPerWorkgroup: 32, lanesPerRow: 8, reduction: 'subgroup', accumulate: false, masked: true, pattern: true }],
  ['spmv_fold_combine_plus_times_f32_workgroup.cu', { op: 'spmv_fold_combine', semiring: 'plus-times', type: 'f32', target: 'cuda', rowsPerWorkgroup: 8, lanesPerRow: 32, reduction: 'workgroup', accumulate: true, masked: false }],
  ['vec_reduce_min_plus_i32.wgsl', { op: 'vec_reduce', semiring: 'min-plus', type: 'i32', target: 'wgsl', workgroupSize: 128 }],
  ['vec_pagerank_update_plus_times_f32.cu', { op: 'vec_pagerank_update', semiring: 'plus-times', type: 'f32', target: 'cuda', workgroupSize: 256 }],
  ['vec_pagerank_update_folded_plus_times_f32.wgsl', { op: 'vec_pagerank_update_folded', semiring: 'plus-times', type: 'f32', target: 'wgsl', workgroupSize: 256 }],
  ['fw_plain_min_plus_u32_successors.cu', { op: 'fw_plain', semiring: 'min-plus', type: 'u32', tile: 1, unroll: 1, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: true }],
  ['sssp_edges_min_plus_f32_sym_atomic.wgsl', { op: 'sssp_edges', semiring: 'min-plus', type: 'f32', target: 'wgsl', workgroupSize: 256, symmetric: true, reads: 'atomic' }],
  ['sssp_frontier_min_plus_u32_l16c256.wgsl', { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'wgsl', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256 }],
  ['sssp_frontier_min_plus_u32_hubs_fused_pull.wgsl', { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'wgsl', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 128, arcUnroll: 2, deferHubs: true, fusedAdvance: true, pullHubs: true }],
  ['sssp_frontier_min_plus_u32_hubs_fused_pull_arcs8.wgsl', { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'wgsl', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 128, arcUnroll: 2, deferHubs: true, fusedAdvance: true, pullHubs: true, arcWeightBits: 8 }],
  ['sssp_frontier_min_plus_f32_heavy.wgsl', { op: 'sssp_frontier', semiring: 'min-plus', type: 'f32', target: 'wgsl', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, heavyArcs: 'settle' }],
  ['bfs_bottom_up_ordered_mf_subgroup.wgsl', { op: 'bfs_bottom_up', semiring: 'or-and', type: 'u32', target: 'wgsl', workgroupSize: 256, lanes: 1, blockLength: 8, ordered: true, chunks: 1, countEdges: true, aggregation: 'subgroup' }],
  ['bfs_top_down_perm_c3.cu', { op: 'bfs_top_down', semiring: 'or-and', type: 'u32', target: 'cuda', workgroupSize: 256, lanes: 8, blockLength: 8, ordered: false, chunks: 3, countEdges: false }],
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
