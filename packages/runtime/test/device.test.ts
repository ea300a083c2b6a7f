import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DeviceLostError,
  MissingFeatureError,
  NoAdapterError,
  listAdapters,
  openDevice,
  type Device,
} from '../src/index.js';
import { addK } from './kernels.js';
import { noGpuReason, openTestDevice } from './test-device.js';

describe.skipIf(noGpuReason !== undefined)('devices', () => {
  let device: Device;
  beforeAll(async () => {
    device = await openTestDevice();
  });
  afterAll(() => device?.destroy());

  it('describes the device with the adapter limits it asked for', () => {
    const description = device.describe();
    expect(description.backend).toBe('webgpu');
    expect(description.limits.maxStorageBufferBindingSize).toBe(device.adapter.limits.maxStorageBufferBindingSize);
    expect(description.limits.maxComputeWorkgroupStorageSize).toBe(device.adapter.limits.maxComputeWorkgroupStorageSize);
    expect(description.limits.maxComputeInvocationsPerWorkgroup).toBe(device.adapter.limits.maxComputeInvocationsPerWorkgroup);
    expect(description.features.includes('timestamp-query')).toBe(device.adapter.features.includes('timestamp-query'));
    expect(device.hasTimestamps).toBe(description.features.includes('timestamp-query'));
  });

  it('lists adapters with their limits', async () => {
    const adapters = await listAdapters();
    expect(adapters.length).toBeGreaterThan(0);
    expect(adapters.map((adapter) => adapter.device)).toContain(device.adapter.device);
    expect(adapters[0]?.limits.maxBufferSize).toBeGreaterThan(0);
  });

  it('selects adapters by case-insensitive substring, from the option or SEMIFORGE_ADAPTER', async () => {
    const name = (device.adapter.vendor || device.adapter.device).toUpperCase();
    const chosen = await openDevice({ adapter: name });
    expect(chosen.adapter.device).toBe(device.adapter.device);
    chosen.destroy();

    const error = await openDevice({ adapter: 'no-such-gpu-xyz' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoAdapterError);
    expect((error as NoAdapterError).seen.length).toBeGreaterThan(0);
    expect((error as NoAdapterError).message).toContain(device.adapter.device);

    vi.stubEnv('SEMIFORGE_ADAPTER', 'no-such-gpu-xyz');
    try {
      await expect(openDevice()).rejects.toMatchObject({ name: 'NoAdapterError', requested: 'no-such-gpu-xyz' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('names required features the adapter lacks', async (context) => {
    const candidates: GPUFeatureName[] = ['texture-compression-astc', 'texture-compression-etc2', 'texture-formats-tier2'];
    const absent = candidates.find((feature) => !device.adapter.features.includes(feature));
    if (absent === undefined) context.skip('the adapter has every candidate feature');
    await expect(openDevice({ requiredFeatures: [absent as GPUFeatureName] })).rejects.toThrow(MissingFeatureError);
  });

  it('hands WebGPU errors outside the runtime to onUncapturedError', async () => {
    const errors: GPUError[] = [];
    const own = await openDevice({ onUncapturedError: (error) => errors.push(error) });
    own.gpu.createBuffer({ size: 4, usage: 0 });
    await own.read(await own.createBuffer('sync', 4, 'storage'), Uint32Array);
    await vi.waitFor(() => expect(errors.length).toBe(1));
    own.destroy();
  });

  it('turns pending and later work on a destroyed device into DeviceLostError, never a hang', async () => {
    const doomed = await openDevice();
    const x = await doomed.createStorage('x', new Uint32Array(1 << 16));
    const batch = doomed.batch();
    for (let k = 0; k < 64; k++) batch.dispatch(addK(), { buffers: { x }, params: new Uint32Array([k, 1 << 16]), workgroups: [1024] });
    const pendingSubmit = batch.submit();
    const pendingRead = doomed.read(x, Uint32Array);
    doomed.destroy();
    await expect(pendingSubmit).rejects.toThrow(DeviceLostError);
    await expect(pendingRead).rejects.toMatchObject({ name: 'DeviceLostError', reason: 'destroyed' });
    await expect(doomed.createBuffer('later', 4, 'storage')).rejects.toThrow(DeviceLostError);
    await expect(doomed.read(x, Uint32Array)).rejects.toThrow(DeviceLostError);
    expect(() => doomed.batch()).toThrow(DeviceLostError);
    expect(() => doomed.upload(x, new Uint32Array(1))).toThrow(DeviceLostError);
    await expect(doomed.pipeline(addK('after-loss'))).rejects.toThrow(DeviceLostError);
    expect(doomed.isLost).toBe(true);
    await expect(doomed.lost).resolves.toBeInstanceOf(DeviceLostError);
    doomed.destroy();
  });
});
