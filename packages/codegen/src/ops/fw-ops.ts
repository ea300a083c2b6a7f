import { numberBindings } from '../render/bindings.js';
import { ELEMENT_BYTES } from '../spec/element-type.js';
import type { FwKernelSpec, FwOp } from '../spec/kernel-spec.js';
import { cudaQuads, cudaQuadsStorageBytes, stagingDepth } from '../spec/validate-fw-spec.js';
import { PARAMS_BINDING as params, type OpInfo as GenericOpInfo } from './op-info.js';

type OpInfo = Omit<GenericOpInfo<FwKernelSpec>, 'workgroupSize'>;

const range = (k: number) => Array.from({ length: k }, (_, i) => i);

/** Register cells of an r × c per-thread block, grouped by row and by column for unrolled code. */
function registerBlock(r: number, c: number) {
  const cells = range(r).flatMap((m) => range(c).map((n) => ({ m, n })));
  return {
    cells,
    rows: range(r).map((m) => ({ m, cells: cells.filter((x) => x.m === m) })),
    cols: range(c).map((n) => ({ n, cells: cells.filter((x) => x.n === n) })),
  };
}

/**
 * Shape of a product kernel. With unroll a multiple of 4 (WGSL), each thread owns 4-aligned runs of rows and
 * columns and reads A and B from workgroup memory as vec4: a quarter of the load instructions, and the
 * broadcast of A across a row of threads costs one access instead of four (shared-memory bandwidth, not
 * arithmetic, limits the scalar version). Otherwise rows and columns are interleaved (stride WY, WX).
 */
function productShape(spec: FwKernelSpec) {
  const [wx, wy] = spec.workgroup;
  const u = spec.unroll;
  const bm = wy * u;
  const bn = wx * u;
  const kc = stagingDepth(spec);
  const vec4 = spec.target === 'wgsl' && u % 4 === 0;
  const aStride = vec4 ? bm + 4 : bm + 1;
  return { wx, wy, bm, bn, kc, vec4, aStride, aWords: kc * aStride, bWords: kc * bn, aQuads: (kc * aStride) / 4, bQuads: (kc * bn) / 4, threads: wx * wy };
}

/** Register cells of a product thread, with the index expressions of their rows and columns. */
function productRegisters(spec: FwKernelSpec, vec4: boolean) {
  const u = spec.unroll;
  const rowExpr = (m: number) => (vec4 ? `ty * ${u}u + ${m}u` : `ty + ${m}u * WY`);
  const colExpr = (n: number) => (vec4 ? `tx * ${u}u + ${n}u` : `tx + ${n}u * WX`);
  const lane = (i: number) => 'xyzw'[i % 4];
  const block = registerBlock(u, u);
  return {
    cells: block.cells.map((c) => ({ ...c, row: rowExpr(c.m), col: colExpr(c.n) })),
    rows: block.rows.map((r) => ({ ...r, row: rowExpr(r.m), quad: Math.floor(r.m / 4), lane: lane(r.m) })),
    cols: block.cols.map((c) => ({ ...c, col: colExpr(c.n), quad: Math.floor(c.n / 4), lane: lane(c.n) })),
    quads: range(Math.floor(u / 4)).map((q) => ({ q })),
    quadsPerThread: u / 4,
  };
}

/** 128-bit vector of each element type, as the quads kernel loads and stores. */
const QUAD_TYPE = { f32: 'float4', i32: 'int4', u32: 'uint4' } as const;

/**
 * Blocks an SM should fit at once, for __launch_bounds__: as many as leave each thread registers for its
 * results (twice as many with successors) plus about 64 for operands and addresses, 32 more where ⊗
 * saturates (integer min-plus without DPX: ptxas spilled at 128); at least 1.
 */
function minBlocks(spec: FwKernelSpec, threads: number): number {
  const saturating = spec.semiring === 'min-plus' && spec.type !== 'f32' && !spec.dpx;
  const budget = Math.min(255, spec.unroll * spec.unroll * (spec.successors ? 2 : 1) + 64 + (saturating ? 32 : 0));
  return Math.max(1, Math.floor(65536 / (threads * budget)));
}

/** fw_update reads both panels contiguously along its block: with vec4 registers it stages them as vec4 too. */
function stagesVec4(spec: FwKernelSpec): boolean {
  return spec.op === 'fw_update' && productShape(spec).vec4;
}

/**
 * How the quads kernel stores its results: along c as vectors (update, row panel), along r as scalars (the
 * column panel, stored transposed), or either as the block's side decides (both panels in one launch).
 */
function outputs(spec: FwKernelSpec) {
  const both = spec.op === 'fw_panel_row' && spec.bothPanels === true;
  const transposed = spec.op === 'fw_panel_col';
  return { bothPanels: both, outScalar: transposed || both, outVector: !transposed, outEither: both };
}

function productInfo(template: string, aAlongK: boolean, hopUsesB: boolean, bindings: OpInfo['bindings'], grid: OpInfo['grid']): OpInfo {
  return {
    template,
    bindings,
    grid,
    view: (spec) => {
      const shape = productShape(spec);
      const kUnroll = spec.kUnroll ?? 1;
      const ksteps = range(kUnroll).map((j) => ({ j }));
      return {
        ...shape,
        ...productRegisters(spec, shape.vec4),
        unroll: spec.unroll,
        aAlongK,
        hopUsesB: hopUsesB && spec.successors,
        stageVec4: stagesVec4(spec),
        kUnroll,
        ksteps,
        quadKernel: cudaQuads(spec),
        ...outputs(spec),
        remap: spec.op === 'fw_update' && spec.remap === true,
        asyncStages: spec.asyncStages,
        stages: spec.asyncStages ?? 2,
        quadType: QUAD_TYPE[spec.type],
        minBlocks: minBlocks(spec, shape.threads),
      };
    },
    workgroupStorageBytes: (spec) => {
      const s = productShape(spec);
      if (cudaQuads(spec)) return cudaQuadsStorageBytes(spec);
      const words = s.aWords + s.bWords + (spec.successors ? s.aWords + (hopUsesB ? s.bWords : 0) : 0);
      return words * ELEMENT_BYTES;
    },
  };
}

/** A panel's bindings; with `bothPanels` the column panel's outputs too (fw_panel_row). */
const panelBindings = (spec: FwKernelSpec) =>
  numberBindings([
    params,
    { name: 'd', kind: 'read-only-storage', element: spec.type },
    { name: 'out_panel', kind: 'storage', element: spec.type },
    spec.bothPanels === true && { name: 'out_col_panel', kind: 'storage', element: spec.type },
    spec.successors && { name: 'succ', kind: 'read-only-storage', element: 'u32' },
    spec.successors && { name: 'out_succ', kind: 'storage', element: 'u32' },
    spec.successors && spec.bothPanels === true && { name: 'out_col_succ', kind: 'storage', element: 'u32' },
  ]);

/** Values every FW template reads: the tile and layout the prelude's `at()` needs, and the shape flags. */
const fwView = (spec: FwKernelSpec) => ({
  tile: spec.tile,
  unroll: spec.unroll,
  bdl: spec.layout === 'bdl',
  successors: spec.successors,
  dpx: spec.dpx === true,
  fminRelax: spec.target === 'cuda' && spec.semiring === 'min-plus' && spec.type === 'f32',
});

/** An FW op with the family's common view and its [x, y] workgroup. */
function fwOp(info: OpInfo): GenericOpInfo<FwKernelSpec> {
  return { ...info, view: (spec) => ({ ...fwView(spec), ...info.view(spec) }), workgroupSize: (spec) => [spec.workgroup[0], spec.workgroup[1]] };
}

/** The blocked Floyd-Warshall family (paper 000), one entry per op. */
export const FW_OPS: Record<FwOp, GenericOpInfo<FwKernelSpec>> = {
  fw_pivot: fwOp({
    template: 'fw/pivot',
    bindings: (spec) =>
      numberBindings([params, { name: 'd', kind: 'storage', element: spec.type }, spec.successors && { name: 'succ', kind: 'storage', element: 'u32' }]),
    view: (spec) => {
      const [wx, wy] = spec.workgroup;
      return { wx, wy, threads: wx * wy, twoTile: 2 * spec.tile, ...registerBlock(spec.tile / wy, spec.tile / wx) };
    },
    workgroupStorageBytes: (spec) => (spec.successors ? 3 : 2) * 2 * spec.tile * ELEMENT_BYTES,
    grid: () => [1, 1, 1],
  }),
  fw_panel_row: fwOp(productInfo('fw/panel-row', true, false, panelBindings, (spec, n) => {
    const s = productShape(spec);
    // Both panels: the row panel's blocks, then the column panel's, in one dimension (see fw-origin).
    if (spec.bothPanels) return [(n / s.bn) * (spec.tile / s.bm) + (spec.tile / s.bn) * (n / s.bm), 1, 1];
    return [n / s.bn, spec.tile / s.bm, 1];
  })),
  fw_panel_col: fwOp(productInfo('fw/panel-col', true, false, panelBindings, (spec, n) => {
    const s = productShape(spec);
    return [spec.tile / s.bn, n / s.bm, 1];
  })),
  fw_update: fwOp(productInfo(
    'fw/update',
    false,
    true,
    (spec) =>
      numberBindings([
        params,
        { name: 'd', kind: 'storage', element: spec.type },
        { name: 'row_panel', kind: 'read-only-storage', element: spec.type, vec4: stagesVec4(spec) },
        { name: 'col_panel', kind: 'read-only-storage', element: spec.type, vec4: stagesVec4(spec) },
        spec.successors && { name: 'succ', kind: 'storage', element: 'u32' },
        spec.successors && { name: 'row_succ', kind: 'read-only-storage', element: 'u32' },
        spec.successors && { name: 'col_succ', kind: 'read-only-storage', element: 'u32' },
      ]),
    (spec, n) => {
      const s = productShape(spec);
      return [n / s.bn, n / s.bm, 1];
    },
  )),
  fw_plain: fwOp({
    template: 'fw/plain',
    bindings: (spec) =>
      numberBindings([params, { name: 'd', kind: 'storage', element: spec.type }, spec.successors && { name: 'succ', kind: 'storage', element: 'u32' }]),
    view: (spec) => ({ wx: spec.workgroup[0], wy: spec.workgroup[1], threads: spec.workgroup[0] * spec.workgroup[1] }),
    workgroupStorageBytes: () => 0,
    grid: (spec, n) => [Math.ceil(n / spec.workgroup[0]), Math.ceil(n / spec.workgroup[1]), 1],
  }),
};
