import { generateKernel, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { countSass, disassemble, findCuobjdump, findNvcc } from '../src/index.js';

const nvcc = await findNvcc();
const cuobjdump = await findCuobjdump();
const update: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'i32', tile: 128, unroll: 4, layout: 'row-major', workgroup: [8, 16], target: 'cuda', successors: false };

describe('countSass', () => {
  it('counts whole mnemonics, modifiers aside', () => {
    const sass = '/*0100*/ VIADDMNMX R4, R5, R6, R4, PT ;\n/*0110*/ VIADDMNMX.U32 R1, R2, R3, R1 ;\n/*0120*/ IMNMX R0, R1, R2, PT ;';
    expect(countSass(sass, ['VIADDMNMX', 'IMNMX', 'FADD'])).toEqual({ VIADDMNMX: 2, IMNMX: 1, FADD: 0 });
  });
});

// cuobjdump is not on every machine with nvcc (not here); the GPU host has it, and the CUDA self-test repeats this.
describe.skipIf(!nvcc || !cuobjdump)('DPX in the SASS (nvcc -cubin -arch=sm_90a, cuobjdump -sass)', () => {
  it('turns each relaxation of the i32 min-plus update into one VIADDMNMX', async () => {
    const kernel = generateKernel({ ...update, dpx: true });
    const sass = await disassemble(cuobjdump!, await nvcc!.compile(kernel.source, 'sm_90a', kernel.name));
    // 4×4 results a thread, 8 k-steps a slice staged (unrolled): at least 16 per k-step.
    expect(countSass(sass, ['VIADDMNMX']).VIADDMNMX).toBeGreaterThanOrEqual(16 * 4);
  });
});

describe.runIf(!nvcc || !cuobjdump)('without cuobjdump', () => {
  it('says the SASS check was skipped and where it runs', () => {
    console.warn('cuobjdump not found: the DPX SASS check was skipped (it runs in `node .device/cuda.mjs --selftest` on the GPU host)');
  });
});
