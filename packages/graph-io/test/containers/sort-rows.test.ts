import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortRowsInPlace } from '../../src/containers/sort-rows.js';

/** Rows of random lengths (long ones too, to reach the radix sort) over few distinct heads, so ties abound. */
const rowsArb = fc.array(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 200 }), { minLength: 1, maxLength: 6 });
/** The same with heads spread to the u32 limit: four 8-bit passes, some of a digit every head shares. */
const wideRowsArb = fc.array(fc.array(fc.constantFrom(0, 1, 2 ** 31, 2 ** 32 - 2, 2 ** 32 - 1), { maxLength: 200 }), { minLength: 1, maxLength: 6 });

function flatten(rows: number[][]): { indptr: Uint32Array; indices: Uint32Array } {
  const indptr = Uint32Array.from([0, ...rows.map((_, i) => rows.slice(0, i + 1).reduce((a, r) => a + r.length, 0))]);
  return { indptr, indices: Uint32Array.from(rows.flat()) };
}

describe('sortRowsInPlace', () => {
  it.each([
    [Float64Array, 'small', rowsArb],
    [Float32Array, 'small', rowsArb],
    [Uint32Array, 'small', rowsArb],
    [Float64Array, 'u32-wide', wideRowsArb],
  ] as const)('sorts rows stably with a %s payload following (%s heads)', (Payload, _heads, arb) => {
    fc.assert(
      fc.property(arb, (rows) => {
        const { indptr, indices } = flatten(rows);
        // The payload is each arc's position, so stability is visible.
        const payload = new Payload(indices.length);
        for (let p = 0; p < payload.length; p++) payload[p] = p;
        const expected = rows.flatMap((row, r) =>
          row.map((v, i): [number, number] => [v, indptr[r] + i]).sort((a, b) => a[0] - b[0]),
        );
        sortRowsInPlace(rows.length, indptr, indices, payload);
        expect(Array.from(indices, (v, p) => [v, payload[p]])).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('sorts rows long enough for 11-bit digits stably (heads below 2^22: two passes instead of three)', () => {
    const lengths = [25, 3329, 5000, 40];
    const indptr = Uint32Array.from([0, ...lengths.map((_, i) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0))]);
    let seed = 7;
    const indices = new Uint32Array(indptr[lengths.length]).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 10) & 0x3fff00);
    const payload = new Float32Array(indices.length).map((_, p) => p);
    const expected = lengths.flatMap((_, r) => Array.from(indices.subarray(indptr[r], indptr[r + 1]), (v, i): [number, number] => [v, indptr[r] + i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    sortRowsInPlace(lengths.length, indptr, indices, payload);
    expect(Array.from(indices, (v, p) => [v, payload[p]])).toEqual(expected);
  });

  it('sorts a row of over 2^21 arcs with heads up to 2^32 − 1 stably', () => {
    // 2^21 + 1 arcs with a head of 2^32 − 1: two 16-bit passes.
    const len = 2 ** 21 + 1;
    const indices = new Uint32Array(len);
    for (let j = 0; j < len; j++) indices[j] = j === 7 ? 0xffffffff : (len - j) % 5;
    const payload = new Float64Array(len).map((_, j) => j);
    sortRowsInPlace(1, Uint32Array.of(0, len), indices, payload);
    expect(indices[len - 1]).toBe(0xffffffff);
    expect(payload[len - 1]).toBe(7);
    for (let j = 1; j < len - 1; j++) {
      const ordered = indices[j - 1] < indices[j] || (indices[j - 1] === indices[j] && payload[j - 1] < payload[j]);
      if (!ordered) expect.fail(`arcs ${j - 1} and ${j} out of order: (${indices[j - 1]}, ${payload[j - 1]}), (${indices[j]}, ${payload[j]})`);
    }
    expect(Array.from(indices.subarray(0, 3))).toEqual([0, 0, 0]);
  });

  it('sorts pattern rows', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const { indptr, indices } = flatten(rows);
        sortRowsInPlace(rows.length, indptr, indices, null);
        expect(Array.from(indices)).toEqual(rows.flatMap((row) => [...row].sort((a, b) => a - b)));
      }),
      { numRuns: 100 },
    );
  });
});
