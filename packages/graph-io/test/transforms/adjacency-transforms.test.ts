import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, dropSelfLoops, sortAdjacency, symmetrize } from '../../src/index.js';
import { csrRows, refRows, smallEdgeList, withoutIndex } from '../containers/reference-graph.js';

describe('symmetrize', () => {
  it('adds mirrors to a directed graph and leaves an undirected one alone', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.boolean(), (g, sortRows) => {
        const csr = csrFromEdges(g, { sortRows });
        const sym = symmetrize(csr);
        if (!g.directed) expect(sym).toBe(csr);
        // Row order after mirroring follows the CSR's arc order, not the input's: compare as multisets.
        const bag = (rows: Array<Array<[number, number | null]>>) =>
          rows.map((row) => [...row].sort((a, b) => a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0)));
        expect(bag(csrRows(sym))).toEqual(bag(withoutIndex(refRows(g, { symmetrize: true }))));
        const heads = csrRows(sym).map((row) => row.map(([v]) => v));
        if (sortRows) expect(heads).toEqual(heads.map((row) => [...row].sort((a, b) => a - b)));
        expect(sym.directed).toBe(false);
        expect(sym.sorted).toBe(sortRows);
      }),
      { numRuns: 150 },
    );
  });
});

describe('dropSelfLoops', () => {
  it('removes exactly the arcs v → v, keeping order and flags', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.boolean(), (g, sortRows) => {
        const csr = csrFromEdges(g, { sortRows });
        const out = dropSelfLoops(csr);
        const ref = csrRows(csr).map((row, v) => row.filter(([u]) => u !== v));
        expect(csrRows(out)).toEqual(ref);
        expect([out.sorted, out.directed]).toEqual([csr.sorted, csr.directed]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('sortAdjacency', () => {
  it('sorts every row stably and returns a sorted CSR as is', () => {
    fc.assert(
      fc.property(smallEdgeList(), (g) => {
        const csr = csrFromEdges(g);
        const out = sortAdjacency(csr);
        expect(csrRows(out)).toEqual(csrRows(csr).map((row) => [...row].sort((a, b) => a[0] - b[0])));
        expect(out.sorted).toBe(true);
        expect(sortAdjacency(out)).toBe(out);
      }),
      { numRuns: 150 },
    );
  });
});
