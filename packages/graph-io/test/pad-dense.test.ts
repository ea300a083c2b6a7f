import { describe, expect, it } from 'vitest';
import { padDense } from '../src/index.js';

describe('padDense', () => {
  it('copies into the top-left corner; new cells fill, new diagonal cells diagonal', () => {
    const p = padDense({ n: 2, data: Int32Array.of(0, 1, 2, 0) }, 4, 99, 0);
    expect(p.n).toBe(4);
    expect(p.data).toBeInstanceOf(Int32Array);
    expect(Array.from(p.data)).toEqual([0, 1, 99, 99, 2, 0, 99, 99, 99, 99, 0, 99, 99, 99, 99, 0]);
  });

  it('returns a copy at the same size', () => {
    const data = Float32Array.of(1, 2, 3, 4);
    const p = padDense({ n: 2, data }, 2, Infinity, 0);
    expect(p.data).not.toBe(data);
    expect(Array.from(p.data)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a smaller N, a bad length and unrepresentable values', () => {
    const d = { n: 2, data: Uint32Array.of(0, 1, 2, 0) };
    expect(() => padDense(d, 1, 0, 0)).toThrow('padded size N = 1 must be an integer ≥ n = 2');
    expect(() => padDense({ n: 3, data: new Float32Array(4) }, 4, 0, 0)).toThrow('matrix data has 4 elements, expected n·n = 9');
    expect(() => padDense(d, 4, -1, 0)).toThrow(/^fill: -1 is not an integer in 0..4294967295/);
    expect(() => padDense(d, 10, 0, 0, 50)).toThrow('dense 10×10 matrix has 100 elements, above the limit 50');
  });
});
