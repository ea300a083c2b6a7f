import { generateKernel, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { CudaLaunchConfigError, kernelArgs, packKernelArgs, prepareKernelArgs } from '../src/index.js';

const update: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'f32', tile: 64, unroll: 4, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: true };

describe('prepareKernelArgs', () => {
  const kernel = generateKernel(update);
  const buffers = Object.fromEntries(kernel.bindings.filter((b) => b.kind !== 'uniform').map((b, i) => [b.name, 0x7f00_0000_0000n + BigInt(i) * 4096n]));
  const params = new Uint32Array([4096, 128]);

  it('packs as packKernelArgs does, in an ArrayBuffer of its own that the collector does not move', () => {
    const prepared = prepareKernelArgs(kernel.name, kernel.bindings, buffers, params);
    const packed = packKernelArgs(kernel.name, kernelArgs(kernel.name, kernel.bindings, buffers, params));
    expect(prepared.offsets).toEqual(packed.offsets);
    expect([...prepared.block]).toEqual([...packed.block]);
    expect(prepared.block.buffer.byteLength).toBeGreaterThanOrEqual(256);
  });

  it('views the uniform block in place, so a changed parameter is what the next launch passes', () => {
    const prepared = prepareKernelArgs(kernel.name, kernel.bindings, buffers, params);
    prepared.params[1] = 192;
    const at = kernel.bindings.findIndex((b) => b.kind === 'uniform');
    expect(new DataView(prepared.block.buffer).getUint32(prepared.offsets[at] + 4, true)).toBe(192);
    expect(params[1]).toBe(128);
  });

  it('refuses what kernelArgs refuses', () => {
    expect(() => prepareKernelArgs(kernel.name, kernel.bindings, { ...buffers, typo: 1n }, params)).toThrow(CudaLaunchConfigError);
  });
});
