import { describe, expect, it } from 'vitest';
import { PARAMS_BLOCK_BYTES, ParamsArena } from './params-arena.js';

describe('ParamsArena', () => {
  it.each([
    [16, 64],
    [256, 256],
  ])('packs blocks at slots of at least %i-aligned %i bytes', (alignment, stride) => {
    const arena = new ParamsArena(alignment);
    const params = new Uint32Array([1, 2]);
    expect(arena.add(params)).toBe(0);
    params[0] = 7;
    expect(arena.add(new Float32Array([0.5]))).toBe(1);
    expect(arena.add(params.buffer)).toBe(2);
    expect(arena.stride).toBe(stride);
    const packed = arena.pack();
    expect(packed.byteLength).toBe(3 * stride);
    const words = new Uint32Array(packed.buffer, packed.byteOffset, packed.byteLength / 4);
    expect([words[0], words[1]]).toEqual([1, 2]);
    expect(new Float32Array(packed.buffer, packed.byteOffset + stride, 1)[0]).toBe(0.5);
    expect([words[(2 * stride) / 4], words[(2 * stride) / 4 + 1]]).toEqual([7, 2]);
    expect([...words].filter((w, i) => w !== 0 && i % (stride / 4) >= 2)).toEqual([]);
  });

  it('grows the stride for blocks larger than the default binding, moving the earlier ones', () => {
    const arena = new ParamsArena(16);
    arena.add(new Uint32Array([3]));
    arena.add(new Uint8Array(PARAMS_BLOCK_BYTES + 1).fill(9));
    expect(arena.stride).toBe(80);
    const packed = arena.pack();
    expect(packed.byteLength).toBe(160);
    expect([...packed.subarray(0, 8)]).toEqual([3, 0, 0, 0, 0, 0, 0, 0]);
    expect(packed[80 + PARAMS_BLOCK_BYTES]).toBe(9);
    expect(packed[80 + PARAMS_BLOCK_BYTES + 1]).toBe(0);
  });

  it('keeps every block when it grows past its first slots', () => {
    const arena = new ParamsArena(16);
    for (let i = 0; i < 100; i++) arena.add(new Uint32Array([i]));
    const packed = arena.pack();
    const words = new Uint32Array(packed.buffer, packed.byteOffset, packed.byteLength / 4);
    expect(Array.from({ length: 100 }, (_, i) => words[(i * arena.stride) / 4])).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
