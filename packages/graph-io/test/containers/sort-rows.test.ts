import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortRowsInPlace } from '../../src/containers/sort-rows.js';

/** Rows of random lengths (long ones too, to reach the merge sort) over few distinct heads, so ties abound. */
const rowsArb = fc.array(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 200 }), { minLength: 1, maxLength: 6 });

function flatten(rows: number[][]): { indptr: Uint32Array; indices: Uint32Array } {
  const indptr = Uint32Array.from([0, ...rows.map((_, i) => rows.slice(0, i + 1).reduce((a, r) => a + r.length, 0))]);
  return { indptr, indices: Uint32Array.from(rows.flat()) };
}

describe('sortRowsInPlace', () => {
  it.each([Float64Array, Float32Array, Uint32Array])('sorts rows stably with a %s payload following', (Payload) => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
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
