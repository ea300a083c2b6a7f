import { describe, expect, it } from 'vitest';
import { BindingError, LimitError } from './errors.js';
import type { ComputeKernel } from './kernel.js';
import { checkKernelLimits, kernelLayout } from './kernel-layout.js';

const kernel: ComputeKernel = {
  id: 'k',
  name: 'k_name',
  source: '',
  entryPoint: 'main',
  workgroupSize: [16, 16, 1],
  bindings: [
    { binding: 2, name: 'out', kind: 'storage' },
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'a', kind: 'read-only-storage' },
  ],
  workgroupStorageBytes: 8192,
};

const limits = {
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupSizeZ: 64,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupStorageSize: 16384,
  maxStorageBuffersPerShaderStage: 8,
} as GPUSupportedLimits;

describe('kernelLayout', () => {
  it('keeps the declaration order of the buffer bindings and picks out the parameter block', () => {
    const layout = kernelLayout(kernel);
    expect(layout.paramsBinding?.name).toBe('params');
    expect(layout.bufferBindings.map((binding) => binding.name)).toEqual(['out', 'a']);
  });

  it.each([
    ['a repeated binding number', [{ binding: 0, name: 'a', kind: 'storage' }, { binding: 0, name: 'b', kind: 'storage' }], /binding 0 is declared twice/],
    ['a repeated name', [{ binding: 0, name: 'a', kind: 'storage' }, { binding: 1, name: 'a', kind: 'storage' }], /"a" is used twice/],
    ['two uniforms', [{ binding: 0, name: 'p', kind: 'uniform' }, { binding: 1, name: 'q', kind: 'uniform' }], /2 uniform bindings/],
  ] as const)('refuses %s', (_, bindings, message) => {
    expect(() => kernelLayout({ ...kernel, bindings })).toThrow(BindingError);
    expect(() => kernelLayout({ ...kernel, bindings })).toThrow(message);
  });
});

describe('checkKernelLimits', () => {
  it('accepts a kernel within the limits', () => {
    expect(() => checkKernelLimits(kernel, limits)).not.toThrow();
  });

  it.each([
    ['maxComputeInvocationsPerWorkgroup', { workgroupSize: [32, 16, 1] as const }, 512, 256],
    ['maxComputeWorkgroupSizeZ', { workgroupSize: [1, 1, 128] as const }, 128, 64],
    ['maxComputeWorkgroupStorageSize', { workgroupStorageBytes: 32768 }, 32768, 16384],
  ])('names %s with both numbers', (limit, change, requested, allowed) => {
    expect(() => checkKernelLimits({ ...kernel, ...change }, limits)).toThrow(LimitError);
    expect(() => checkKernelLimits({ ...kernel, ...change }, limits)).toThrow(
      `kernel k_name needs ${requested} for ${limit}, but this device allows ${allowed}`,
    );
  });
});
