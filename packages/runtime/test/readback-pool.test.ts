import { describe, expect, it } from 'vitest';
import { ReadbackPool } from '../src/readback-pool.js';

/** Just what the pool touches of a GPUBuffer: its size and destroy. */
function fakeBuffer(size: number) {
  return { size, destroyed: false, destroy() { this.destroyed = true; } };
}

describe('ReadbackPool', () => {
  it('hands back the kept buffer when it is big enough, makes one otherwise, and keeps the largest', async () => {
    const made: ReturnType<typeof fakeBuffer>[] = [];
    const pool = new ReadbackPool(async (bytes) => {
      const b = fakeBuffer(bytes);
      made.push(b);
      return b as unknown as GPUBuffer;
    });
    const first = await pool.take(4 << 20);
    pool.give(first);
    expect(await pool.take(1 << 20)).toBe(first); // smaller read: the kept one
    const second = await pool.take(2 << 20); // the kept one is taken: a new one
    expect(made).toHaveLength(2);
    pool.give(second);
    pool.give(first); // larger than the kept one: replaces it
    expect(second.size).toBe(2 << 20);
    expect(made[1].destroyed).toBe(true);
    expect(made[0].destroyed).toBe(false);
    const bigger = await pool.take(8 << 20); // the kept one is too small: a new one, the kept one stays
    expect(made).toHaveLength(3);
    pool.give(bigger);
    expect(made[0].destroyed).toBe(true);
    pool.clear();
    expect(made[2].destroyed).toBe(true);
  });
});
