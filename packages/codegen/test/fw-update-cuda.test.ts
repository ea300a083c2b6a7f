import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, parseKernelName, SpecError, type FwKernelSpec } from '../src/index.js';
import { findNvcc } from '../src/nvcc.js';

const nvcc = await findNvcc();
const run = promisify(execFile);

const f32: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 128, unroll: 8, kUnroll: 8, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false };

/** ptxas's resource report (-Xptxas -v) for one kernel compiled to an sm_90a cubin, as the runtime compiles it. */
async function ptxasReport(spec: FwKernelSpec): Promise<{ registers: number; spillBytes: number; smem: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'semiforge-fw-update-'));
  try {
    await writeFile(join(dir, 'k.cu'), generateKernel(spec).source);
    const { stderr } = await run(nvcc!, ['-cubin', '-arch=sm_90a', '-O3', '-Xptxas', '-v', '-o', join(dir, 'k.cubin'), join(dir, 'k.cu')], { maxBuffer: 1 << 24 });
    const spills = [...stderr.matchAll(/(\d+) bytes spill (?:stores|loads)/g)].map((m) => Number(m[1]));
    return {
      registers: Number(/Used (\d+) registers/.exec(stderr)?.[1]),
      spillBytes: spills.reduce((a, b) => a + b, 0),
      smem: Number(/(\d+) bytes smem/.exec(stderr)?.[1]),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the register-blocked CUDA products', () => {
  it('relaxes f32 min-plus with fminf (FADD + FMNMX), unrolled over 8×8 registers and 128-bit shared loads', () => {
    const source = generateKernel(f32).source;
    expect(source).toContain('return fminf(c, a + b);');
    expect(source).toContain('__launch_bounds__(256, 2)');
    expect(source).toContain('a[q] = a4[kk * (BM / 4u) + q * WY + ty];');
    expect(generateKernel(f32).workgroupStorageBytes).toBe(2 * 8 * (128 + 128) * 4);
  });

  it('is used for unroll a multiple of 4 only, and by the panels while they copy A along k in quads; the generic product otherwise', () => {
    expect(generateKernel({ ...f32, tile: 64, unroll: 2, workgroup: [16, 16] }).source).not.toContain('typedef float4 V;');
    expect(generateKernel({ ...f32, unroll: 4 }).source).toContain('typedef float4 V;');
    const panel: FwKernelSpec = { ...f32, op: 'fw_panel_col', unroll: 4, kUnroll: 4 };
    expect(generateKernel(panel).source).toContain('As[buf][(kk + j) * BM + r] = sr_stage(lane(ra[i], j));');
    expect(generateKernel(panel).source).toContain('out_c(row0 + ROW(m), col0 + COL(4u * q) + i) = sr_unstage(c[m][4u * q + i]);');
    expect(generateKernel({ ...panel, stage: 2, kUnroll: 2 }).source).not.toContain('typedef float4 V;');
  });

  it('places remapped blocks by params.skip and params.cross, and recomputes the place for its stores', () => {
    const source = generateKernel({ ...f32, remap: true }).source;
    expect(source).toContain('unsigned skip;');
    expect(source).toContain('unsigned cross;');
    expect(source.match(/fw_origin\(params, row0, col0\);/g)).toHaveLength(2);
    expect(generateKernel(f32).source).not.toContain('fw_origin');
    expect(generateKernel({ ...f32, remap: true }).bindings).toEqual(generateKernel(f32).bindings);
  });

  it('builds both panels in one launch: a one-dimensional grid of the row panel then the column panel, the column stored transposed', () => {
    const panels: FwKernelSpec = { ...f32, op: 'fw_panel_row', unroll: 4, successors: true, bothPanels: true };
    const k = generateKernel(panels);
    expect(k.bindings.map((b) => b.name)).toEqual(['params', 'd', 'out_panel', 'out_col_panel', 'succ', 'out_succ', 'out_col_succ']);
    expect(k.source).toContain('if (col_side) {');
    // 8192 / 64 · 128 / 64 row blocks and as many column blocks.
    expect(dispatchGrid(panels, 8192)).toEqual([2 * 128 * 2, 1, 1]);
  });

  it('marks the name\'s shape with r, p and a<stages>, which parse back, and keeps the ids of specs without them', () => {
    const cases: [FwKernelSpec, RegExp, object][] = [
      [{ ...f32, remap: true, asyncStages: 3 }, /__t128u8k8c8w16x16ra3__cuda__/, { remap: true, asyncStages: 3 }],
      [{ ...f32, op: 'fw_panel_row', unroll: 4, successors: true, bothPanels: true }, /__t128u4k8c8w16x16sp__cuda__/, { bothPanels: true, successors: true }],
    ];
    for (const [spec, shape, fields] of cases) {
      const { name } = kernelIdentity(spec);
      expect(name).toMatch(shape);
      expect(parseKernelName(name)).toMatchObject({ op: spec.op, ...fields });
    }
    expect(kernelIdentity({ ...f32, remap: false, bothPanels: false }).id).toBe(kernelIdentity(f32).id);
    expect(parseKernelName(kernelIdentity(f32).name)).not.toHaveProperty('remap');
  });

  it('refuses remap and bothPanels on the ops and targets that do not have them', () => {
    expect(() => generateKernel({ ...f32, op: 'fw_panel_row', unroll: 4, remap: true })).toThrow(/remap.*CUDA's fw_update only/);
    expect(() => generateKernel({ ...f32, target: 'wgsl', unroll: 4, workgroup: [16, 16], remap: true })).toThrow(/remap/);
    expect(() => generateKernel({ ...f32, bothPanels: true })).toThrow(/bothPanels.*CUDA's fw_panel_row only/);
  });

  it('copies slices with cp.async into asyncStages buffers, only in the register-blocked update without DPX', () => {
    const spec: FwKernelSpec = { ...f32, asyncStages: 3 };
    const k = generateKernel(spec);
    expect(k.source).toContain('cp.async.cg.shared.global');
    expect(k.source).toContain('#define STAGES 3u');
    expect(k.source).not.toContain('publish(');
    expect(k.workgroupStorageBytes).toBe(3 * 8 * (128 + 128) * 4);
    expect(generateKernel(f32).source).not.toContain('cp.async');
    expect(() => generateKernel({ ...spec, asyncStages: 5 })).toThrow(/asyncStages.*one of 2, 3, 4/);
    expect(() => generateKernel({ ...spec, type: 'i32', dpx: true })).toThrow(/asyncStages.*not with DPX/);
    expect(() => generateKernel({ ...spec, unroll: 2, tile: 64, workgroup: [16, 16] })).toThrow(/asyncStages.*unroll 2/);
    expect(() => generateKernel({ ...spec, op: 'fw_panel_row', unroll: 4 })).toThrow(/asyncStages.*fw_update only/);
    expect(() => generateKernel({ ...spec, successors: true, asyncStages: 4 })).toThrow(/49152 static limit/);
  });

  it('closes the pivot tile with the products\' relaxation: fminf for f32 min-plus, the saturating ⊗ for i32 even beside DPX', () => {
    const pivot: FwKernelSpec = { ...f32, op: 'fw_pivot', unroll: 1, workgroup: [16, 16] };
    expect(generateKernel(pivot).source).toContain('return fminf(c, a + b);');
    expect(generateKernel(pivot).source).toContain('v0_0 = sr_relax(v0_0, a0, b0);');
    const i32 = generateKernel({ ...pivot, type: 'i32', dpx: true }).source;
    expect(i32).not.toContain('__viaddmin_s32');
    expect(i32).toContain('return sr_add(c, sr_mul(a, b));');
  });

  it('refuses slices whose double buffers exceed the 48 KiB of static shared memory, naming the stage', () => {
    expect(() => generateKernel({ ...f32, stage: 32 })).toThrow(SpecError);
    expect(() => generateKernel({ ...f32, stage: 32 })).toThrow(/65536 bytes of shared memory, over CUDA's 49152 static limit; use a smaller stage/);
    expect(() => generateKernel({ ...f32, stage: 16, successors: true })).toThrow(/stage/);
  });

  // The H100 defaults (f32, DPX) must keep all 64 results in registers at two blocks an SM.
  it.runIf(nvcc).each([
    ['f32', f32],
    ['i32 DPX', { ...f32, type: 'i32', dpx: true } as FwKernelSpec],
    ['f32 4×4, 64×64 blocks', { ...f32, unroll: 4, tile: 64 } as FwKernelSpec],
    ['f32 row panel 4×4', { ...f32, op: 'fw_panel_row', unroll: 4 } as FwKernelSpec],
    ['i32 DPX column panel 4×4', { ...f32, op: 'fw_panel_col', type: 'i32', dpx: true, unroll: 4 } as FwKernelSpec],
    // The rounds' kernels: the update placing its blocks by parameters, both panels in one launch.
    ['f32 remap', { ...f32, remap: true } as FwKernelSpec],
    ['i32 DPX remap', { ...f32, type: 'i32', dpx: true, remap: true } as FwKernelSpec],
    ['f32 both panels 4×4', { ...f32, op: 'fw_panel_row', unroll: 4, bothPanels: true } as FwKernelSpec],
    ['i32 DPX both panels 4×4', { ...f32, op: 'fw_panel_row', type: 'i32', dpx: true, unroll: 4, bothPanels: true } as FwKernelSpec],
    // The cp.async variant, at each depth, remapped as the rounds run it.
    ['f32 cp.async 2 stages', { ...f32, remap: true, asyncStages: 2 } as FwKernelSpec],
    ['f32 cp.async 3 stages', { ...f32, remap: true, asyncStages: 3 } as FwKernelSpec],
    ['f32 cp.async 4 stages', { ...f32, remap: true, asyncStages: 4 } as FwKernelSpec],
    ['f32 cp.async 3 stages, 8×16 threads', { ...f32, remap: true, asyncStages: 3, workgroup: [8, 16] } as FwKernelSpec],
  ])('%s compiles for sm_90a within 128 registers, without spills', async (_label, spec) => {
    const r = await ptxasReport(spec);
    expect(r.spillBytes).toBe(0);
    expect(r.registers).toBeLessThanOrEqual(128);
    expect(r.smem).toBe(generateKernel(spec).workgroupStorageBytes);
  }, 60_000);
});
