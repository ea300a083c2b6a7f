import { describe, expect, it } from 'vitest';
import { csrFromEdges, csrFromEdgesParallel, generateKronecker, type Csr, type CsrFromEdgesOptions, type EdgeList } from '../../src/index.js';

describe('csrFromEdgesParallel', () => {
  const tuples = generateKronecker({ scale: 10, edgeFactor: 8, seed: 4 });
  // Repeated weights in long rows (hubs): the stable order of parallel arcs shows in them, and 'min' / 'last' differ.
  const f64: EdgeList = { ...tuples, weight: Float64Array.from({ length: tuples.src.length }, (_, k) => (k * 7) % 13) };
  const f32: EdgeList = { ...tuples, weight: Float32Array.from({ length: tuples.src.length }, (_, k) => ((k * 5) % 11) / 4) };

  const same = (got: Csr, want: Csr) => {
    expect({ ...got, indptr: [], indices: [], weight: [] }).toEqual({ ...want, indptr: [], indices: [], weight: [] });
    expect(Array.from(got.indptr)).toEqual(Array.from(want.indptr));
    expect(Array.from(got.indices)).toEqual(Array.from(want.indices));
    expect(got.weight === null ? null : Array.from(got.weight)).toEqual(want.weight === null ? null : Array.from(want.weight));
    expect(got.weight?.constructor).toBe(want.weight?.constructor);
  };

  it.each([
    ['pattern, symmetrized, sorted', tuples, { symmetrize: true, sortRows: true }, 3],
    ['f64, sorted, parallel arcs kept', f64, { sortRows: true }, 2],
    ['f64, symmetrized, self-loops dropped, parallel arcs at their least', f64, { symmetrize: true, dropSelfLoops: true, duplicates: 'min' }, 4],
    ['f32, symmetrized, parallel arcs summed', f32, { symmetrize: true, duplicates: 'sum' }, 3],
    ['f32, the last of parallel arcs', f32, { duplicates: 'last' }, 2],
    ['f64, symmetrized, rows as placed (not sorted)', f64, { symmetrize: true }, 3],
    ['pattern, rows as placed', tuples, {}, 2],
  ] as const)('gives what csrFromEdges gives, arc for arc, its rows placed (and sorted) in workers (%s)', async (_name, edges, options: CsrFromEdgesOptions, threads) => {
    same(await csrFromEdgesParallel(edges, { ...options, threads, minParallelArcs: 0 }), csrFromEdges(edges, options));
  });

  it('leaves the arrays the workers wrote in shared memory, not copied out (@semiforge/runtime uploads from there)', async () => {
    const csr = await csrFromEdgesParallel(f32, { symmetrize: true, sortRows: true, threads: 2, minParallelArcs: 0 });
    for (const a of [csr.indptr, csr.indices, csr.weight]) expect(a?.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Parallel arcs merged: the arrays cut to the arcs kept stay shared, and hold just those.
    const merged = await csrFromEdgesParallel(f32, { symmetrize: true, sortRows: true, duplicates: 'min', threads: 2, minParallelArcs: 0 });
    expect(merged.indices.length).toBeLessThan(csr.indices.length);
    for (const a of [merged.indptr, merged.indices, merged.weight]) expect(a?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(merged.indices.buffer.byteLength).toBe(4 * merged.indices.length);
  });

  it('builds on the calling thread for small lists and one thread; refuses a bad thread count or policy', async () => {
    for (const options of [{ threads: 4, symmetrize: true }, { threads: 4, sortRows: true }, { threads: 1, sortRows: true, minParallelArcs: 0 }]) {
      same(await csrFromEdgesParallel(f64, options), csrFromEdges(f64, options));
    }
    await expect(csrFromEdgesParallel(f64, { threads: 0, sortRows: true })).rejects.toThrow('threads');
    await expect(csrFromEdgesParallel(f64, { duplicates: 'max' as never, minParallelArcs: 0 })).rejects.toThrow('options.duplicates = max (expected keep, sum, min or last)');
  });

  it('builds where SharedArrayBuffer does not exist (a page that is not cross-origin isolated), on the calling thread', async () => {
    const want = csrFromEdges(f64, { symmetrize: true, duplicates: 'min' });
    const saved = globalThis.SharedArrayBuffer;
    Reflect.deleteProperty(globalThis, 'SharedArrayBuffer');
    let got: Csr[];
    try {
      got = [csrFromEdges(f64, { symmetrize: true, duplicates: 'min' }), await csrFromEdgesParallel(f64, { symmetrize: true, duplicates: 'min', threads: 1 })];
    } finally {
      globalThis.SharedArrayBuffer = saved;
    }
    for (const csr of got) same(csr, want);
  });

  it('names a vertex out of range as csrFromEdges does', async () => {
    const bad: EdgeList = { ...tuples, src: Uint32Array.of(0, tuples.n), dst: Uint32Array.of(1, 2), weight: null };
    await expect(csrFromEdgesParallel(bad, { sortRows: true, threads: 2, minParallelArcs: 0 })).rejects.toThrow(`arc 1: vertex ids (${tuples.n}, 2) out of range 0..${tuples.n - 1}`);
  });
});
