import { generateKernel, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { CudaLaunchConfigError, kernelArgs, packKernelArgs } from '../src/index.js';

const update: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 64, unroll: 4, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: true };

describe('packKernelArgs', () => {
  it('places each value 8-byte aligned, little-endian, as the CUDA ABI reads it', () => {
    const params = new Uint32Array([4096, 128]);
    const { block, offsets } = packKernelArgs('k', [
      { kind: 'bytes', value: params },
      { kind: 'ptr', value: 0x7f12_3456_7890n },
      { kind: 'u32', value: 0xffffffff },
      { kind: 'i32', value: -5 },
      { kind: 'f32', value: 1.5 },
    ]);
    expect(offsets).toEqual([0, 8, 16, 24, 32]);
    const v = new DataView(block.buffer);
    expect([v.getUint32(0, true), v.getUint32(4, true)]).toEqual([4096, 128]);
    expect(v.getBigUint64(8, true)).toBe(0x7f12_3456_7890n);
    expect(v.getUint32(16, true)).toBe(0xffffffff);
    expect(v.getInt32(24, true)).toBe(-5);
    expect(v.getFloat32(32, true)).toBe(1.5);
    expect(block.byteLength).toBe(40);
  });

  it('rounds a struct up to the next 8 bytes before the following argument', () => {
    const { offsets } = packKernelArgs('k', [{ kind: 'bytes', value: new Uint32Array(3) }, { kind: 'ptr', value: 1n }]);
    expect(offsets).toEqual([0, 16]);
  });

  it.each([
    [{ kind: 'u32', value: -1 }, /argument 0 \(u32\) is -1, not an integer in 0..2\^32−1/],
    [{ kind: 'u32', value: 2 ** 32 }, /not an integer in 0..2\^32−1/],
    [{ kind: 'i32', value: 2 ** 31 }, /not an integer in −2\^31..2\^31−1/],
    [{ kind: 'i32', value: 0.5 }, /not an integer/],
    [{ kind: 'ptr', value: -1n }, /not a 64-bit device address/],
  ] as const)('refuses %o, naming the kernel and the value', (arg, message) => {
    expect(() => packKernelArgs('fw_update__x', [arg])).toThrow(CudaLaunchConfigError);
    expect(() => packKernelArgs('fw_update__x', [arg])).toThrow(message);
  });
});

describe('kernelArgs of a generated kernel', () => {
  const kernel = generateKernel(update);

  it('passes params by value, then each storage binding by address, in the kernel’s parameter order', () => {
    const buffers = { d: 1n, row_panel: 2n, col_panel: 3n, succ: 4n, row_succ: 5n, col_succ: 6n };
    const params = new Uint32Array([128, 64, 0, 0]);
    const args = kernelArgs(kernel.name, kernel.bindings, buffers, params);
    const signature = /fw_update\(([^)]*)\)/.exec(kernel.source)![1].split(',').map((p) => p.trim().split(/\s+/).at(-1));
    expect(signature).toEqual(['params', 'd', 'row_panel', 'col_panel', 'succ', 'row_succ', 'col_succ']);
    expect(args).toEqual([{ kind: 'bytes', value: params }, ...[1n, 2n, 3n, 4n, 5n, 6n].map((value) => ({ kind: 'ptr', value }))]);
  });

  it('refuses a missing buffer and a buffer the kernel does not take, naming them', () => {
    const params = new Uint32Array(4);
    expect(() => kernelArgs(kernel.name, kernel.bindings, { d: 1n, row_panel: 2n, col_panel: 3n, succ: 4n, row_succ: 5n }, params)).toThrow(/no buffer given for parameter col_succ/);
    const plain = generateKernel({ ...update, successors: false });
    expect(() => kernelArgs(plain.name, plain.bindings, { d: 1n, row_panel: 2n, col_panel: 3n, dist: 9n }, params)).toThrow(/buffers dist are not parameters of this kernel/);
    // Optional bindings left undefined (no successors) are not "extra".
    expect(kernelArgs(plain.name, plain.bindings, { d: 1n, row_panel: 2n, col_panel: 3n, succ: undefined }, params)).toHaveLength(4);
  });
});
