import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, csrFromEdgesParallel, edgeListFromArrays, findUnmirroredArc, findUnmirroredArcParallel, isShared, type Csr, type EdgeList } from '../../src/index.js';
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

describe('findUnmirroredArcParallel', () => {
  /** A mirrored weighted graph of 3,000 vertices in shared memory, as the parallel builder leaves it. */
  const mirrored = async (): Promise<Csr> => {
    const n = 3000;
    const src = Uint32Array.from({ length: 20000 }, (_, i) => (i * 7919) % n);
    const dst = Uint32Array.from({ length: 20000 }, (_, i) => (i * 104729 + 13) % n);
    const weight = Float32Array.from({ length: 20000 }, (_, i) => 1 + (i % 17) / 4);
    return csrFromEdgesParallel(edgeListFromArrays(n, src, dst, weight, true), { symmetrize: true, threads: 2, minParallelArcs: 0 });
  };

  it('gives findUnmirroredArc\'s answer with the rows split among workers', async () => {
    const g = await mirrored();
    expect(isShared(g.indices)).toBe(true);
    expect(await findUnmirroredArcParallel(g, { threads: 3, minParallelArcs: 0 })).toBeUndefined();
    // One arc's weight changed in place: the workers' sums no longer agree, and the arc named lacks its mirror.
    const p = g.indptr[1234] + 1;
    g.weight![p] += 0.5;
    const arc = await findUnmirroredArcParallel(g, { threads: 3, minParallelArcs: 0 });
    expect(arc).toEqual(findUnmirroredArc(g));
    expect(arc && lacksMirror(g, arc.tail, arc.head, arc.weight)).toBe(true);
  });

  it('checks arrays outside shared memory, and small graphs, on the calling thread', async () => {
    const g = await mirrored();
    const plain: Csr = { ...g, indptr: g.indptr.slice(), indices: g.indices.slice(), weight: (g.weight as Float32Array).slice() };
    plain.indices[plain.indptr[7]] = (plain.indices[plain.indptr[7]] + 1) % g.n;
    expect(await findUnmirroredArcParallel(plain, { threads: 3, minParallelArcs: 0 })).toEqual(findUnmirroredArc(plain));
    expect(await findUnmirroredArcParallel(g, { threads: 3 })).toBeUndefined();
  });
});
