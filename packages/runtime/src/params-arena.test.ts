import { describe, expect, it } from 'vitest';
import { PARAMS_BLOCK_BYTES, ParamsArena } from './params-arena.js';

describe('ParamsArena', () => {
  it.each([
    [16, 64],
    [256, 256],
  ])('packs blocks at slots of at least %i-aligned %i bytes', (alignment, stride) => {
    const arena = new ParamsArena();
    const params = new Uint32Array([1, 2]);
    expect(arena.add(params)).toBe(0);
    params[0] = 7;
    expect(arena.add(new Float32Array([0.5]))).toBe(1);
    expect(arena.add(params.buffer)).toBe(2);
    expect(arena.stride(alignment)).toBe(stride);
    const packed = arena.pack(alignment);
    expect(packed.byteLength).toBe(3 * stride);
    const words = new Uint32Array(packed.buffer);
    expect([words[0], words[1]]).toEqual([1, 2]);
    expect(new Float32Array(packed.buffer, stride, 1)[0]).toBe(0.5);
    expect([words[(2 * stride) / 4], words[(2 * stride) / 4 + 1]]).toEqual([7, 2]);
  });

  it('grows the stride for blocks larger than the default binding', () => {
    const arena = new ParamsArena();
    arena.add(new Uint8Array(PARAMS_BLOCK_BYTES + 1));
    expect(arena.stride(16)).toBe(80);
  });
});
