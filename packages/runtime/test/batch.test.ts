import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BindingError, BufferUsage, GpuValidationError, LimitError, SemiforgeGpuError, ShaderCompileError, type Device } from '../src/index.js';
import { addK, brokenSyntax, doubleInto } from './kernels.js';
import { noGpuReason, openTestDevice } from './test-device.js';

describe.skipIf(noGpuReason !== undefined)('DispatchBatch on a real device', () => {
  let device: Device;
  beforeAll(async () => {
    device = await openTestDevice();
  });
  afterAll(() => device?.destroy());

  it('runs 768 dispatches with different params from one queue.submit, in order', async () => {
    const n = 256;
    const x = await device.createStorage('x', new Uint32Array(n));
    const expected = new Uint32Array(n);
    const params = new Uint32Array(2);
    const batch = device.batch({ label: 'add-k' });
    for (let i = 0; i < 768; i++) {
      const count = ((i * 37) % n) + 1;
      params[0] = i + 1;
      params[1] = count;
      // The same array is refilled each time: the batch must have copied it.
      batch.dispatch(addK(), { buffers: { x }, params, workgroups: [Math.ceil(count / 64)] });
      for (let j = 0; j < count; j++) expected[j] += i + 1;
    }
    const submit = vi.spyOn(device.gpu.queue, 'submit');
    const result = await batch.submit();
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
    expect(result.dispatches).toBe(768);
    expect(await device.read(x, Uint32Array)).toEqual(expected);
  });

  it('takes buffers as an array in binding order and kernels without params', async () => {
    const a = await device.createStorage('a', new Float32Array([1, 2.5, -3, 4, 5]));
    const out = await device.createBuffer('out', 5 * 4, 'storage');
    await device.batch().dispatch(doubleInto, { buffers: [a, out], workgroups: [1] }).submit();
    expect(await device.read(out, Float32Array)).toEqual(new Float32Array([2, 5, -6, 8, 10]));
  });

  it('orders copies and clears between compute passes', async () => {
    const x = await device.createStorage('x', new Uint32Array([1, 2, 3, 4]));
    const y = await device.createBuffer('y', 16, 'storage');
    const add = (k: number) => ({ buffers: { x }, params: new Uint32Array([k, 4]), workgroups: [1] as const });
    const result = await device.batch().dispatch(addK(), add(10)).copy(x, y).clear(x).dispatch(addK(), add(5)).submit();
    expect(await device.read(y, Uint32Array)).toEqual(new Uint32Array([11, 12, 13, 14]));
    expect(await device.read(x, Uint32Array)).toEqual(new Uint32Array([5, 5, 5, 5]));
    if (device.hasTimestamps) expect(result.gpuTimeMs).toBeGreaterThan(0);
  });

  it('dispatches indirectly with counts an earlier kernel wrote, and skips a zero count', async () => {
    const n = 256;
    const x = await device.createStorage('x', new Uint32Array(n));
    const counts = device.gpu.createBuffer({ label: 'counts', size: 24, usage: BufferUsage.STORAGE | BufferUsage.INDIRECT | BufferUsage.COPY_DST });
    device.upload(counts, Uint32Array.of(2, 1, 1, 0, 1, 1));
    const batch = device.batch({ label: 'indirect' });
    // 2 → 3 workgroups of 64 before the GPU reads the counts.
    batch.dispatch(addK(), { buffers: { x: counts }, params: Uint32Array.of(1, 1), workgroups: [1] });
    batch.dispatchIndirect(addK(), { buffers: { x }, params: Uint32Array.of(5, n), indirect: counts });
    batch.dispatchIndirect(addK(), { buffers: { x }, params: Uint32Array.of(100, n), indirect: counts, indirectOffset: 12 });
    expect((await batch.submit()).dispatches).toBe(3);
    const expected = new Uint32Array(n);
    expected.fill(5, 0, 192);
    expect(await device.read(x, Uint32Array)).toEqual(expected);
    expect(() => device.batch().dispatchIndirect(addK(), { buffers: { x }, params: Uint32Array.of(1, n), indirect: counts, indirectOffset: 16 })).toThrow(/byte 16 run past the 24 bytes/);
    counts.destroy();
  });

  it('reports a positive gpuTimeMs from timestamps, and none when timing is off', async (context) => {
    if (!device.hasTimestamps) context.skip('this adapter has no timestamp-query');
    const x = await device.createStorage('x', new Uint32Array(4096));
    const timed = device.batch();
    const untimed = device.batch({ timing: false });
    for (const batch of [timed, untimed]) {
      for (let k = 0; k < 8; k++) batch.dispatch(addK(), { buffers: { x }, params: new Uint32Array([k, 4096]), workgroups: [64] });
    }
    const { gpuTimeMs } = await timed.submit();
    expect(gpuTimeMs).toBeGreaterThan(0);
    expect(gpuTimeMs).toBeLessThan(60_000);
    expect((await untimed.submit()).gpuTimeMs).toBeUndefined();
  });

  it('times batches after one another and in flight together with the timers the device keeps', async (context) => {
    if (!device.hasTimestamps) context.skip('this adapter has no timestamp-query');
    const x = await device.createStorage('x', new Uint32Array(4096));
    const timedBatch = (k: number) => device.batch().dispatch(addK(), { buffers: { x }, params: new Uint32Array([k, 4096]), workgroups: [64] });
    for (let k = 0; k < 3; k++) expect((await timedBatch(k).submit()).gpuTimeMs).toBeGreaterThan(0);
    const together = await Promise.all(Array.from({ length: 6 }, (_, k) => timedBatch(k).submit()));
    for (const { gpuTimeMs } of together) expect(gpuTimeMs).toBeGreaterThan(0);
    // Every add landed: 0 + 1 + 2 and 0 + … + 5.
    expect(await device.read(x, Uint32Array, 0, 4)).toEqual(Uint32Array.of(18, 18, 18, 18));
  });

  it('enqueues a batch and hands back its completion, so the next is recorded and queued while it runs, in order', async () => {
    const n = 256;
    const x = await device.createStorage('x', new Uint32Array(n));
    const copied = await device.createBuffer('copied', n * 4, 'storage');
    const submit = vi.spyOn(device.gpu.queue, 'submit');
    const first = await device.batch({ label: 'add' }).dispatch(addK(), { buffers: { x }, params: new Uint32Array([3, n]), workgroups: [4] }).enqueue();
    // On the queue already, before anything awaits its completion.
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
    // Reads what the first writes: the queue runs them in order.
    const second = await device.batch({ label: 'copy' }).copy(x, copied).enqueue();
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.dispatches).toBe(1);
    expect(b.dispatches).toBe(0);
    for (const { encodeMs } of [a, b]) expect(encodeMs).toBeGreaterThanOrEqual(0);
    expect(await device.read(copied, Uint32Array)).toEqual(new Uint32Array(n).fill(3));
    expect((await device.batch().submit()).encodeMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps parameter buffers and their bind groups for later batches: a loop\'s next submit creates neither', async () => {
    const n = 256;
    const x = await device.createStorage('x', new Uint32Array(n));
    const add = (k: number) => device.batch({ label: 'add', timing: false }).dispatch(addK(), { buffers: { x }, params: new Uint32Array([k, n]), workgroups: [4] });
    await add(1).submit();
    const createBindGroup = vi.spyOn(device.gpu, 'createBindGroup');
    const createBuffer = vi.spyOn(device.gpu, 'createBuffer');
    await add(2).submit();
    expect(createBindGroup).not.toHaveBeenCalled();
    expect(createBuffer).not.toHaveBeenCalled();
    createBindGroup.mockRestore();
    createBuffer.mockRestore();
    // In flight together, each batch writes its own parameters.
    await Promise.all([add(3).submit(), add(4).submit(), add(5).submit()]);
    expect(await device.read(x, Uint32Array)).toEqual(new Uint32Array(n).fill(1 + 2 + 3 + 4 + 5));
    // A new buffer is bound by a new bind group, never by one kept for a buffer destroyed before.
    const y = await device.createStorage('y', new Uint32Array(n));
    await device.batch({ timing: false }).dispatch(addK(), { buffers: { x: y }, params: new Uint32Array([7, n]), workgroups: [4] }).submit();
    expect(await device.read(y, Uint32Array)).toEqual(new Uint32Array(n).fill(7));
  });

  it('reads zeros past each dispatch\'s params, in a batch recorded after one that wrote more', async () => {
    const n = 256;
    const x = await device.createStorage('x', new Uint32Array(n));
    // A block over 64 bytes widens the slots; the next batch's params buffer and arena are the ones this one used.
    const wide = new Uint32Array(20).fill(9);
    wide.set([5, n]);
    await device.batch({ timing: false }).dispatch(addK(), { buffers: { x }, params: wide, workgroups: [4] }).submit();
    // { k: 7 } alone: n reads as 0, so the kernel adds nothing.
    await device.batch({ timing: false }).dispatch(addK(), { buffers: { x }, params: Uint32Array.of(7), workgroups: [4] }).submit();
    expect(await device.read(x, Uint32Array)).toEqual(new Uint32Array(n).fill(5));
  });

  it('puts a batch of compiled kernels on the queue before its enqueue() yields', async () => {
    const x = await device.createStorage('x', new Uint32Array(64));
    await device.pipeline(addK());
    const submit = vi.spyOn(device.gpu.queue, 'submit');
    const queued = device.batch().dispatch(addK(), { buffers: { x }, params: Uint32Array.of(1, 64), workgroups: [1] }).enqueue();
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
    await (await queued).done;
    expect(await device.read(x, Uint32Array)).toEqual(new Uint32Array(64).fill(1));
  });

  it('rejects the completion of an enqueued batch with the error of its GPU work', async () => {
    const notStorage = await device.createBuffer('not-storage', 64, 'uniform');
    const queued = await device.batch({ label: 'wrong-kind' }).dispatch(addK(), { buffers: { x: notStorage }, params: new Uint32Array([1, 4]), workgroups: [1] }).enqueue();
    await expect(queued.done).rejects.toThrow(GpuValidationError);
  });

  it('rejects too many workgroups with a LimitError naming both numbers', async () => {
    const x = await device.createBuffer('x', 16, 'storage');
    const allowed = device.limits.maxComputeWorkgroupsPerDimension;
    const dispatch = () => device.batch().dispatch(addK(), { buffers: { x }, params: new Uint32Array([1, 4]), workgroups: [1, allowed + 1] });
    expect(dispatch).toThrow(LimitError);
    expect(dispatch).toThrow(`needs ${allowed + 1} for maxComputeWorkgroupsPerDimension, but this device allows ${allowed}`);
  });

  it('names missing, unknown and surplus bindings at the dispatch that made the mistake', async () => {
    const x = await device.createBuffer('x', 16, 'storage');
    const batch = device.batch();
    const params = new Uint32Array([1, 4]);
    expect(() => batch.dispatch(addK(), { buffers: {}, params, workgroups: [1] })).toThrow(/missing buffers: x/);
    expect(() => batch.dispatch(addK(), { buffers: { x, y: x }, params, workgroups: [1] })).toThrow(/unknown buffers: y/);
    expect(() => batch.dispatch(addK(), { buffers: { x: undefined }, params, workgroups: [1] })).toThrow(/missing buffers: x/);
    batch.dispatch(addK(), { buffers: { x, optional: undefined }, params, workgroups: [1] });
    expect(() => batch.dispatch(addK(), { buffers: [x, x], params, workgroups: [1] })).toThrow(/takes 1 buffers \(x\), got 2/);
    expect(() => batch.dispatch(addK(), { buffers: { x }, workgroups: [1] })).toThrow(BindingError);
    expect(() => batch.dispatch(doubleInto, { buffers: [x, x], params, workgroups: [1] })).toThrow(/declares no uniform/);
    expect(() => batch.dispatch(addK(), { buffers: { x }, params, workgroups: [1.5] })).toThrow(/non-negative integer/);
    expect(batch.size).toBe(1);
  });

  it('reports a buffer of the wrong kind as a GpuValidationError naming the batch and the kernel', async () => {
    const notStorage = await device.createBuffer('not-storage', 64, 'uniform');
    const batch = device.batch({ label: 'wrong-kind' }).dispatch(addK(), { buffers: { x: notStorage }, params: new Uint32Array([1, 4]), workgroups: [1] });
    const error = await batch.submit().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GpuValidationError);
    expect(error).toMatchObject({ operation: 'submit', label: 'wrong-kind', kernelId: addK().id });
    expect((error as GpuValidationError).message).toContain('not-storage');
  });

  it('is submitted once', async () => {
    const x = await device.createBuffer('x', 16, 'storage');
    const batch = device.batch({ label: 'once' });
    batch.dispatch(addK(), { buffers: { x }, params: new Uint32Array([1, 4]), workgroups: [1] });
    await batch.submit();
    await expect(batch.submit()).rejects.toThrow(SemiforgeGpuError);
    expect(() => batch.dispatch(addK(), { buffers: { x }, params: new Uint32Array([1, 4]), workgroups: [1] })).toThrow(/already submitted/);
  });

  it('rejects submit with the ShaderCompileError of a kernel it dispatches', async () => {
    const x = await device.createBuffer('x', 16, 'storage');
    const batch = device.batch().dispatch(brokenSyntax, { buffers: { x }, workgroups: [1] });
    await expect(batch.submit()).rejects.toThrow(ShaderCompileError);
  });
});
