import { describe, expect, it } from 'vitest';
import { startWorker, workerDone } from '../src/worker-start.js';

const entry = new URL('./helpers/shared-write-worker.ts', import.meta.url);

describe('startWorker', () => {
  it('gives the worker views of the same shared memory, offsets, element types and nesting kept', async () => {
    const buffer = new SharedArrayBuffer(64);
    const views = [new Uint32Array(buffer, 8, 4), new Uint32Array(buffer, 32, 2)];
    const nested = { view: new Float64Array(new SharedArrayBuffer(24)) };
    const small = new Int16Array(new SharedArrayBuffer(8));
    await workerDone(startWorker(entry, { views: [...views, small], nested }), 'shared-write worker');
    expect([...small]).toEqual([3, 0, 0, 7]);
    expect([...views[0]]).toEqual([3, 0, 0, 7]);
    expect([...views[1]]).toEqual([3, 7]);
    expect([...nested.view]).toEqual([3, 0, 7]);
    expect(new Uint32Array(buffer)[0]).toBe(0);
  });

  // Node 20 alone would hand the worker an empty view here (length modulo 2^32 bytes): the scale-26 bug.
  it('reaches both ends of a shared view of 4 GiB and more', async () => {
    const big = new Uint32Array(new SharedArrayBuffer(2 ** 32 + 8));
    await workerDone(startWorker(entry, { views: [big], nested: { view: new Float64Array(new SharedArrayBuffer(8)) } }), 'shared-write worker');
    expect(big[0]).toBe(3);
    expect(big[big.length - 1]).toBe(7);
  });
});
