import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bdlIndex, fromBdl, paddedSize, toBdl } from '../src/index.js';

/** Random (N, t) with N a multiple of t. */
const sizes = fc.integer({ min: 1, max: 16 }).chain((t) => fc.integer({ min: 0, max: 6 }).map((tiles) => ({ t, N: tiles * t })));

describe('paddedSize', () => {
  it.each([
    [1000, 32, 1024],
    [1024, 32, 1024],
    [0, 8, 0],
    [1, 8, 8],
    [67, 1, 67],
  ])('paddedSize(%i, %i) = %i', (n, t, N) => {
    expect(paddedSize(n, t)).toBe(N);
  });

  it('refuses bad sizes', () => {
    expect(() => paddedSize(5, 0)).toThrow('tile size t = 0 is not a positive integer');
    expect(() => paddedSize(-1, 4)).toThrow(RangeError);
  });
});

describe('blocked data layout', () => {
  it('lays out tiles contiguously in row-major tile order', () => {
    const x = Float32Array.from({ length: 16 }, (_, k) => k);
    expect(Array.from(toBdl(x, 4, 2))).toEqual([0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15]);
    expect([bdlIndex(0, 2, 4, 2), bdlIndex(3, 3, 4, 2), bdlIndex(2, 1, 4, 2)]).toEqual([4, 15, 9]);
  });

  it('fromBdl(toBdl(x)) == x and toBdl agrees with bdlIndex, for random N and t', () => {
    fc.assert(
      fc.property(sizes, fc.constantFrom(Float32Array, Int32Array, Uint32Array, Float64Array), ({ N, t }, Ctor) => {
        const x = new Ctor(N * N);
        for (let k = 0; k < x.length; k++) x[k] = (k * 7919) % 1000;
        const blocked = toBdl(x, N, t);
        expect(blocked).toBeInstanceOf(Ctor);
        let mismatches = 0;
        for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) if (blocked[bdlIndex(i, j, N, t)] !== x[i * N + j]) mismatches++;
        expect(mismatches).toBe(0);
        expect(Buffer.from(fromBdl(blocked, N, t).buffer).equals(Buffer.from(x.buffer))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('says so when N is not a multiple of t or the length is wrong', () => {
    expect(() => toBdl(new Float32Array(25), 5, 2)).toThrow('N = 5 is not a multiple of the tile size t = 2; pad to paddedSize(n, t) = 6 first');
    expect(() => fromBdl(new Float32Array(15), 4, 2)).toThrow('data has 15 elements, expected N·N = 16');
  });
});
