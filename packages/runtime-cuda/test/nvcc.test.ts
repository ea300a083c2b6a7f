import { generateKernel, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { CudaCompileError, findNvcc, nvccCandidates, nvccVersion, parseCompileLog } from '../src/index.js';

const nvcc = await findNvcc();
const spec: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 128, unroll: 4, layout: 'row-major', workgroup: [8, 16], target: 'cuda', successors: false };

describe('finding nvcc', () => {
  it('looks at $NVCC, PATH, $CUDA_HOME/bin, then /usr/local/cuda/bin', () => {
    expect(nvccCandidates({ NVCC: '/opt/nv/nvcc', CUDA_HOME: '/opt/cuda' })).toEqual(['/opt/nv/nvcc', 'nvcc', '/opt/cuda/bin/nvcc', '/usr/local/cuda/bin/nvcc']);
    expect(nvccCandidates({})).toEqual(['nvcc', '/usr/local/cuda/bin/nvcc']);
  });

  it('reads the version nvcc prints', () => {
    expect(nvccVersion('Cuda compilation tools, release 13.0, V13.0.88\nBuild cuda_13.0.r13.0/compiler.36424714_0')).toBe('nvcc 13.0.88');
  });
});

describe('parseCompileLog', () => {
  it('reads nvcc, NVRTC and ptxas diagnostics with their lines', () => {
    const log = [
      '/tmp/semiforge-cubin-x/fw_update.cu(42): error: identifier "q" is undefined',
      'fw_update.cu(7): warning #177-D: variable "x" was declared but never referenced',
      "ptxas error   : Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)",
      '1 error detected in the compilation of "fw_update.cu".',
    ].join('\n');
    expect(parseCompileLog(log)).toEqual([
      { severity: 'error', line: 42, message: 'identifier "q" is undefined' },
      { severity: 'warning', line: 7, message: 'variable "x" was declared but never referenced' },
      { severity: 'error', line: 0, message: "Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)" },
    ]);
  });
});

describe.skipIf(!nvcc)('nvcc → cubin', () => {
  it('compiles a generated FW update kernel into an ELF cubin for sm_90a', async () => {
    const kernel = generateKernel(spec);
    const cubin = await nvcc!.compile(kernel.source, 'sm_90a', kernel.name);
    expect([...cubin.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
    expect(Buffer.from(cubin).includes(Buffer.from(kernel.entryPoint))).toBe(true);
  });

  it('compiles the DPX update (i32 min-plus, __viaddmin_s32) for sm_90a', async () => {
    const kernel = generateKernel({ ...spec, type: 'i32', dpx: true });
    expect(kernel.source).toContain('__viaddmin_s32');
    const cubin = await nvcc!.compile(kernel.source, 'sm_90a', kernel.name);
    expect([...cubin.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
  });

  it('shows a compile error at its line of the generated source, with that line quoted', async () => {
    const kernel = generateKernel(spec);
    const lines = kernel.source.split('\n');
    const at = lines.findIndex((l) => l.includes('__syncthreads();'));
    lines[at] = lines[at].replace('__syncthreads();', '__syncthreads(); undefined_symbol_q += 1;');
    const error = await nvcc!.compile(lines.join('\n'), 'sm_90a', kernel.name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CudaCompileError);
    const e = error as CudaCompileError;
    expect(e.diagnostics.filter((d) => d.severity === 'error').map((d) => d.line)).toEqual([at + 1]);
    expect(e.message).toContain(`CUDA source of kernel ${kernel.name} does not compile for sm_90a:\n  line ${at + 1}: identifier "undefined_symbol_q" is undefined\n    __syncthreads(); undefined_symbol_q += 1;`);
  });
});

describe.runIf(!nvcc)('without nvcc', () => {
  it('says it skipped the cubin tests and why', () => {
    console.warn('nvcc not found (PATH, $NVCC, $CUDA_HOME/bin, /usr/local/cuda/bin): cubin compilation was not tested');
    if (process.env.CI) throw new Error('CI must have nvcc to compile CUDA kernels');
  });
});
