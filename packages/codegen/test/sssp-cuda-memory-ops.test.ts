import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateKernel, type SsspKernelSpec } from '../src/index.js';
import { findNvcc } from '../src/nvcc.js';

const nvcc = await findNvcc();
const run = promisify(execFile);

/** The PTX of one kernel (nvcc -ptx -O3 for sm_90a, the H100's target). */
async function ptxOf(spec: SsspKernelSpec): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'semiforge-sssp-ptx-'));
  try {
    await writeFile(join(dir, 'k.cu'), generateKernel(spec).source);
    await run(nvcc!, ['-ptx', '-arch=sm_90a', '-O3', '-o', join(dir, 'k.ptx'), join(dir, 'k.cu')], { maxBuffer: 1 << 24 });
    return await readFile(join(dir, 'k.ptx'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const count = (ptx: string, instruction: string) => ptx.split('\n').filter((line) => line.trim().startsWith(instruction)).length;

const base = { semiring: 'min-plus', type: 'u32', target: 'cuda', workgroupSize: 256 } as const;
const SPECS: readonly SsspKernelSpec[] = [
  { ...base, op: 'sssp_edges', symmetric: true, reads: 'atomic' },
  { ...base, op: 'sssp_parents', symmetric: true },
  { ...base, op: 'sssp_tree', symmetric: true },
  { ...base, op: 'sssp_frontier', symmetric: false, lanesPerVertex: 16, chunk: 256 },
];

// WGSL's atomicLoad/atomicStore are relaxed device-scope atomics (Tint: OpAtomicLoad, scope Device, Relaxed). A
// volatile access is system-scope (LDG.E.STRONG.SYS): the CUDA kernels say what WGSL says and no more.
describe.skipIf(!nvcc)('CUDA SSSP kernels access the live arrays as WGSL does', () => {
  it.each(SPECS.map((s) => [s.op, s] as const))('%s: relaxed device-scope loads and stores, nothing volatile', async (_op, spec) => {
    const ptx = await ptxOf(spec);
    expect(ptx).not.toMatch(/\b(ld|st)\.volatile\b/);
    expect(count(ptx, 'ld.relaxed.gpu.global.u32')).toBeGreaterThan(0);
  });

  it("paper 001's pass: per pair 3 read-only loads, 2 live distance loads, 2 atomicMin (both ways), the flag", async () => {
    const ptx = await ptxOf(SPECS[0]);
    expect(count(ptx, 'ld.global.nc.u32')).toBe(3);
    expect(count(ptx, 'ld.relaxed.gpu.global.u32')).toBe(2);
    expect(count(ptx, 'atom.global.min.u32')).toBe(2);
    // The changed flag: one plain load, one plain store.
    expect(count(ptx, 'ld.global.u32')).toBe(1);
    expect(count(ptx, 'st.global.u32')).toBe(1);
  });
});
