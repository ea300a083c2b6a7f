import { describe, expect, it } from 'vitest';
import { withErrorScopes } from './error-scopes.js';
import { GpuOutOfMemoryError, GpuValidationError } from './errors.js';

/** A device whose error scopes catch what `failures` says, innermost (validation) first. */
function fakeDevice(failures: { validation?: string; outOfMemory?: string }): GPUDevice & { depth: number } {
  const stack: GPUErrorFilter[] = [];
  return {
    get depth() {
      return stack.length;
    },
    pushErrorScope(filter: GPUErrorFilter) {
      stack.push(filter);
    },
    async popErrorScope() {
      const filter = stack.pop();
      const message = filter === 'validation' ? failures.validation : failures.outOfMemory;
      return message === undefined ? null : { message };
    },
  } as unknown as GPUDevice & { depth: number };
}

const context = { operation: 'createBuffer', label: 'dist', byteLength: 1 << 30 };

describe('withErrorScopes', () => {
  it('returns the result when nothing was caught', async () => {
    const device = fakeDevice({});
    await expect(withErrorScopes(device, context, () => 42)).resolves.toBe(42);
    expect(device.depth).toBe(0);
  });

  it('rethrows out-of-memory with the context', async () => {
    const device = fakeDevice({ outOfMemory: 'Allocation failed' });
    const error = await withErrorScopes(device, context, () => 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GpuOutOfMemoryError);
    expect(error).toMatchObject({ label: 'dist', byteLength: 1 << 30, gpuMessage: 'Allocation failed' });
    expect((error as Error).message).toMatch(/^GPU out of memory during createBuffer, "dist", 1073741824 bytes: Allocation failed/);
  });

  it('rethrows validation errors and keeps the scopes balanced when the action throws', async () => {
    const device = fakeDevice({ validation: 'Invalid size' });
    await expect(
      withErrorScopes(device, context, () => {
        throw new TypeError('descriptor');
      }),
    ).rejects.toThrow(GpuValidationError);
    expect(device.depth).toBe(0);
  });
});
