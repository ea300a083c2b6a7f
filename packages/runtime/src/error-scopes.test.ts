import { describe, expect, it } from 'vitest';
import { errorScoped, withErrorScopes, withScopeErrors } from './error-scopes.js';
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

describe('errorScoped', () => {
  it('pops both scopes before it returns, so that scopes pushed meanwhile cannot pair with them', () => {
    const device = fakeDevice({});
    const { result, errors } = errorScoped(device, context, () => 'queued');
    expect(result).toBe('queued');
    expect(device.depth).toBe(0);
    return expect(errors).resolves.toBeUndefined();
  });

  it("reports a scope's error over the work's own failure, and the work's failure when the scopes caught nothing", async () => {
    const caught = errorScoped(fakeDevice({ validation: 'Buffer destroyed' }), context, () => 1);
    await expect(withScopeErrors(caught.errors, Promise.reject(new Error('map failed')))).rejects.toThrow(GpuValidationError);
    const clean = errorScoped(fakeDevice({}), context, () => 1);
    await expect(withScopeErrors(clean.errors, Promise.reject(new Error('map failed')))).rejects.toThrow('map failed');
    const done = errorScoped(fakeDevice({}), context, () => 1);
    await expect(withScopeErrors(done.errors, Promise.resolve(7))).resolves.toBe(7);
  });

  it("keeps the stack balanced when the action throws, and reports the action's error unless a scope caught one", async () => {
    const plain = fakeDevice({});
    const thrown = errorScoped(plain, context, () => {
      throw new TypeError('descriptor');
    });
    expect(plain.depth).toBe(0);
    await expect(thrown.errors).rejects.toThrow(TypeError);
    const scoped = errorScoped(fakeDevice({ outOfMemory: 'Allocation failed' }), context, () => {
      throw new TypeError('descriptor');
    });
    await expect(scoped.errors).rejects.toThrow(GpuOutOfMemoryError);
  });
});
