import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, inducedSubgraph } from '../../src/index.js';
import { csrRows, smallEdgeList } from '../containers/reference-graph.js';

describe('inducedSubgraph', () => {
  it('keeps the arcs between the chosen vertices, renumbered in the given order', () => {
    fc.assert(
      fc.property(
        smallEdgeList(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 15 }),
        fc.boolean(),
        (g, sortRows, picks, ascending) => {
          const csr = csrFromEdges({ ...g, ids: Uint32Array.from({ length: g.n }, (_, v) => 50 - v) }, { sortRows });
          let chosen = [...new Set(picks.map((p) => p % g.n))];
          if (ascending) chosen = chosen.sort((a, b) => a - b);
          const newOf = new Map(chosen.map((v, i) => [v, i]));
          const expected = chosen.map((v) =>
            csrRows(csr)[v].filter(([u]) => newOf.has(u)).map(([u, w]): [number, number | null] => [newOf.get(u)!, w]),
          );
          const sub = inducedSubgraph(csr, Uint32Array.from(chosen));
          expect(csrRows(sub)).toEqual(expected);
          expect(Array.from(sub.ids!)).toEqual(chosen.map((v) => 50 - v));
          if (ascending && sortRows) expect(sub.sorted).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses vertices out of range or repeated', () => {
    const csr = csrFromEdges(smallEdgeListOf3());
    expect(() => inducedSubgraph(csr, Uint32Array.of(0, 3))).toThrow('vertices[1] = 3 out of range 0..2 (n = 3)');
    expect(() => inducedSubgraph(csr, Uint32Array.of(2, 1, 2))).toThrow('vertices[2] = 2 repeats vertices[0]');
  });
});

function smallEdgeListOf3() {
  return { n: 3, src: Uint32Array.of(0), dst: Uint32Array.of(1), weight: null, directed: true };
}
