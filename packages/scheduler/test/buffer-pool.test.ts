import { cudaView } from '@semiforge/algorithms';
import type { CudaBuffer } from '@semiforge/runtime-cuda';
import { describe, expect, it } from 'vitest';
import { BufferPool, type DeviceAllocator } from '../src/cuda/buffer-pool.js';

/** Device memory as cuMemAlloc hands it out: 256-byte aligned addresses, a capacity, and what is in use. */
class Addresses implements DeviceAllocator {
  readonly live = new Set<CudaBuffer>();
  #next = 0x7f0000000000n;
  constructor(readonly capacity: number) {}

  get used(): number {
    return [...this.live].reduce((sum, b) => sum + b.byteLength, 0);
  }

  alloc(label: string, byteLength: number): CudaBuffer {
    if (this.used + byteLength > this.capacity) {
      throw Object.assign(new Error(`out of memory for ${label}`), { name: 'CudaOutOfMemoryError' });
    }
    const buffer = { ptr: this.#next, byteLength, label };
    this.#next += BigInt(Math.ceil(byteLength / 256) * 256 + 256);
    this.live.add(buffer);
    return buffer;
  }

  free(buffer: CudaBuffer): void {
    this.live.delete(buffer);
  }
}

describe('BufferPool', () => {
  it('hands a buffer given back to the next alloc of its size, and a new one for another size', () => {
    const pool = new BufferPool(new Addresses(1 << 20));
    const a = pool.alloc('block', 4096);
    pool.free(a);
    expect(pool.alloc('operand', 4096)).toBe(a);
    expect(pool.alloc('panel', 1024)).not.toBe(a);
  });

  // What the FW kernels' 16-byte loads need of every operand and panel, however tasks of several streams
  // interleave their allocs and frees: an address as the allocator gave it (256-byte aligned), never a view's.
  it('only ever returns 256-byte-aligned allocations, through interleaved tasks of three streams', () => {
    const memory = new Addresses(1 << 22);
    const pool = new BufferPool(memory);
    const sizes = [4096 * 4, 64 * 4096 * 4, 16 * 4096 * 4];
    const held: CudaBuffer[][] = [[], [], []];
    for (let step = 0; step < 300; step++) {
      const stream = step % 3;
      if ((step * 7) % 5 < 3) held[stream].push(pool.alloc(`s${stream}`, sizes[(step * 11) % 3]));
      else for (const b of held[stream].splice(0)) pool.free(b);
      for (const b of held.flat()) expect(b.ptr % 256n).toBe(0n);
    }
    for (const b of held.flat()) expect(memory.live.has(b)).toBe(true);
    expect(new Set(held.flat()).size).toBe(held.flat().length);
  });

  it('refuses a view into a buffer, a buffer freed twice and one it never lent, naming it', () => {
    const pool = new BufferPool(new Addresses(1 << 20));
    const block = pool.alloc('fw block', 4096);
    expect(() => pool.free(cudaView(block, 16, 1024))).toThrow(/free of "fw block" \(1024 bytes at 0x7f0000000010\): not a buffer this device's alloc returned/);
    pool.free(block);
    expect(() => pool.free(block)).toThrow(/or freed twice/);
    expect(() => pool.free({ ptr: 0x1000n, byteLength: 4096, label: 'elsewhere' })).toThrow(/"elsewhere"/);
    expect(pool.kept).toBe(1);
  });

  it('releases the kept buffers and tries once more when the device is out of memory', () => {
    const memory = new Addresses(3 * 4096);
    const pool = new BufferPool(memory);
    const kept = [pool.alloc('a', 4096), pool.alloc('b', 4096)];
    for (const b of kept) pool.free(b);
    const large = pool.alloc('large', 3 * 4096);
    expect(memory.live).toEqual(new Set([large]));
    expect(pool.kept).toBe(0);
    expect(() => pool.alloc('more', 4096)).toThrow(/out of memory for more/);
  });
});
