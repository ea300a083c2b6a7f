import { describe, expect, it } from 'vitest';
import { collectGarbage } from './settle.js';

/** A WeakRef to an array nothing else holds (made in a job of its own: a target stays alive to the end of the job that made its WeakRef). */
function unreachableArray(bytes: number): WeakRef<Uint8Array> {
  return new WeakRef(new Uint8Array(bytes));
}

describe('collectGarbage', () => {
  it('frees an array nothing holds before it returns', async () => {
    const ref = unreachableArray(64 << 20);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('keeps an array that is still held', async () => {
    const held = new Uint8Array(1024).fill(7);
    const ref = new WeakRef(held);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()?.[1023]).toBe(7);
    expect(held.length).toBe(1024);
  });
});
