import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitError, type Device } from '../src/index.js';
import { noGpuReason, openTestDevice } from './test-device.js';

/** Whether two arrays hold the same bytes (toEqual walks a million-element array for seconds). */
function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;
}

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

  it('creates and uploads from shared memory (where parallel graph builders leave their arrays): mapped at creation, or staged past one slice, at an offset', async () => {
    // 5 M words = 20 MiB: two slices of the 16 MiB stage.
    const data = new Uint32Array(new SharedArrayBuffer(5_000_000 * 4));
    for (let i = 0; i < data.length; i++) data[i] = Math.imul(i, 2654435761) >>> 0;
    const mapped = await device.createStorage('shared', data);
    expect(sameBytes(await device.read(mapped, Uint32Array), data)).toBe(true);
    const staged = await device.createBuffer('staged', data.byteLength, 'storage');
    device.upload(staged, data);
    expect(sameBytes(await device.read(staged, Uint32Array), data)).toBe(true);
    const part = new Float32Array(new SharedArrayBuffer(12)).fill(1.5);
    device.upload(mapped, part, 8);
    expect(await device.read(mapped, Float32Array, 8, 3)).toEqual(new Float32Array([1.5, 1.5, 1.5]));
    // A shared view whose length is not whole words: the buffer's last word is zero past it, and an empty one has a word.
    const odd = new Uint8Array(new SharedArrayBuffer(7)).fill(3);
    const small = await device.createStorage('odd', odd);
    expect(await device.read(small, Uint8Array)).toEqual(new Uint8Array([3, 3, 3, 3, 3, 3, 3, 0]));
    const none = await device.createStorage('empty', new Uint32Array(new SharedArrayBuffer(0)));
    expect(await device.read(none, Uint32Array)).toEqual(new Uint32Array([0]));
    // A view into the middle of a shared array copies only its own bytes.
    const middle = await device.createStorage('middle', data.subarray(3, 6));
    expect(await device.read(middle, Uint32Array)).toEqual(data.slice(3, 6));
  });

  it('reads and writes byte ranges that are not whole words', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);
    const buffer = await device.createStorage('bytes', bytes);
    expect(buffer.size).toBe(8);
    expect(await device.read(buffer, Uint8Array, 1, 5)).toEqual(new Uint8Array([2, 3, 4, 5, 6]));
    expect(await device.read(buffer, Float64Array)).toHaveLength(1);
  });

  it('readInto fills memory the caller keeps: whole, at an offset, into a part of a larger array, and refuses bad ranges', async () => {
    const data = Int32Array.from({ length: 1000 }, (_, i) => i * 7 - 300);
    const buffer = await device.createStorage('into', data);
    const whole = new Int32Array(1000);
    await device.readInto(buffer, whole);
    expect(whole).toEqual(data);
    // Twice into the same array: the second read overwrites the first's bytes.
    const part = new Int32Array(10).fill(-1);
    await device.readInto(buffer, part, 4 * 990);
    await device.readInto(buffer, part, 4 * 5);
    expect(part).toEqual(data.subarray(5, 15));
    // A view into the middle of a larger array leaves the rest untouched; bytes at an unaligned offset.
    const host = new Uint8Array(16).fill(0xee);
    await device.readInto(buffer, host.subarray(4, 7), 1);
    expect([...host.subarray(0, 4)]).toEqual([0xee, 0xee, 0xee, 0xee]);
    expect(host.subarray(4, 7)).toEqual(new Uint8Array(data.buffer, 1, 3));
    expect(host[7]).toBe(0xee);
    await expect(device.readInto(buffer, new Int32Array(2), 4 * 999)).rejects.toThrow(/reaches past the end/);
    await expect(device.readInto(buffer, new Int32Array(2), 2)).rejects.toThrow(/multiple of the element size/);
    buffer.destroy();
  });

  it('reads through the kept staging buffer return each read its own bytes, small ones after large ones too', async () => {
    // Sizes that grow, shrink (the kept buffer is larger than the read) and grow again, and an offset that is not word-aligned.
    const words = [1 << 19, 3 << 18, 5 << 16, 1 << 20];
    for (const [k, n] of words.entries()) {
      const data = Uint32Array.from({ length: n }, (_, i) => (i * 2654435761 + k) >>> 0);
      const buffer = await device.createStorage(`large ${k}`, data);
      expect(sameBytes(await device.read(buffer, Uint32Array), data)).toBe(true);
      const bytes = new Uint8Array(data.buffer);
      expect(sameBytes(await device.read(buffer, Uint8Array, 3, (1 << 20) + 5), bytes.subarray(3, 3 + (1 << 20) + 5))).toBe(true);
      // A few words read through the larger kept buffer (only the range copied is mapped).
      expect(sameBytes(await device.read(buffer, Uint32Array, 8, 3), data.subarray(2, 5))).toBe(true);
      buffer.destroy();
    }
  });

  it('large reads in flight together each get their own staging buffer', async () => {
    const datas = [0, 1, 2].map((k) => Float32Array.from({ length: (1 << 18) + k * 1000 }, (_, i) => i * 0.5 + k));
    const buffers = await Promise.all(datas.map((d, k) => device.createStorage(`together ${k}`, d)));
    const read = await Promise.all(buffers.map((b) => device.read(b, Float32Array)));
    read.forEach((r, k) => expect(sameBytes(r, datas[k])).toBe(true));
    for (const b of buffers) b.destroy();
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

  it('refuses data that is not bytes, a bad read length and an unknown buffer kind, naming each', async () => {
    const buffer = await device.createBuffer('small', 8, 'storage');
    // A plain array used to upload (and createStorage to copy) as zero bytes, with no error.
    expect(() => device.upload(buffer, [1, 2] as never)).toThrow('expected a typed array, DataView or ArrayBuffer of the bytes to write, got Array');
    await expect(device.createStorage('plain', [1, 2] as never)).rejects.toThrow(TypeError);
    device.upload(buffer, new Uint32Array([5, 6]).buffer);
    expect(Array.from(await device.read(buffer, Uint32Array))).toEqual([5, 6]);
    await expect(device.read(buffer, Uint32Array, 0, 1.5)).rejects.toThrow(/read of 1.5 × 4-byte elements .*: the length must be a non-negative integer/);
    await expect(device.read(buffer, Uint32Array, 0, -1)).rejects.toThrow(/the length must be a non-negative integer/);
    await expect(device.createBuffer('odd', 8, 'vertex' as never)).rejects.toThrow('Buffer "odd": kind must be one of storage, uniform, readback, got vertex');
  });
});
