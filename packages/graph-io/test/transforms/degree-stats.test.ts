import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, degreeStats, edgeListFromArrays, outDegrees, type Csr } from '../../src/index.js';
import { csrRows, smallEdgeList } from '../containers/reference-graph.js';

describe('degreeStats', () => {
  it('summarises a small graph', () => {
    expect(degreeStats(csrFromEdges(edgeListFromArrays(3, [0, 0, 1], [1, 0, 2])))).toEqual({
      n: 3, arcs: 3, min: 0, max: 2, mean: 1, stddev: Math.sqrt(2 / 3), median: 1,
      zeroDegree: 1, selfLoops: 1, histogram: Uint32Array.of(1, 1, 1),
    });
    const empty: Csr = { n: 0, indptr: Uint32Array.of(0), indices: new Uint32Array(0), weight: null, directed: true, sorted: true };
    expect(degreeStats(empty)).toMatchObject({ n: 0, min: 0, max: 0, mean: 0, median: 0, histogram: new Uint32Array(0) });
  });

  it('matches figures computed from a sorted degree list', () => {
    fc.assert(
      fc.property(smallEdgeList(), (g) => {
        const rows = csrRows(csrFromEdges(g));
        const degrees = rows.map((r) => r.length).sort((a, b) => a - b);
        const n = degrees.length;
        const mean = degrees.reduce((a, b) => a + b, 0) / n;
        const histogram: number[] = [];
        for (const d of degrees) {
          const b = d === 0 ? 0 : Math.floor(Math.log2(d)) + 1;
          while (histogram.length <= b) histogram.push(0);
          histogram[b]++;
        }
        const s = degreeStats(csrFromEdges(g));
        expect(s.n).toBe(n);
        expect(s.arcs).toBe(g.src.length);
        expect([s.min, s.max]).toEqual([degrees[0], degrees[n - 1]]);
        expect(s.mean).toBeCloseTo(mean, 12);
        expect(s.stddev).toBeCloseTo(Math.sqrt(degrees.reduce((a, d) => a + (d - mean) ** 2, 0) / n), 12);
        expect(s.median).toBe((degrees[(n - 1) >> 1] + degrees[n >> 1]) / 2);
        expect(s.zeroDegree).toBe(degrees.filter((d) => d === 0).length);
        expect(s.selfLoops).toBe(rows.reduce((a, r, v) => a + r.filter(([u]) => u === v).length, 0));
        expect(Array.from(s.histogram)).toEqual(histogram);
      }),
      { numRuns: 200 },
    );
  });
});

describe('outDegrees', () => {
  it('counts each row, parallel arcs and self-loops included', () => {
    const csr = csrFromEdges(edgeListFromArrays(4, [0, 0, 0, 1, 3], [1, 1, 0, 2, 3]), { duplicates: 'keep' });
    expect(outDegrees(csr)).toEqual(Uint32Array.of(3, 1, 0, 1));
    expect(outDegrees(csr).reduce((a, d) => a + d, 0)).toBe(degreeStats(csr).arcs);
  });
});
