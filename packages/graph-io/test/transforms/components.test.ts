import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectedComponents, csrFromEdges, edgeListFromArrays, giantComponent } from '../../src/index.js';
import { csrRows, refNeighbours, smallEdgeList } from '../containers/reference-graph.js';

/** Labels by a Set-based flood fill from each unlabelled vertex in ascending order. */
function refLabels(adj: Array<Set<number>>): number[] {
  const label = adj.map(() => -1);
  let count = 0;
  for (let s = 0; s < adj.length; s++) {
    if (label[s] >= 0) continue;
    const stack = [s];
    label[s] = count;
    while (stack.length > 0) {
      for (const v of adj[stack.pop()!]) {
        if (label[v] < 0) {
          label[v] = count;
          stack.push(v);
        }
      }
    }
    count++;
  }
  return label;
}

describe('connectedComponents', () => {
  it('labels weak components by first appearance, with their sizes', () => {
    expect(connectedComponents(csrFromEdges(edgeListFromArrays(4, [3, 1], [1, 3])))).toEqual({
      count: 3,
      label: Uint32Array.of(0, 1, 2, 1),
      sizes: Uint32Array.of(1, 2, 1),
    });
  });

  it('matches a flood-fill reference', () => {
    fc.assert(
      fc.property(smallEdgeList(30, 40), (g) => {
        const csr = csrFromEdges(g);
        const ref = refLabels(refNeighbours(csr));
        const cc = connectedComponents(csr);
        expect(Array.from(cc.label)).toEqual(ref);
        expect(cc.count).toBe(new Set(ref).size);
        expect(Array.from(cc.sizes)).toEqual(Array.from({ length: cc.count }, (_, c) => ref.filter((l) => l === c).length));
      }),
      { numRuns: 200 },
    );
  });
});

describe('giantComponent', () => {
  it('takes the largest component (earliest on a tie) and its induced subgraph', () => {
    fc.assert(
      fc.property(smallEdgeList(30, 40), (g) => {
        const csr = csrFromEdges(g);
        const ref = refLabels(refNeighbours(csr));
        const sizes = ref.map((c) => ref.filter((l) => l === c).length);
        const best = Math.max(...sizes);
        const giantLabel = ref[sizes.indexOf(best)];
        const expected = ref.flatMap((l, v) => (l === giantLabel ? [v] : []));
        const { graph, vertices } = giantComponent(csr);
        expect(Array.from(vertices)).toEqual(expected);
        expect(Array.from(graph.ids!)).toEqual(expected);
        const arcsInside = expected.reduce((sum, v) => sum + csrRows(csr)[v].length, 0);
        expect(graph.indices.length).toBe(arcsInside);
      }),
      { numRuns: 150 },
    );
  });
});
