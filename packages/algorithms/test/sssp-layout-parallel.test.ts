import { describe, expect, it } from 'vitest';
import { csrFromEdges, generateErdosRenyi, generateKronecker } from '@semiforge/graph-io';
import { prepareSssp, ssspHostWork, ssspWeights } from '../src/index.js';
import { edgePairs } from '../src/sssp/sssp.layout.js';
import { edgePairsParallel } from '../src/sssp/sssp.layout-parallel.js';

/** Workers on any graph, however small. */
const WORKERS = { threads: 3, minParallelArcs: 1 };

const graphOf = (directed: boolean) => {
  const edges = generateErdosRenyi({ n: 2000, m: 12000, seed: 7, directed, weights: { min: 0, max: 9 } });
  return csrFromEdges(edges, { symmetrize: !directed, sortRows: true });
};

describe('edgePairsParallel', () => {
  it('lays out the pairs edgePairs does, in the same order, for every kind of segment', async () => {
    // 0 and 4096 (≥ n): CSR order; 64 and 1024: sorted in workers; 4: many small segments, on the calling thread.
    for (const [directed, segment] of [[false, 0], [false, 4], [false, 64], [true, 1024], [true, 4096]] as const) {
      const g = graphOf(directed);
      const w = ssspWeights(g, 'u32').values;
      {
        const one = edgePairs(g, w, segment);
        const many = await edgePairsParallel(g, w, segment, WORKERS);
        expect([...many.src], `segment ${segment}, directed ${directed}`).toEqual([...one.src]);
        expect([...many.dst]).toEqual([...one.dst]);
        expect([...many.weight]).toEqual([...one.weight]);
        expect(many.symmetric).toBe(!directed);
      }
    }
  });

  it("keeps the CSR's order without segments: each pair once (tail below head), self-loops dropped", async () => {
    const g = graphOf(false);
    const w = ssspWeights(g, 'f32').values;
    const expected: [number, number, number][] = [];
    for (let u = 0; u < g.n; u++) for (let e = g.indptr[u]; e < g.indptr[u + 1]; e++) if (u < g.indices[e]) expected.push([u, g.indices[e], w[e]]);
    const pairs = await edgePairsParallel(g, w, 0, WORKERS);
    expect([...pairs.src].map((u, i) => [u, pairs.dst[i], pairs.weight[i]])).toEqual(expected);
    expect(pairs.weight).toBeInstanceOf(Float32Array);
    expect(pairs.src.buffer).toBeInstanceOf(SharedArrayBuffer);
    await expect(edgePairsParallel(g, w, 3, WORKERS)).rejects.toThrow('sssp: segment must be 0 or a power of two (vertices per segment), got 3');
  });

  it("is what the runners hand prepareSssp for Bellman-Ford: the same pairs it would lay out itself", async () => {
    const g = csrFromEdges(generateKronecker({ scale: 9, seed: 2, weights: true }), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });
    const options = { method: 'bellman-ford', weights: 'f32', segment: 64 } as const;
    const done = await ssspHostWork(g, options);
    expect(done.pairs?.segment).toBe(64);
    const setup = prepareSssp(g, options, 'wgsl', {}, undefined, done);
    expect(setup.arrays.src).toBe(done.pairs!.pairs.src);
    expect(setup.arrays).toEqual(prepareSssp(g, options, 'wgsl').arrays);
    expect((await ssspHostWork(g, { method: 'near-far' })).pairs).toBeUndefined();
  });
});
