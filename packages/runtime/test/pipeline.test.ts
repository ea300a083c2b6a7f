import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GpuValidationError, LimitError, SemiforgeGpuError, ShaderCompileError, type Device } from '../src/index.js';
import { addK, brokenSyntax, doubleInto } from './kernels.js';
import { noGpuReason, openTestDevice } from './test-device.js';

describe.skipIf(noGpuReason !== undefined)('pipelines on a real device', () => {
  let device: Device;
  beforeAll(async () => {
    device = await openTestDevice();
  });
  afterAll(() => device?.destroy());

  it('compiles each kernel id once and returns the cached pipeline', async () => {
    const before = device.pipelineCount;
    const [first, concurrent] = await Promise.all([device.pipeline(addK('cache_a')), device.pipeline(addK('cache_a'))]);
    const again = await device.pipeline(addK('cache_a'));
    const other = await device.pipeline(addK('cache_b'));
    expect(concurrent).toBe(first);
    expect(again.pipeline).toBe(first.pipeline);
    expect(other.pipeline).not.toBe(first.pipeline);
    expect(device.pipelineCount).toBe(before + 2);
  });

  it('refuses one id used for two sources', async () => {
    await device.pipeline(addK('conflict'));
    const changed = { ...addK('conflict'), source: addK().source.replace('+ params.k', '- params.k') };
    await expect(device.pipeline(changed)).rejects.toThrow(SemiforgeGpuError);
  });

  it('reports no compilation errors for valid kernels', async () => {
    for (const kernel of [addK(), doubleInto]) {
      expect((await device.compile(kernel)).filter((message) => message.type === 'error')).toEqual([]);
    }
  });

  it('turns a WGSL syntax error into a ShaderCompileError naming the kernel and the line', async () => {
    const messages = await device.compile(brokenSyntax);
    expect(messages.filter((message) => message.type === 'error').map((message) => message.line)).toEqual([3]);

    const before = device.pipelineCount;
    const error = await device.pipeline(brokenSyntax).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShaderCompileError);
    const compileError = error as ShaderCompileError;
    expect(compileError.kernelName).toBe('broken__syntax');
    expect(compileError.kernelId).toBe('test_broken_syntax');
    expect(compileError.message).toContain('broken__syntax');
    expect(compileError.message).toMatch(/line 3:\d+: /);
    expect(compileError.message).toContain('fn main( {');
    expect(device.pipelineCount).toBe(before);
  });

  it('reports a kernel description that does not match its WGSL as a GpuValidationError with the kernel id', async () => {
    const wrongEntry = { ...doubleInto, id: 'wrong_entry', entryPoint: 'nope' };
    await expect(device.pipeline(wrongEntry)).rejects.toThrow(GpuValidationError);
    const wrongKind = { ...doubleInto, id: 'wrong_kind', bindings: doubleInto.bindings.map((b) => ({ ...b, kind: 'read-only-storage' as const })) };
    const error = await device.pipeline(wrongKind).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GpuValidationError);
    expect((error as GpuValidationError).kernelId).toBe('wrong_kind');
  });

  it('checks workgroup size and workgroup memory against the limits before compiling', async () => {
    const invocations = device.limits.maxComputeInvocationsPerWorkgroup;
    const wide = { ...addK('wide'), workgroupSize: [invocations, 2, 1] as const };
    await expect(device.pipeline(wide)).rejects.toThrow(
      `needs ${invocations * 2} for maxComputeInvocationsPerWorkgroup, but this device allows ${invocations}`,
    );
    const storage = device.limits.maxComputeWorkgroupStorageSize;
    const greedy = { ...addK('greedy'), workgroupStorageBytes: storage + 4 };
    const error = await device.pipeline(greedy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LimitError);
    expect(error).toMatchObject({ limit: 'maxComputeWorkgroupStorageSize', requested: storage + 4, allowed: storage, kernelId: 'greedy' });
  });
});
