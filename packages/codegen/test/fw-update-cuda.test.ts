import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateKernel, SpecError, type FwKernelSpec } from '../src/index.js';
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
  ])('%s compiles for sm_90a within 128 registers, without spills', async (_label, spec) => {
    const r = await ptxasReport(spec);
    expect(r.spillBytes).toBe(0);
    expect(r.registers).toBeLessThanOrEqual(128);
    expect(r.smem).toBe(generateKernel(spec).workgroupStorageBytes);
  }, 60_000);
});
