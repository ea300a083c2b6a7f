import { describe, expect, it } from 'vitest';
import { generateKernel, FW_KERNEL_OPS, SPMV_KERNEL_OPS, type FwKernelSpec, type KernelSpec, type SpmvKernelSpec, type VectorKernelSpec, type BfsKernelSpec, BFS_KERNEL_OPS, SSSP_KERNEL_OPS, type SsspKernelSpec } from '../src/index.js';
import { compileCudaToPtx, findNvcc } from '../src/nvcc.js';
import { SPMV_SECOND_STEPS as SECOND_STEPS } from '../src/spec/validate-spmv-spec.js';

const nvcc = await findNvcc();

const VARIANTS: Pick<FwKernelSpec, 'semiring' | 'type' | 'layout' | 'successors'>[] = [
  { semiring: 'min-plus', type: 'f32', layout: 'row-major', successors: false },
  { semiring: 'min-plus', type: 'i32', layout: 'bdl', successors: true },
  { semiring: 'max-min', type: 'u32', layout: 'row-major', successors: true },
  { semiring: 'or-and', type: 'u32', layout: 'bdl', successors: false },
  { semiring: 'plus-times', type: 'f32', layout: 'row-major', successors: false },
];

const fwSpecs: KernelSpec[] = FW_KERNEL_OPS.flatMap((op) =>
  VARIANTS.map((v) => ({ ...v, op, tile: 64, unroll: op === 'fw_pivot' ? 1 : 4, workgroup: op === 'fw_pivot' ? [32, 32] : [16, 16], target: 'cuda' }) as KernelSpec),
);

// The register-blocked update in the shape the H100 runs (8×8 a thread, 16×16 threads), DPX included.
const fwUpdateShapes: KernelSpec[] = [
  ...VARIANTS.map((v) => ({ ...v, op: 'fw_update', tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16], target: 'cuda' }) as KernelSpec),
  { op: 'fw_update', semiring: 'min-plus', type: 'i32', layout: 'row-major', successors: true, dpx: true, tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16], target: 'cuda' },
];

// The CUDA runner's rounds: the update placing its blocks by parameters (remap) and both panels in one launch,
// in the generic and the quads kernel, each variant, and in the H100's shapes with DPX.
const fwRoundSpecs: KernelSpec[] = VARIANTS.flatMap((v) => [
  { ...v, op: 'fw_update', tile: 32, unroll: 2, workgroup: [16, 16], target: 'cuda', remap: true },
  { ...v, op: 'fw_update', tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16], target: 'cuda', remap: true },
  { ...v, op: 'fw_panel_row', tile: 32, unroll: 2, workgroup: [16, 16], target: 'cuda', bothPanels: true },
  { ...v, op: 'fw_panel_row', tile: 128, unroll: 4, workgroup: [16, 16], target: 'cuda', bothPanels: true },
] as KernelSpec[]).concat([
  { op: 'fw_update', semiring: 'min-plus', type: 'i32', layout: 'row-major', successors: true, dpx: true, tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16], target: 'cuda', remap: true },
  { op: 'fw_panel_row', semiring: 'min-plus', type: 'i32', layout: 'bdl', successors: true, dpx: true, tile: 128, unroll: 4, workgroup: [16, 16], target: 'cuda', bothPanels: true },
]).concat(
  // The cp.async update (asyncStages) in each variant, 2 and 3 stages.
  VARIANTS.flatMap((v) => [2, 3].map((asyncStages) => ({ ...v, op: 'fw_update', tile: 64, unroll: 4, workgroup: [16, 16], target: 'cuda', remap: true, asyncStages }) as KernelSpec)),
);

// Every SpMV op and reduction, each semiring, with and without accumulate and mask.
const SPMV_VARIANTS: Pick<SpmvKernelSpec, 'semiring' | 'type' | 'accumulate' | 'masked'>[] = [
  { semiring: 'plus-times', type: 'f32', accumulate: false, masked: false },
  { semiring: 'min-plus', type: 'i32', accumulate: true, masked: true },
  { semiring: 'max-min', type: 'u32', accumulate: true, masked: false },
  { semiring: 'or-and', type: 'u32', accumulate: false, masked: true },
];
const LANE_OPS: readonly string[] = ['spmv_csr_vector', 'spmv_fold_combine'];
// Steps that add to the y an earlier step stored: they always accumulate.
const spmvSpecs: SpmvKernelSpec[] = SPMV_KERNEL_OPS.filter((op) => op !== 'spmv_sell').flatMap((op) =>
  (LANE_OPS.includes(op) ? (['subgroup', 'workgroup'] as const) : [undefined]).flatMap((reduction) =>
    SPMV_VARIANTS.map((v) => ({
      ...v,
      op,
      target: 'cuda' as const,
      rowsPerWorkgroup: LANE_OPS.includes(op) ? 8 : 128,
      lanesPerRow: LANE_OPS.includes(op) ? 16 : 1,
      reduction,
      accumulate: v.accumulate || SECOND_STEPS.includes(op),
    })),
  ),
);
// Sliced ELL with each combination of σ-sorted rows (y stored as it comes, or a window at a time) and folded pieces.
const sellSpecs: SpmvKernelSpec[] = [false, true].flatMap((permuted) =>
  [false, true].flatMap((folded) =>
    (permuted ? [false, true] : [false]).flatMap((windowed) =>
      SPMV_VARIANTS.map((v) => ({ ...v, op: 'spmv_sell' as const, target: 'cuda' as const, rowsPerWorkgroup: 128, lanesPerRow: 1, sliceHeight: 32, permuted, folded, ...(windowed ? { windowed } : {}) })),
    ),
  ),
);
// Fold within each block's window (unmasked only: localFold takes no mask).
const localFoldSpecs: SpmvKernelSpec[] = SPMV_VARIANTS.map((v) => ({ ...v, op: 'spmv_sell' as const, target: 'cuda' as const, rowsPerWorkgroup: 128, lanesPerRow: 1, sliceHeight: 32, masked: false, localFold: true }));
// ELL and sliced ELL loading several slots a loop step.
const unrolledSpecs: SpmvKernelSpec[] = SPMV_VARIANTS.flatMap((v, i) => [
  { ...v, op: 'spmv_ell' as const, target: 'cuda' as const, rowsPerWorkgroup: 128, lanesPerRow: 1, unroll: 2 ** (1 + (i % 3)) },
  { ...v, op: 'spmv_sell' as const, target: 'cuda' as const, rowsPerWorkgroup: 128, lanesPerRow: 1, sliceHeight: 32, permuted: i % 2 === 0, folded: true, unroll: 4, ...(i === 2 ? { windowed: true } : {}) },
  // localFold in the shape CUDA plans on power-law rows: 1,024-thread blocks, 8 slots a step.
  { ...v, op: 'spmv_sell' as const, target: 'cuda' as const, rowsPerWorkgroup: 1024, lanesPerRow: 1, sliceHeight: 32, masked: false, localFold: true, unroll: 8 },
  { ...v, op: 'spmv_sell' as const, target: 'cuda' as const, rowsPerWorkgroup: 512, lanesPerRow: 1, sliceHeight: 32, permuted: i % 2 === 1, folded: i < 2, rowsPerInvocation: 4 },
]);

// The reduction for each semiring and type, and PageRank's update.
const vectorSpecs: VectorKernelSpec[] = [
  ...SPMV_VARIANTS.map(({ semiring, type }) => ({ op: 'vec_reduce' as const, semiring, type, target: 'cuda' as const, workgroupSize: 256 })),
  { op: 'vec_pagerank_update', semiring: 'plus-times', type: 'f32', target: 'cuda', workgroupSize: 256 },
  { op: 'vec_pagerank_update_folded', semiring: 'plus-times', type: 'f32', target: 'cuda', workgroupSize: 256 },
  { op: 'vec_gather', semiring: 'or-and', type: 'u32', target: 'cuda', workgroupSize: 256 },
];

// Each BFS step with a split and a single adjacency, degree-ordered or through the slot map, exact or approximate m_f, both aggregations,
// top-down and the control sized for 8 lanes a vertex (the CUDA runner's specs: algorithms/test/bfs-cuda-plan.test.ts compiles those it plans).
const bfsSpecs: BfsKernelSpec[] = BFS_KERNEL_OPS.flatMap((op) =>
  [
    { chunks: 1, ordered: true, countEdges: true, aggregation: 'subgroup' as const },
    { chunks: 3, ordered: false, countEdges: false, aggregation: 'workgroup' as const },
    { chunks: 2, ordered: false, countEdges: true, aggregation: 'subgroup' as const },
  ]
    // The seed reads none of these fields: one variant.
    .slice(0, op === 'bfs_seed' ? 1 : 3)
    .map((v) => ({ ...v, op, semiring: 'or-and', type: 'u32' as const, target: 'cuda' as const, workgroupSize: 256, lanes: op === 'bfs_top_down' || op === 'bfs_control' ? 8 : 1, blockLength: 8 })),
);

// Every SSSP op in both weight types, both read modes of the Bellman-Ford pass, lanes on the frontier pass and
// its sizing step, the tree step on an undirected CSR (listing for the tree scan, pull passes) too; the tree scan
// (undirected only); the frontier pass that settles heavy arcs once a bucket; the frontier pass and its sizing
// step that defer hubs.
const ssspSpecs: SsspKernelSpec[] = SSSP_KERNEL_OPS.flatMap((op): SsspKernelSpec[] =>
  (['f32', 'u32'] as const).flatMap((type) =>
    (op === 'sssp_edges' ? (['atomic', 'snapshot'] as const) : [undefined]).map((reads) => ({
      op, semiring: 'min-plus', type, target: 'cuda' as const, workgroupSize: 256, reads,
      symmetric: op === 'sssp_edges' || op === 'sssp_parents' || op === 'sssp_tree_scan', lanesPerVertex: op === 'sssp_frontier' || op === 'sssp_advance' ? 8 : undefined, chunk: op === 'sssp_frontier' || op === 'sssp_advance' ? 64 : undefined,
    })),
  ),
).concat(
  (['f32', 'u32'] as const).flatMap((type): SsspKernelSpec[] => [
    { op: 'sssp_tree', semiring: 'min-plus', type, target: 'cuda', workgroupSize: 256, symmetric: true },
    { op: 'sssp_frontier', semiring: 'min-plus', type, target: 'cuda', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, heavyArcs: 'settle' },
    { op: 'sssp_frontier', semiring: 'min-plus', type, target: 'cuda', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, deferHubs: true },
    { op: 'sssp_advance', semiring: 'min-plus', type, target: 'cuda', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, deferHubs: true },
  ]),
).concat([
  // Arcs packed with 8-bit weights (u32 only), with hubs deferred and without.
  { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, deferHubs: true, arcWeightBits: 8 },
  { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256, symmetric: false, lanesPerVertex: 2, chunk: 32, arcWeightBits: 10 },
  // The tree steps reading the packed arcs, on undirected and directed graphs.
  { op: 'sssp_tree', semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256, symmetric: true, arcWeightBits: 8 },
  { op: 'sssp_tree', semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256, symmetric: false, arcWeightBits: 8 },
  { op: 'sssp_tree_scan', semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256, symmetric: true, arcWeightBits: 8 },
]);

// Every SpMV spec above again with read-only cache loads (__ldg), as the CUDA plans make them.
const ldgSpecs: SpmvKernelSpec[] = [...spmvSpecs, ...sellSpecs, ...localFoldSpecs, ...unrolledSpecs].map((s) => ({ ...s, ldg: true }));

// The SpMV specs that read values again for a pattern matrix (no values array), with __ldg as the CUDA plans make them.
const patternSpecs: SpmvKernelSpec[] = ldgSpecs.filter((s) => !SECOND_STEPS.includes(s.op)).map((s) => ({ ...s, pattern: true }));

// The matrix-reading SpMV specs with streaming loads of the matrix (__ldcs on u32, f32 and the vec4s), pattern ones too.
const streamSpecs: SpmvKernelSpec[] = [...ldgSpecs, ...patternSpecs].filter((s) => !SECOND_STEPS.includes(s.op)).map((s) => ({ ...s, streamLoads: true }));

const specs = [...fwSpecs, ...fwUpdateShapes, ...fwRoundSpecs, ...spmvSpecs, ...sellSpecs, ...localFoldSpecs, ...unrolledSpecs, ...ldgSpecs, ...patternSpecs, ...streamSpecs, ...vectorSpecs, ...bfsSpecs, ...ssspSpecs];

describe.skipIf(!nvcc)('CUDA kernels compile with nvcc -ptx -arch=sm_90', () => {
  it.each(specs.map((s) => [generateKernel(s).name, s] as const))('%s', async (_name, spec) => {
    const r = await compileCudaToPtx(generateKernel(spec).source, 'sm_90', spec.op);
    expect(r.log).toBe(r.ok ? r.log : 'compiled');
    expect(r.ok).toBe(true);
  });
});

describe.runIf(!nvcc)('without nvcc', () => {
  it('says it skipped and why', () => {
    console.warn('nvcc not found on PATH: CUDA kernels were not compiled (set NVCC or install the CUDA toolkit)');
    if (process.env.CI) throw new Error('CI must have nvcc to compile the CUDA kernels');
  });
});
