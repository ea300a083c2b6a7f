import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cudaView } from '@semiforge/algorithms';
import { CudaUnavailableError, cuResultError } from '@semiforge/runtime-cuda';
import { ControlLoop } from '../src/control-loop.js';
import { executorFor } from '../src/executor.js';
import '../src/workloads/multi-source.js';
import { openCudaBackend } from '../src/cuda-backend.js';
import { cudaPlacement, losesContext, pinnedCapacity } from '../src/cuda/cuda-devices.js';
import { EventPoller } from '../src/cuda/event-poller.js';
import { readRange } from '../src/cuda/ranges.js';
import { blockKernels } from '../src/workloads/fw-block-plan.js';

describe('cudaPlacement', () => {
  it('takes the first gpus devices, one bus each, by default', () => {
    expect(cudaPlacement({}, 4)).toEqual({ indices: [0], buses: [0] });
    expect(cudaPlacement({ gpus: 3 }, 8)).toEqual({ indices: [0, 1, 2], buses: [0, 1, 2] });
  });

  it('takes devices by index and buses as given', () => {
    expect(cudaPlacement({ devices: [3, 1], buses: [0, 0] }, 4)).toEqual({ indices: [3, 1], buses: [0, 0] });
  });

  it.each([
    [{ gpus: 3 }, 2, /gpus = 3, but this machine has 2 CUDA device\(s\); ask for at most 2/],
    [{ gpus: 0 }, 2, /gpus = 0: must be an integer ≥ 1/],
    [{ devices: [] }, 2, /devices is empty/],
    [{ devices: [0, 2] }, 2, /device index 2 is not in 0..1/],
    [{ devices: [1, 1] }, 2, /device 1 is listed twice/],
    [{ devices: [0], gpus: 1 }, 2, /not both/],
    [{ gpus: 2, buses: [0] }, 2, /1 bus ids for 2 devices/],
    [{ gpus: 1, buses: [-1] }, 2, /bus id -1/],
  ])('refuses %j on %i devices, saying why', (choice, count, message) => {
    expect(() => cudaPlacement(choice, count)).toThrow(message);
  });

  it("feeds the control loop: devices on their own buses transfer at once, on one bus in turn", () => {
    const firstTransfers = (buses: number[]) => {
      const loop = new ControlLoop(buses, 3);
      for (let t = 0; t < 4; t++) loop.enqueue(t, ['download', 'kernel', 'readback']);
      return loop.poll().map((l) => [l.device, l.stream, l.call.task, l.call.kind]);
    };
    expect(firstTransfers(cudaPlacement({ gpus: 2 }, 2).buses)).toEqual([
      [0, 0, 0, 'download'],
      [1, 0, 1, 'download'],
    ]);
    expect(firstTransfers(cudaPlacement({ gpus: 2, buses: [0, 0] }, 2).buses)).toEqual([[0, 0, 0, 'download']]);
  });
});

describe('readRange', () => {
  const d = { ptr: 0x7f0000001000n, byteLength: 64, label: 'dist' };

  it('reads the whole buffer, or the range asked for, in elements', () => {
    expect(readRange(d, 4)).toEqual({ offset: 0, byteLength: 64, length: 16 });
    expect(readRange(d, 4, { offset: 16 })).toEqual({ offset: 16, byteLength: 48, length: 12 });
    expect(readRange(d, 8, { offset: 8, byteLength: 16 })).toEqual({ offset: 8, byteLength: 16, length: 2 });
  });

  it('refuses a range that is not a whole number of elements, naming the sizes', () => {
    expect(() => readRange(d, 4, { byteLength: 6 })).toThrow(/6 bytes of "dist": not a whole number of 4-byte elements/);
    expect(() => readRange(d, 8, { offset: 4 })).toThrow(/60 bytes of "dist": not a whole number of 8-byte elements/);
  });
});

describe('cudaView (the copies\' byte offsets)', () => {
  const d = { ptr: 0x7f0000001000n, byteLength: 64, label: 'dist' };

  it('views a byte offset into a buffer, and refuses an overrun', () => {
    expect(cudaView(d, 16, 32)).toEqual({ ptr: 0x7f0000001010n, byteLength: 32, label: 'dist' });
    expect(cudaView(d, 16)).toEqual({ ptr: 0x7f0000001010n, byteLength: 48, label: 'dist' });
    expect(() => cudaView(d, 48, 32)).toThrow(/32 bytes at offset 48 overruns "dist" \(64 bytes\)/);
    expect(() => cudaView(d, -4, 4)).toThrow(/at offset -4 overruns/);
  });
});

describe('pinnedCapacity', () => {
  it('rounds up to a power of two from 1 MiB', () => {
    expect(pinnedCapacity(0)).toBe(1 << 20);
    expect(pinnedCapacity(1 << 20)).toBe(1 << 20);
    expect(pinnedCapacity((1 << 20) + 1)).toBe(2 << 20);
    expect(pinnedCapacity(300e6)).toBe(512 << 20);
  });

  it('refuses a size that is not one', () => {
    expect(() => pinnedCapacity(-1)).toThrow(/-1 bytes/);
    expect(() => pinnedCapacity(Number.NaN)).toThrow(/NaN bytes/);
  });
});

describe('losesContext', () => {
  it('is true for the driver errors that leave a context unusable, false for others', () => {
    expect(losesContext(cuResultError('cuEventQuery', 700, { kernelName: 'k', surfaced: true }))).toBe(true);
    expect(losesContext(cuResultError('cuEventQuery', 719, {}))).toBe(true);
    expect(losesContext(cuResultError('cuMemAlloc_v2', 2, { alloc: { requested: 8, label: 'x' } }))).toBe(false);
    expect(losesContext(cuResultError('cuLaunchKernel', 701, { kernelName: 'k' }))).toBe(false);
    expect(losesContext(new Error('plain'))).toBe(false);
    expect(losesContext(undefined)).toBe(false);
  });
});

describe('EventPoller', () => {
  it('resolves each wait when its check turns true, and lets timers run meanwhile', async () => {
    const poller = new EventPoller();
    let ticks = 0;
    let timerRan = false;
    setTimeout(() => (timerRan = true), 1);
    const started = performance.now();
    // The first check can only turn true if the timer runs between rounds: a blocking loop would never end.
    const slow = poller.wait(() => timerRan);
    const fast = poller.wait(() => ++ticks >= 3);
    expect(poller.pending).toBe(2);
    await Promise.all([slow, fast]);
    expect(ticks).toBe(3);
    expect(poller.pending).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects a wait whose check throws, and keeps serving the others', async () => {
    const poller = new EventPoller();
    let n = 0;
    const failing = poller.wait(() => {
      throw new Error('CUDA_ERROR_ILLEGAL_ADDRESS');
    });
    const fine = poller.wait(() => ++n === 2);
    await expect(failing).rejects.toThrow('CUDA_ERROR_ILLEGAL_ADDRESS');
    await expect(fine).resolves.toBeUndefined();
  });
});

describe('blockKernels', () => {
  it('plans once per options, side and target, keyed by content', () => {
    const a = blockKernels({ tile: 32, type: 'f32' }, 128, 'cuda');
    expect(blockKernels({ type: 'f32', tile: 32 }, 128, 'cuda')).toBe(a);
    expect(blockKernels({ tile: 32, type: 'f32' }, 256, 'cuda')).not.toBe(a);
    const wgsl = blockKernels({ tile: 32, type: 'f32' }, 128, 'wgsl');
    expect(wgsl).not.toBe(a);
    expect(a.update.source).toContain('__global__');
    expect(wgsl.update.source).toContain('@compute');
    expect(a.tile).toBe(32);
    expect(a.grids).toHaveLength(4);
  });
});

// Without a GPU there is no libcuda.so.1: opening says what is missing (with one, the GPU suite exercises it).
const libcudaDirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/nvidia/lib64', ...(process.env.LD_LIBRARY_PATH ?? '').split(':')];
const hasLibcuda = libcudaDirs.some((d) => d && existsSync(`${d}/libcuda.so.1`));

describe.runIf(!hasLibcuda)('openCudaBackend without the NVIDIA driver', () => {
  it('fails with the missing library and how to get it', async () => {
    const error = await openCudaBackend({ gpus: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CudaUnavailableError);
    expect((error as Error).message).toMatch(/libcuda.so.1 is not available/);
  });
});

describe('task kinds on the CUDA backend', () => {
  it('multi-source search runs there with the same executor as on WebGPU (the runners follow the device)', () => {
    expect(executorFor('search-sources', 'cuda')).toBe(executorFor('search-sources', 'webgpu'));
  });
});
