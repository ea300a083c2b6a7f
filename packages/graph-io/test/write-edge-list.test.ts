import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeListFromArrays, readEdgeList, writeEdgeList, type EdgeList } from '../src/index.js';
import { doubleEdgeList, undirectedEdgeList } from './helpers/arbitraries.js';
import { sortedArcs } from './helpers/edge-arrays.js';

describe('writeEdgeList', () => {
  const g = edgeListFromArrays(4, [0, 1], [1, 2], [1.5, -0]);

  it('writes SNAP style with comments and a Nodes/Edges header, tab separated', () => {
    expect(writeEdgeList(g, { comments: ['test'] })).toBe('# test\n# Nodes: 4 Edges: 2\n0\t1\t1.5\n1\t2\t-0\n');
  });

  it('writes gapbs .el and .wel, refusing to drop or invent weights', () => {
    expect(writeEdgeList(g, { style: 'wel' })).toBe('0 1 1.5\n1 2 -0\n');
    expect(writeEdgeList({ ...g, weight: null }, { style: 'el' })).toBe('0 1\n1 2\n');
    expect(() => writeEdgeList(g, { style: 'el' })).toThrow(TypeError);
    expect(() => writeEdgeList({ ...g, weight: null }, { style: 'wel' })).toThrow(TypeError);
  });

  it('writes an undirected list one line per edge and original ids when present', () => {
    const u = edgeListFromArrays(3, [0, 1, 2], [1, 0, 2], null, false);
    expect(writeEdgeList(u)).toBe('# Undirected graph: each edge listed once (u <= v)\n# Nodes: 3 Edges: 2\n0\t1\n2\t2\n');
    expect(writeEdgeList({ ...u, ids: Uint32Array.of(10, 20, 30) }, { style: 'el' })).toBe('10 20\n30 30\n');
  });

  it('round-trips through readEdgeList (SNAP header keeps n; .wel with n given)', () => {
    const readBack = (h: EdgeList, text: string, n?: number) => readEdgeList(text, { directed: h.directed, ids: 'zero-based', n });
    fc.assert(
      fc.property(fc.oneof(doubleEdgeList(), undirectedEdgeList()), (h) => {
        const back = readBack(h, writeEdgeList(h));
        expect([back.n, back.directed]).toEqual([h.n, h.directed]);
        expect(sortedArcs(back)).toEqual(sortedArcs(h));
        if (h.weight !== null && h.src.length > 0) {
          expect(sortedArcs(readBack(h, writeEdgeList(h, { style: 'wel' }), h.n))).toEqual(sortedArcs(h));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips original ids through a compacting read', () => {
    const labelled = { ...edgeListFromArrays(3, [0, 2, 1], [2, 1, 0]), ids: Uint32Array.of(5, 900, 70000) };
    const back = readEdgeList(writeEdgeList(labelled), { ids: 'compact' });
    expect(back).toEqual(labelled);
  });
});
