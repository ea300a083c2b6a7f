import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csrFromEdges,
  cscFromEdges,
  edgeListFromArrays,
  edgesFromCsr,
  transposeCsr,
  validateCsr,
  type EdgeList,
} from '../../src/index.js';
import { csrRows, refCombine, refRows, refSort, smallEdgeList, withoutIndex } from './reference-graph.js';

const flags = fc.record({ symmetrize: fc.boolean(), dropSelfLoops: fc.boolean(), sortRows: fc.boolean() });

describe('csrFromEdges', () => {
  it('files arcs by tail in input order, or sorted by head', () => {
    const g = edgeListFromArrays(3, [2, 0, 0, 0], [0, 2, 1, 2], [1, 2, 3, 4]);
    const plain = csrFromEdges(g);
    expect(Array.from(plain.indptr)).toEqual([0, 3, 3, 4]);
    expect(Array.from(plain.indices)).toEqual([2, 1, 2, 0]);
    expect(Array.from(plain.weight!)).toEqual([2, 3, 4, 1]);
    expect(plain.sorted).toBe(false);
    const sorted = csrFromEdges(g, { sortRows: true });
    expect(Array.from(sorted.indices)).toEqual([1, 2, 2, 0]);
    expect(Array.from(sorted.weight!)).toEqual([3, 2, 4, 1]);
    expect(sorted.sorted).toBe(true);
  });

  it('symmetrises without mirroring self-loops, and only directed input', () => {
    const g = edgeListFromArrays(3, [0, 1], [1, 1]);
    const u = csrFromEdges(g, { symmetrize: true, sortRows: true });
    expect(csrRows(u)).toEqual([[[1, null]], [[0, null], [1, null]], []]);
    expect(u.directed).toBe(false);
    const again = csrFromEdges(edgesFromCsr(u), { symmetrize: true });
    expect(again.indices.length).toBe(3);
  });

  it('matches the naive reference for every flag combination', () => {
    fc.assert(
      fc.property(smallEdgeList(), flags, (g, opts) => {
        let ref = refRows(g, opts);
        if (opts.sortRows) ref = refSort(ref);
        const csr = csrFromEdges(g, opts);
        expect(csrRows(csr)).toEqual(withoutIndex(ref));
        expect(csr.sorted).toBe(opts.sortRows);
        expect(csr.directed).toBe(g.directed && !opts.symmetrize);
      }),
      { numRuns: 300 },
    );
  });

  it('stays stable when rows span many scatter buckets (n above 256)', () => {
    fc.assert(
      fc.property(smallEdgeList(3000, 500), flags, (g, opts) => {
        let ref = refRows(g, opts);
        if (opts.sortRows) ref = refSort(ref);
        expect(csrRows(csrFromEdges(g, opts))).toEqual(withoutIndex(ref));
        const reversed = { ...g, src: g.dst, dst: g.src };
        expect(csrRows(transposeCsr(csrFromEdges(g)))).toEqual(withoutIndex(refSort(refRows(reversed))));
      }),
      { numRuns: 40 },
    );
  });

  it.each(['sum', 'min', 'last'] as const)('merges parallel arcs with %s, rows sorted', (duplicates) => {
    fc.assert(
      fc.property(smallEdgeList(), flags, (g, opts) => {
        const csr = csrFromEdges(g, { ...opts, duplicates });
        const ref = refCombine(refSort(refRows(g, opts)), duplicates, g.weight instanceof Float32Array);
        expect(csrRows(csr)).toEqual(withoutIndex(ref));
        expect(csr.sorted).toBe(true);
        expect(csr.weight?.constructor).toBe(g.weight?.constructor);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps ids, and refuses bad options and out-of-range ids', () => {
    const ids = Uint32Array.of(7, 9);
    const g: EdgeList = { ...edgeListFromArrays(2, [0], [1]), ids };
    expect(csrFromEdges(g).ids).toBe(ids);
    expect(() => csrFromEdges(g, { duplicates: 'max' as 'sum' })).toThrow(/options.duplicates = max/);
    const bad: EdgeList = { n: 2, src: Uint32Array.of(0), dst: Uint32Array.of(5), weight: null, directed: true };
    expect(() => csrFromEdges(bad)).toThrow(/arc 0: vertex ids \(0, 5\) out of range 0..1/);
  });
});

describe('transposeCsr and cscFromEdges', () => {
  it('lists in-arcs per vertex, sorted by tail', () => {
    fc.assert(
      fc.property(smallEdgeList(), (g) => {
        const t = transposeCsr(csrFromEdges(g));
        const reversed = { ...g, src: g.dst, dst: g.src };
        expect(csrRows(t)).toEqual(withoutIndex(refSort(refRows(reversed))));
        expect(t.sorted).toBe(true);
        expect(csrRows(cscFromEdges(g, { sortRows: true }))).toEqual(csrRows(t));
      }),
      { numRuns: 200 },
    );
  });
});

describe('edgesFromCsr', () => {
  it('gives the arcs back in row order, sharing indices and weights', () => {
    fc.assert(
      fc.property(smallEdgeList(), (g) => {
        const csr = csrFromEdges(g, { sortRows: true });
        const e = edgesFromCsr(csr);
        expect(e.dst).toBe(csr.indices);
        expect(e.weight).toBe(csr.weight);
        const back: Array<[number, number, number | null]> = [];
        for (let k = 0; k < e.src.length; k++) back.push([e.src[k], e.dst[k], e.weight === null ? null : e.weight[k]]);
        const ref = refSort(refRows(g)).flatMap((row, u) => row.map(([v, w]): [number, number, number | null] => [u, v, w]));
        expect(back).toEqual(ref);
      }),
    );
  });
});

describe('validateCsr', () => {
  it('accepts what csrFromEdges builds and names the first broken invariant', () => {
    const csr = csrFromEdges(edgeListFromArrays(3, [0, 2, 1], [1, 0, 2], [1, 2, 3]), { sortRows: true });
    expect(() => validateCsr(csr)).not.toThrow();
    expect(() => validateCsr({ ...csr, indices: Uint32Array.of(1, 2, 3) })).toThrow(/^CSR indices\[2\]: vertex 3 .*not below n = 3/);
    expect(() => validateCsr({ ...csr, indptr: Uint32Array.of(0, 2, 1, 3) })).toThrow(/CSR indptr\[2\]/);
    expect(() => validateCsr({ ...csr, weight: new Float64Array(2) })).toThrow('CSR has 3 arcs but 2 weights');
  });
});
