import { describe, expect, it } from 'vitest';
import { csrFromEdges, generateKronecker, relabelByDegree, relabelByDegreeParallel } from '../../src/index.js';

describe('relabelByDegreeParallel', () => {
  const tuples = generateKronecker({ scale: 10, edgeFactor: 8, seed: 4 });
  const weight = Float64Array.from({ length: tuples.src.length }, (_, k) => (k * 7) % 13);
  const plain = csrFromEdges(tuples, { symmetrize: true });
  // Weights with repeated heads in long rows: the stable order of parallel arcs shows in them.
  const weighted = csrFromEdges({ ...tuples, weight }, { symmetrize: true });

  it.each([
    ['pattern, descending', plain, 'descending', 3],
    ['weighted, ascending', weighted, 'ascending', 2],
    ['weighted, more threads than heavy rows', weighted, 'descending', 4],
  ] as const)('gives what relabelByDegree gives, arc for arc, in workers (%s)', async (_name, csr, order, threads) => {
    const want = relabelByDegree(csr, { order });
    const got = await relabelByDegreeParallel(csr, { order, threads, minParallelArcs: 0 });
    // Left where the workers wrote it, not copied out (@semiforge/runtime uploads from shared memory).
    expect(got.indices.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(got).toEqual({ ...want, indptr: got.indptr, indices: got.indices, weight: got.weight });
    expect(Array.from(got.indptr)).toEqual(Array.from(want.indptr));
    expect(Array.from(got.indices)).toEqual(Array.from(want.indices));
    expect(got.weight === null ? null : Array.from(got.weight)).toEqual(want.weight === null ? null : Array.from(want.weight));
  });

  it('cuts out the kept vertices as relabelByDegree does, in workers', async () => {
    const keep = Uint32Array.from({ length: plain.n }, (_, v) => v).filter((v) => v % 3 !== 1);
    const want = relabelByDegree(weighted, { keep });
    const got = await relabelByDegreeParallel(weighted, { keep, threads: 3, minParallelArcs: 0 });
    expect(got.n).toBe(keep.length);
    expect(Array.from(got.indptr)).toEqual(Array.from(want.indptr));
    expect(Array.from(got.indices)).toEqual(Array.from(want.indices));
    expect(Array.from(got.weight!)).toEqual(Array.from(want.weight!));
    expect(Array.from(got.ids!)).toEqual(Array.from(want.ids!));
  });

  it('relabels small graphs on the calling thread, and refuses a bad thread count', async () => {
    expect(await relabelByDegreeParallel(plain, { threads: 4 })).toEqual(relabelByDegree(plain));
    await expect(relabelByDegreeParallel(plain, { threads: 0 })).rejects.toThrow('threads');
  });
});
