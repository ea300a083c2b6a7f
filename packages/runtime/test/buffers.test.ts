import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitError, type Device } from '../src/index.js';
import { noGpuReason, openTestDevice } from './test-device.js';

describe.skipIf(noGpuReason !== undefined)('buffers on a real device', () => {
  let device: Device;
  beforeAll(async () => {
    device = await openTestDevice();
  });
  afterAll(() => device?.destroy());

  it('round-trips typed arrays, with offsets and lengths', async () => {
    const data = new Int32Array([-5, 0, 7, 2 ** 31 - 1, -(2 ** 31), 42]);
    const buffer = await device.createStorage('ints', data);
    expect(await device.read(buffer, Int32Array)).toEqual(data);
    expect(await device.read(buffer, Int32Array, 8, 3)).toEqual(data.subarray(2, 5));
    device.upload(buffer, new Int32Array([9, 9]), 4);
    expect(await device.read(buffer, Int32Array, 0, 4)).toEqual(new Int32Array([-5, 9, 9, 2 ** 31 - 1]));
  });

  it('reads and writes byte ranges that are not whole words', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);
    const buffer = await device.createStorage('bytes', bytes);
    expect(buffer.size).toBe(8);
    expect(await device.read(buffer, Uint8Array, 1, 5)).toEqual(new Uint8Array([2, 3, 4, 5, 6]));
    expect(await device.read(buffer, Float64Array)).toHaveLength(1);
  });

  it('refuses a storage buffer beyond maxStorageBufferBindingSize with both numbers and a way out', async () => {
    const allowed = device.limits.maxStorageBufferBindingSize;
    const requested = allowed + 1024;
    const error = await device.createBuffer('dist', requested, 'storage').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LimitError);
    expect(error).toMatchObject({ limit: 'maxStorageBufferBindingSize', requested, allowed });
    const message = (error as LimitError).message;
    expect(message).toContain(`storage buffer "dist" needs ${requested} for maxStorageBufferBindingSize, but this device allows ${allowed}`);
    expect(message).toMatch(/split the data/);
  });

  it('refuses any buffer beyond maxBufferSize', async () => {
    const allowed = device.limits.maxBufferSize;
    await expect(device.createBuffer('huge', allowed + 4, 'readback')).rejects.toMatchObject({ limit: 'maxBufferSize', allowed });
  });

  it('checks upload offsets and sizes before WebGPU does', async () => {
    const buffer = await device.createBuffer('small', 8, 'storage');
    expect(() => device.upload(buffer, new Uint32Array(3))).toThrow(RangeError);
    expect(() => device.upload(buffer, new Uint32Array(1), 2)).toThrow(/multiple of 4/);
    await expect(device.read(buffer, Uint32Array, 4, 2)).rejects.toThrow(/past the end/);
  });
});
