import { describe, expect, it } from 'vitest';
import { inShared } from '../src/shared-memory.js';

describe('inShared', () => {
  it('returns an array already in shared memory as it is', () => {
    const a = new Float32Array(new SharedArrayBuffer(8));
    expect(inShared(a)).toBe(a);
  });

  it('copies a plain typed array into shared memory, keeping its type', () => {
    const a = Float64Array.of(1.5, -2, 3);
    const s = inShared(a);
    expect(s.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(s).toBeInstanceOf(Float64Array);
    expect(Array.from(s)).toEqual([1.5, -2, 3]);
  });

  it("copies a Node Buffer (whose constructor takes no SharedArrayBuffer) into a shared Uint8Array", () => {
    const s = inShared(Buffer.from('1 2\n3 4\n'));
    expect(s.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(s.constructor).toBe(Uint8Array);
    expect(new TextDecoder().decode(s.slice())).toBe('1 2\n3 4\n');
  });
});
