import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeListFromArrays, readDimacsGr, writeDimacsGr } from '../src/index.js';
import { integerEdgeList } from './helpers/arbitraries.js';

describe('writeDimacsGr', () => {
  it('writes comments, the p line and 1-based arcs', () => {
    const g = edgeListFromArrays(3, [0, 2], [1, 0], [7, -2]);
    expect(writeDimacsGr(g, { comments: ['made by a test', 'two\nlines', ''] })).toBe(
      'c made by a test\nc two\nc lines\nc\np sp 3 2\na 1 2 7\na 3 1 -2\n',
    );
  });

  it('round-trips through readDimacsGr', () => {
    fc.assert(
      fc.property(integerEdgeList(), (g) => {
        const back = readDimacsGr(writeDimacsGr(g));
        expect(back.n).toBe(g.n);
        expect(back.src).toEqual(g.src);
        expect(back.dst).toEqual(g.dst);
        expect(Array.from(back.weight ?? [])).toEqual(Array.from(g.weight ?? []).map((w) => (w === 0 ? 0 : w)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes pattern graphs only with a patternWeight', () => {
    const g = edgeListFromArrays(2, [0], [1]);
    expect(() => writeDimacsGr(g)).toThrow(/pass options.patternWeight/);
    expect(writeDimacsGr(g, { patternWeight: 1 })).toBe('p sp 2 1\na 1 2 1\n');
  });

  it('refuses weights the format cannot hold', () => {
    expect(() => writeDimacsGr(edgeListFromArrays(2, [0, 1], [1, 0], [1, 2.5]))).toThrow(
      'arc 1 (1 → 0) has weight 2.5, not a safe integer (DIMACS .gr weights are integers)',
    );
    expect(() => writeDimacsGr(edgeListFromArrays(2, [0], [1], [Infinity]))).toThrow(RangeError);
  });
});
