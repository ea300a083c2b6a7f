import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, ellFromCsr, ellPaddingRatio, GraphLimitError, NO_VERTEX, type Csr } from '../../src/index.js';
import { csrRows, smallEdgeList } from './reference-graph.js';

describe('ellFromCsr', () => {
  it('lays rows out slot-major, padded with NO_VERTEX and weight 0', () => {
    const csr = csrFromEdges(edgeListFromArrays(3, [0, 0, 2], [1, 2, 0], [5, 6, 7]));
    const ell = ellFromCsr(csr);
    expect(ell.width).toBe(2);
    expect(Array.from(ell.indices)).toEqual([1, NO_VERTEX, 0, 2, NO_VERTEX, NO_VERTEX]);
    expect(Array.from(ell.weight!)).toEqual([5, 0, 7, 6, 0, 0]);
    expect(ell.paddingRatio).toBe(2);
    expect(ellPaddingRatio(csr)).toBe(2);
  });

  it('matches a row-by-row reference at any width from the longest row up', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.nat(3), (g, extra) => {
        const csr = csrFromEdges(g);
        const rows = csrRows(csr);
        const longest = Math.max(0, ...rows.map((r) => r.length));
        const ell = ellFromCsr(csr, { width: longest + extra });
        expect(ell.width).toBe(longest + extra);
        for (let v = 0; v < g.n; v++) {
          for (let s = 0; s < ell.width; s++) {
            const at = s * g.n + v;
            expect([ell.indices[at], ell.weight === null ? null : ell.weight[at]]).toEqual(
              s < rows[v].length ? rows[v][s] : [NO_VERTEX, ell.weight === null ? null : 0],
            );
          }
        }
        const ratio = g.n * ell.width === 0 ? 1 : (g.n * ell.width) / csr.indices.length;
        expect(ell.paddingRatio).toBe(ratio);
        expect(ellPaddingRatio(csr, ell.width)).toBe(ratio);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a width below the longest row, and layouts beyond u32', () => {
    const csr = csrFromEdges(edgeListFromArrays(3, [0, 2, 2, 2], [1, 0, 1, 2]));
    expect(() => ellFromCsr(csr, { width: 2 })).toThrow(
      'options.width = 2 is below the longest row (vertex 2 has 3 arcs)',
    );
    expect(() => ellFromCsr(csr, { width: 3.5 })).toThrow('options.width = 3.5 is not a non-negative integer');
    const wide: Csr = { n: 2 ** 20, indptr: new Uint32Array(2 ** 20 + 1), indices: new Uint32Array(0), weight: null, directed: true, sorted: true };
    expect(() => ellFromCsr(wide, { width: 2 ** 13 })).toThrow(GraphLimitError);
    expect(() => ellFromCsr(wide, { width: 2 ** 13 })).toThrow(/8589934592 arcs exceed the limit of 4294967295/);
  });
});
