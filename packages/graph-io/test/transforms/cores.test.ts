import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coreNumbers, csrFromEdges, edgeListFromArrays, kCore } from '../../src/index.js';
import { refNeighbours, smallEdgeList } from '../containers/reference-graph.js';

/** Core numbers by definition: peel vertices of degree < k from a Set-based graph, for k = 1, 2, … */
function refCores(adj: Array<Set<number>>): number[] {
  const core = adj.map(() => 0);
  for (let k = 1; ; k++) {
    const alive = new Set(adj.keys());
    for (let changed = true; changed; ) {
      changed = false;
      for (const v of alive) {
        let degree = 0;
        for (const u of adj[v]) if (alive.has(u)) degree++;
        if (degree < k) {
          alive.delete(v);
          changed = true;
        }
      }
    }
    if (alive.size === 0) return core;
    for (const v of alive) core[v] = k;
  }
}

describe('coreNumbers', () => {
  it('gives a triangle with a pendant vertex cores 2 and 1, ignoring loops and repeats', () => {
    const g = edgeListFromArrays(5, [0, 1, 2, 2, 3, 3, 1], [1, 2, 0, 3, 3, 3, 0]);
    expect(Array.from(coreNumbers(csrFromEdges(g)))).toEqual([2, 2, 2, 1, 0]);
  });

  it('matches peeling by definition on the undirected simple view', () => {
    fc.assert(
      fc.property(smallEdgeList(14, 50), (g) => {
        const csr = csrFromEdges(g);
        const ref = refCores(refNeighbours(csr));
        expect(Array.from(coreNumbers(csr))).toEqual(ref);
        // An undirected sorted CSR is used as is, loops and repeats skipped in place.
        expect(Array.from(coreNumbers(csrFromEdges(g, { symmetrize: true, sortRows: true })))).toEqual(ref);
      }),
      { numRuns: 200 },
    );
  });
});

describe('kCore', () => {
  it('induces the subgraph of vertices with core ≥ k', () => {
    fc.assert(
      fc.property(smallEdgeList(14, 50), fc.nat(4), (g, k) => {
        const csr = csrFromEdges(g);
        const core = refCores(refNeighbours(csr));
        const expected = core.flatMap((c, v) => (c >= k ? [v] : []));
        const { graph, vertices } = kCore(csr, k);
        expect(Array.from(vertices)).toEqual(expected);
        expect(Array.from(graph.ids!)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
    expect(() => kCore(csrFromEdges(edgeListFromArrays(1, [], [])), -1)).toThrow('k = -1 is not a non-negative integer');
  });
});
