import { describe, expect, it } from 'vitest';
import { edgeCount, edgeListFromArrays, EdgeListBuilder, validateEdgeList } from '../src/index.js';

describe('edgeListFromArrays / validateEdgeList', () => {
  it('copies plain arrays into typed arrays', () => {
    const g = edgeListFromArrays(3, [0, 1], [1, 2], [0.5, 2], false);
    expect(g.src).toBeInstanceOf(Uint32Array);
    expect(g.weight).toBeInstanceOf(Float64Array);
    expect([g.n, edgeCount(g), g.directed]).toEqual([3, 2, false]);
    expect(edgeListFromArrays(2, [0], [1]).weight).toBeNull();
  });

  it('refuses ids that are out of range or not uint32', () => {
    expect(() => edgeListFromArrays(2, [0], [2])).toThrow('arc 0: head 2 out of range 0..1 (n = 2)');
    expect(() => edgeListFromArrays(2, [-1], [0])).toThrow('arc 0: vertex ids (-1, 0) are not 32-bit unsigned integers');
    expect(() => edgeListFromArrays(2, [0.5], [0])).toThrow(RangeError);
  });

  it('refuses mismatched lengths and bad n', () => {
    const base = { n: 2, src: Uint32Array.of(0), dst: Uint32Array.of(1), weight: null, directed: true };
    expect(() => validateEdgeList({ ...base, dst: Uint32Array.of() })).toThrow('src has 1 entries but dst has 0');
    expect(() => validateEdgeList({ ...base, weight: Float64Array.of(1, 2) })).toThrow('src has 1 entries but weight has 2');
    expect(() => validateEdgeList({ ...base, n: 1.5 })).toThrow(/n = 1.5 is not an integer/);
  });
});

describe('EdgeListBuilder', () => {
  it('grows past its first capacity and trims on finish', () => {
    const b = new EdgeListBuilder(true, 1);
    for (let k = 0; k < 100; k++) b.push(k, k + 1, k / 2);
    const g = b.finish(101, true);
    expect([g.src.length, g.dst[99], g.weight?.[99]]).toEqual([100, 100, 49.5]);
    expect(g.src.buffer.byteLength).toBe(400);
  });

  it('ignores weights when unweighted', () => {
    const b = new EdgeListBuilder(false);
    b.push(0, 0, 5);
    expect(b.finish(1, true).weight).toBeNull();
  });
});
