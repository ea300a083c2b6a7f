import { describe, expect, it } from 'vitest';
import { DeviceLossWatch } from './device-loss.js';
import { DeviceLostError } from './errors.js';

function fakeDevice(lost: Promise<{ reason: GPUDeviceLostReason; message: string }>): GPUDevice {
  return { lost } as unknown as GPUDevice;
}

const never = new Promise<never>(() => undefined);

describe('DeviceLossWatch', () => {
  it('rejects a promise that never settles once the device is destroyed', async () => {
    const watch = new DeviceLossWatch(fakeDevice(never));
    const pending = watch.race(never, 'read');
    watch.markDestroyed();
    await expect(pending).rejects.toMatchObject({ name: 'DeviceLostError', reason: 'destroyed', operation: 'read' });
    expect(() => watch.throwIfLost('upload')).toThrow(DeviceLostError);
  });

  it('reports a driver loss with its message', async () => {
    let lose!: (info: { reason: GPUDeviceLostReason; message: string }) => void;
    const watch = new DeviceLossWatch(fakeDevice(new Promise((resolve) => (lose = resolve))));
    const pending = watch.race(never, 'submit');
    lose({ reason: 'unknown', message: 'VK_ERROR_DEVICE_LOST' });
    await expect(pending).rejects.toMatchObject({ reason: 'unknown', gpuMessage: 'VK_ERROR_DEVICE_LOST' });
    await expect(watch.lost).resolves.toBeInstanceOf(DeviceLostError);
  });

  it('turns an abort seen before the loss into DeviceLostError', async () => {
    const watch = new DeviceLossWatch(fakeDevice(never));
    const aborted = Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const pending = watch.race(aborted, 'read');
    setTimeout(() => watch.markDestroyed(), 5);
    await expect(pending).rejects.toBeInstanceOf(DeviceLostError);
  });

  it('keeps nothing of a settled race (no reaction left on a promise that lives as long as the device)', async () => {
    const watch = new DeviceLossWatch(fakeDevice(never));
    for (let i = 0; i < 100; i++) await watch.race(Promise.resolve(new Float64Array(1024)), 'read');
    await expect(watch.race(Promise.reject(new TypeError('bad')), 'read')).rejects.toThrow(TypeError);
    expect(watch.pendingRaces).toBe(0);
    const pending = watch.race(never, 'read');
    expect(watch.pendingRaces).toBe(1);
    watch.markDestroyed();
    await expect(pending).rejects.toMatchObject({ name: 'DeviceLostError', operation: 'read' });
    expect(watch.pendingRaces).toBe(0);
  });

  it('passes results and other errors through', async () => {
    const watch = new DeviceLossWatch(fakeDevice(never));
    await expect(watch.race(Promise.resolve(3), 'read')).resolves.toBe(3);
    await expect(watch.race(Promise.reject(new TypeError('bad')), 'read')).rejects.toThrow(TypeError);
  });
});
