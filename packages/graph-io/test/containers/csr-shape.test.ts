import { describe, expect, it } from 'vitest';
import { checkCsrShape, describeValue, generateKronecker, validateCsr } from '../../src/index.js';

const good = { n: 2, indptr: Uint32Array.of(0, 1, 2), indices: Uint32Array.of(1, 0), weight: null, directed: false, sorted: true };

describe('checkCsrShape: what JavaScript callers hand in instead of a CSR', () => {
  it('passes a CSR, weighted or not, with or without ids', () => {
    expect(() => checkCsrShape(good, 'x')).not.toThrow();
    expect(() => checkCsrShape({ ...good, weight: Float32Array.of(1, 2), ids: Uint32Array.of(5, 9) }, 'x')).not.toThrow();
    expect(() => checkCsrShape({ ...good, weight: Float64Array.of(1, 2) }, 'x')).not.toThrow();
  });

  it.each([
    [null, 'sssp: the graph is null, not a CSR ({ n, indptr, indices, weight, directed, sorted })'],
    ['g.mtx', 'sssp: the graph is a string ("g.mtx"), not a CSR'],
    [{ n: 2, src: Uint32Array.of(0), dst: Uint32Array.of(1), weight: null, directed: true }, 'sssp: the graph is an edge list (src, dst), not a CSR: build one with csrFromEdges'],
    [{ ...good, n: -1 }, "sssp: the graph's n is a number (-1), not a vertex count"],
    [{ ...good, n: '2' }, `sssp: the graph's n is a string ("2"), not a vertex count`],
    [{ ...good, indptr: [0, 1, 2] }, "sssp: the graph's indptr is an Array, not a Uint32Array (convert it: Uint32Array.from(indptr))"],
    [{ ...good, indices: Int32Array.of(1, 0) }, "sssp: the graph's indices is an Int32Array, not a Uint32Array"],
    [{ ...good, ids: [0, 1] }, "sssp: the graph's ids is an Array, not a Uint32Array"],
    [{ ...good, weight: [1, 2] }, "sssp: the graph's weight is an Array, not null (no weights) or a Float32Array or Float64Array"],
    [{ ...good, weight: undefined }, "sssp: the graph's weight is undefined, not null"],
    [{ ...good, directed: 'no' }, `sssp: the graph's directed is a string ("no"), not true or false`],
    [{ ...good, sorted: undefined }, "sssp: the graph's sorted is undefined, not true or false"],
  ])('refuses %o', (value, message) => {
    expect(() => checkCsrShape(value, 'sssp')).toThrow(TypeError);
    expect(() => checkCsrShape(value, 'sssp')).toThrow(message);
  });

  it('is the first thing validateCsr checks', () => {
    expect(() => validateCsr({ ...good, indices: [1, 0] } as never)).toThrow("CSR: the graph's indices is an Array, not a Uint32Array");
  });

  it('describeValue names a value for a message', () => {
    expect([undefined, null, 5, true, 'abc', [1], {}, new Float32Array(1), new Map()].map(describeValue)).toEqual([
      'undefined', 'null', 'a number (5)', 'a boolean (true)', 'a string ("abc")', 'an Array', 'an Object', 'a Float32Array', 'a Map',
    ]);
    expect(describeValue('x'.repeat(40))).toBe(`a string ("${'x'.repeat(20)}…")`);
  });
});

describe('generator options of the wrong type', () => {
  it('name the type, not a number that looks right', () => {
    expect(() => generateKronecker({ scale: '10' as never, seed: 1 })).toThrow(new TypeError('scale is a string ("10"), not an integer in 1..31'));
  });
});
