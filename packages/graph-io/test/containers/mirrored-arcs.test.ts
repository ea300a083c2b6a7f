import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, findUnmirroredArc, type Csr, type EdgeList } from '../../src/index.js';
import { smallEdgeList } from './reference-graph.js';

/** Whether arc (tail, head, weight) occurs in `g` more often than its mirror: what a reported arc must be. */
function lacksMirror(g: Csr, tail: number, head: number, weight: number | undefined): boolean {
  const count = (u: number, v: number) => {
    let c = 0;
    for (let p = g.indptr[u]; p < g.indptr[u + 1]; p++) if (g.indices[p] === v && (g.weight === null || Object.is(g.weight[p], weight))) c++;
    return c;
  };
  return count(tail, head) > count(head, tail);
}

/** The edge list with arc k dropped, or its weight changed. */
const withArc = (e: EdgeList, k: number, change: 'drop' | 'reweigh'): EdgeList => {
  const keep = (_: number, i: number) => change === 'reweigh' || i !== k;
  const weight = e.weight === null ? null : e.weight.map((w, i) => (change === 'reweigh' && i === k ? w + 0.5 : w)).filter(keep);
  return { ...e, src: e.src.filter(keep), dst: e.dst.filter(keep), weight: weight as EdgeList['weight'] };
};

describe('findUnmirroredArc', () => {
  it('passes every graph whose arcs are listed with their mirrors (parallel arcs and self-loops included)', () => {
    fc.assert(
      fc.property(smallEdgeList(), (e) => {
        fc.pre(!e.directed);
        expect(findUnmirroredArc(csrFromEdges(e))).toBeUndefined();
        expect(findUnmirroredArc(csrFromEdges(e, { sortRows: true }))).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('names an arc without its mirror once an arc is dropped or reweighed', () => {
    fc.assert(
      fc.property(smallEdgeList(), fc.nat(), fc.constantFrom('drop', 'reweigh'), (e, pick, change) => {
        const k = pick % Math.max(1, e.src.length);
        fc.pre(!e.directed && e.src.length > 0 && e.src[k] !== e.dst[k] && (change === 'drop' || e.weight !== null));
        const g = csrFromEdges(withArc(e, k, change as 'drop' | 'reweigh'));
        const arc = findUnmirroredArc(g);
        expect(arc).toBeDefined();
        expect(lacksMirror(g, arc!.tail, arc!.head, arc!.weight)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a directed cycle, whose every vertex has as many arcs in as out', () => {
    const cycle = csrFromEdges(edgeListFromArrays(3, [0, 1, 2], [1, 2, 0], [1, 1, 1]));
    expect(findUnmirroredArc(cycle)).toEqual({ tail: 0, head: 1, weight: 1 });
    expect(findUnmirroredArc({ ...cycle, weight: null })).toEqual({ tail: 0, head: 1 });
  });

  it('compares f32 and f64 weights bit for bit, and counts parallel arcs', () => {
    const f32 = csrFromEdges({ ...edgeListFromArrays(2, [0, 1], [1, 0], [0.1, 0.1]), weight: Float32Array.of(0.1, 0.1) });
    expect(findUnmirroredArc(f32)).toBeUndefined();
    const off = csrFromEdges(edgeListFromArrays(2, [0, 1], [1, 0], [0.1, 0.1 + 2 ** -54]));
    expect(findUnmirroredArc(off)).toEqual({ tail: 0, head: 1, weight: 0.1 });
    // Twice 0 → 1 but once 1 → 0.
    const twice = csrFromEdges(edgeListFromArrays(2, [0, 0, 1], [1, 1, 0], null));
    expect(findUnmirroredArc(twice)).toEqual({ tail: 0, head: 1 });
  });
});
