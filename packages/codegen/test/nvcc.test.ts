import { describe, expect, it } from 'vitest';
import { generateKernel, FW_KERNEL_OPS, SPMV_KERNEL_OPS, type FwKernelSpec, type KernelSpec, type SpmvKernelSpec } from '../src/index.js';
import { compileCudaToPtx, findNvcc } from '../src/nvcc.js';

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

// Every SpMV op and reduction, each semiring, with and without accumulate and mask.
const SPMV_VARIANTS: Pick<SpmvKernelSpec, 'semiring' | 'type' | 'accumulate' | 'masked'>[] = [
  { semiring: 'plus-times', type: 'f32', accumulate: false, masked: false },
  { semiring: 'min-plus', type: 'i32', accumulate: true, masked: true },
  { semiring: 'max-min', type: 'u32', accumulate: true, masked: false },
  { semiring: 'or-and', type: 'u32', accumulate: false, masked: true },
];
const spmvSpecs: SpmvKernelSpec[] = SPMV_KERNEL_OPS.flatMap((op) =>
  (op === 'spmv_csr_vector' ? (['subgroup', 'workgroup'] as const) : [undefined]).flatMap((reduction) =>
    SPMV_VARIANTS.map((v) => ({ ...v, op, target: 'cuda' as const, rowsPerWorkgroup: op === 'spmv_csr_vector' ? 8 : 128, lanesPerRow: op === 'spmv_csr_vector' ? 16 : 1, reduction })),
  ),
);

const specs = [...fwSpecs, ...spmvSpecs];

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
