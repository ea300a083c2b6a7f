import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineDuplicates, DuplicateArcError, edgeListFromArrays, type EdgeList } from '../../src/index.js';
import { refCombine, refRows, smallEdgeList } from '../containers/reference-graph.js';

function arcList(e: EdgeList): Array<[number, number, number | null]> {
  return Array.from(e.src, (u, k): [number, number, number | null] => [u, e.dst[k], e.weight === null ? null : e.weight[k]]);
}

/** The earliest repeat in input order, found with a Map from "u,v" to the first arc index. */
function refFirstRepeat(e: EdgeList): [number, number, number, number] | null {
  const seen = new Map<string, number>();
  for (let k = 0; k < e.src.length; k++) {
    const key = `${e.src[k]},${e.dst[k]}`;
    const first = seen.get(key);
    if (first !== undefined) return [e.src[k], e.dst[k], first, k];
    seen.set(key, k);
  }
  return null;
}

describe('combineDuplicates', () => {
  const g = edgeListFromArrays(3, [1, 0, 0, 2, 0], [2, 1, 1, 2, 1], [7, 5, 2, 1, 9]);

  it.each([
    ['sum', [16, 7, 1]],
    ['min', [2, 7, 1]],
    ['last', [9, 7, 1]],
  ] as const)('merges with %s, sorted by (src, dst)', (policy, weights) => {
    const out = combineDuplicates(g, policy);
    expect(Array.from(out.src)).toEqual([0, 1, 2]);
    expect(Array.from(out.dst)).toEqual([1, 2, 2]);
    expect(Array.from(out.weight!)).toEqual(weights);
  });

  it("throws DuplicateArcError at the earliest repeat for 'error'", () => {
    const err = (() => {
      try {
        combineDuplicates(g, 'error', { file: 'g.txt' });
      } catch (e) {
        return e;
      }
    })() as DuplicateArcError;
    expect(err).toBeInstanceOf(DuplicateArcError);
    expect(err).toBeInstanceOf(RangeError);
    expect([err.src, err.dst, err.first, err.second]).toEqual([0, 1, 1, 2]);
    expect(err.message).toBe('g.txt: arc 2 repeats arc 1 (0 → 1)');
  });

  it('keeps directed and ids; pattern graphs drop repeats', () => {
    const ids = Uint32Array.of(4, 5, 6);
    const p: EdgeList = { ...edgeListFromArrays(3, [2, 0, 2], [1, 1, 1], null, false), ids };
    const out = combineDuplicates(p, 'sum');
    expect(arcList(out)).toEqual([[0, 1, null], [2, 1, null]]);
    expect(out.directed).toBe(false);
    expect(out.ids).toBe(ids);
    expect(() => combineDuplicates(p, 'max' as 'sum')).toThrow(/policy = max/);
  });

  it.each(['sum', 'min', 'last'] as const)('%s matches a Map-based reference', (policy) => {
    fc.assert(
      fc.property(smallEdgeList(), (e) => {
        const ref = refCombine(refRows(e), policy, e.weight instanceof Float32Array).flatMap((row, u) =>
          row.map(([v, w]): [number, number, number | null] => [u, v, w]),
        );
        const out = combineDuplicates(e, policy);
        expect(arcList(out)).toEqual(ref);
        expect(out.weight?.constructor).toBe(e.weight?.constructor);
      }),
      { numRuns: 200 },
    );
  });

  it("'error' reports the earliest repeat, or returns the sorted arcs", () => {
    fc.assert(
      fc.property(smallEdgeList(8, 12), (e) => {
        const repeat = refFirstRepeat(e);
        if (repeat === null) {
          const sorted = arcList(e).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          expect(arcList(combineDuplicates(e, 'error'))).toEqual(sorted);
        } else {
          expect(() => combineDuplicates(e, 'error')).toThrow(
            expect.objectContaining({ src: repeat[0], dst: repeat[1], first: repeat[2], second: repeat[3] }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
