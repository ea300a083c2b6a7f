import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeListFromArrays, readMatrixMarket, writeMatrixMarket } from '../src/index.js';
import { doubleEdgeList, integerEdgeList, undirectedEdgeList } from './helpers/arbitraries.js';
import { sortedArcs } from './helpers/edge-arrays.js';

describe('writeMatrixMarket', () => {
  it('writes banner, comments, size line and 1-based entries, choosing the field from the weights', () => {
    expect(writeMatrixMarket(edgeListFromArrays(3, [0, 2], [1, 0], [0.1, -2]), { comments: ['made by a test', ''] })).toBe(
      '%%MatrixMarket matrix coordinate real general\n% made by a test\n%\n3 3 2\n1 2 0.1\n3 1 -2\n',
    );
    expect(writeMatrixMarket(edgeListFromArrays(2, [0], [1], [7]))).toBe('%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 7\n');
    expect(writeMatrixMarket(edgeListFromArrays(2, [0], [1]))).toBe('%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n');
  });

  it('writes the lower triangle of an undirected list as symmetric, the diagonal once', () => {
    const g = edgeListFromArrays(3, [0, 1, 2, 2], [1, 0, 2, 0], null, false);
    expect(() => writeMatrixMarket(g)).toThrow('edge list is marked undirected but has 2 arcs u > v and 1 arcs u < v');
    const h = edgeListFromArrays(3, [0, 1, 2, 2, 0], [1, 0, 2, 0, 2], [5, 5, 1, 3, 3], false);
    expect(writeMatrixMarket(h)).toBe('%%MatrixMarket matrix coordinate integer symmetric\n3 3 3\n2 1 5\n3 3 1\n3 1 3\n');
    expect(writeMatrixMarket(h, { symmetry: 'general', field: 'pattern' })).toBe('%%MatrixMarket matrix coordinate pattern general\n3 3 5\n1 2\n2 1\n3 3\n3 1\n1 3\n');
  });

  it('refuses weights the field cannot hold', () => {
    expect(() => writeMatrixMarket(edgeListFromArrays(2, [0], [1], [0.5]), { field: 'integer' })).toThrow('arc 0 (0 → 1) has weight 0.5, not a safe integer (field is integer)');
    expect(() => writeMatrixMarket(edgeListFromArrays(2, [0], [1], [NaN]))).toThrow('has weight NaN, not finite');
    expect(() => writeMatrixMarket(edgeListFromArrays(2, [0], [1]), { field: 'real' })).toThrow(TypeError);
  });

  it('round-trips real weights bit for bit (shortest repr, -0 and subnormals included)', () => {
    fc.assert(
      fc.property(doubleEdgeList(), (g) => {
        const back = readMatrixMarket(writeMatrixMarket(g, { field: g.weight === null ? 'pattern' : 'real' }));
        expect(back).toEqual(g);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips integer weights and undirected lists', () => {
    fc.assert(
      fc.property(fc.oneof(integerEdgeList(20, 60), undirectedEdgeList()), (g) => {
        const back = readMatrixMarket(writeMatrixMarket(g));
        expect([back.n, back.directed]).toEqual([g.n, g.directed]);
        expect(sortedArcs(back)).toEqual(sortedArcs(g));
      }),
      { numRuns: 200 },
    );
  });
});
