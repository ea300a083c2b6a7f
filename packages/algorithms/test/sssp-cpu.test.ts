import { csrFromEdges, edgeListFromArrays, generateErdosRenyi } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { describe, expect, it } from 'vitest';
import {
  bellmanFordTree,
  checkSsspFits,
  defaultDelta,
  defaultSsspLanes,
  dijkstra,
  edgePairs,
  NegativeCycleError,
  NO_PARENT,
  planSssp,
  prepareSssp,
  ssspHostWork,
  ssspReference,
  ssspWeights,
  validateSssp,
  type SsspKernelOptions,
} from '../src/index.js';
import { decodeDistances, distanceKey, limitKey } from '../src/sssp/sssp.keys.js';
import { negativeCycle, negativeDag, SSSP_CASES } from './sssp-cases.js';

describe('CPU references', () => {
  it.each(SSSP_CASES.map((c) => [c.name, c] as const))('%s: Dijkstra and Bellman-Ford agree and pass the validator', (_name, c) => {
    const d = ssspReference(c.graph, c.source, { method: 'dijkstra' });
    const b = ssspReference(c.graph, c.source, { method: 'bellman-ford' });
    expect(b.dist).toEqual(d.dist);
    expect(validateSssp(c.graph, c.source, d)).toEqual({ valid: true, reached: d.dist.filter((x) => x !== Infinity).length });
    expect(validateSssp(c.graph, c.source, b).valid).toBe(true);
  });

  it('sums in f32 as stored: 2^24 + 1 rounds back to 2^24', () => {
    const g = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [2 ** 24, 1]));
    expect(ssspReference(g, 0).dist[2]).toBe(2 ** 24);
    expect(ssspReference(g, 0, { weights: 'u32' }).dist[2]).toBe(2 ** 24 + 1);
  });

  it('Bellman-Ford takes negative weights and names a vertex on a negative cycle', () => {
    const dag = ssspReference(negativeDag(), 0);
    expect(validateSssp(negativeDag(), 0, dag).valid).toBe(true);
    expect(() => ssspReference(negativeDag(), 0, { method: 'dijkstra' })).toThrow(/negative weight/);
    const error = (() => {
      try {
        ssspReference(negativeCycle(), 0);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(NegativeCycleError);
    expect([10, 11, 12]).toContain((error as NegativeCycleError).vertex);
    // Not reachable from 4: no cycle to report.
    expect(bellmanFordTree({ n: 13, offsets: negativeCycle().indptr, heads: negativeCycle().indices, weights: ssspWeights(negativeCycle(), 'f32').values }, 4, (a, w) => a + w).dist[4]).toBe(0);
  });

  it("APSP's dijkstra runs on the same core", () => {
    const e = edgeListFromArrays(4, [0, 1, 0], [1, 2, 2], [1, 1, 5]);
    expect(Array.from(dijkstra(e, 0))).toEqual([0, 1, 2, Infinity]);
  });
});

describe('validateSssp names the first broken rule', () => {
  const c = SSSP_CASES[2];
  const good = ssspReference(c.graph, c.source, { weights: 'u32' });
  const check = (patch: (d: Float64Array, p: Uint32Array) => void) => {
    const dist = good.dist.slice();
    const parent = good.parent.slice();
    patch(dist, parent);
    return validateSssp(c.graph, c.source, { dist, parent }, { weights: 'u32' }).violation;
  };
  const leaf = good.parent.findIndex((_p, v) => v !== c.source && !good.parent.includes(v));

  type Patch = (d: Float64Array, p: Uint32Array) => void;
  const cases: [string, Patch, RegExp][] = [
    ['source', (d) => void (d[c.source] = 1), /dist\[source 17\] = 1, not 0/],
    ['unreached', (_d, p) => void (p[leaf] = NO_PARENT), /has distance .* but no parent/],
    ['parent-edge', (d) => void (d[leaf] += 1), /no arc .* with dist\[.*\] \+ w = dist/],
    ['relaxes', (d, p) => void ((d[leaf] = Infinity), (p[leaf] = NO_PARENT)), /gives .* < dist\[.*\] = Infinity/],
  ];
  it.each(cases)('%s', (rule, patch, message) => {
    const v = check(patch);
    expect(v?.rule).toBe(rule);
    expect(v?.message).toMatch(message);
  });

  it('tree: a cycle of tight parents over zero weights', () => {
    const g = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [1, 0]), { symmetrize: true, sortRows: true });
    const v = validateSssp(g, 0, { dist: Float64Array.of(0, 1, 1), parent: Uint32Array.of(0, 2, 1) }).violation;
    expect(v).toMatchObject({ rule: 'tree' });
  });

  it('maxDistance excuses arcs past it', () => {
    const g = csrFromEdges(edgeListFromArrays(2, [0], [1], [5]));
    const unreached = { dist: Float64Array.of(0, Infinity), parent: Uint32Array.of(0, NO_PARENT) };
    expect(validateSssp(g, 0, unreached).violation?.rule).toBe('relaxes');
    expect(validateSssp(g, 0, unreached, { maxDistance: 4 }).valid).toBe(true);
  });
});

describe('SSSP inputs and plans', () => {
  const g = csrFromEdges(edgeListFromArrays(4, [0, 1, 2], [1, 2, 3], [1.5, 2, 3]));

  it('u32 weights must be integers; f32 weights finite', () => {
    expect(() => ssspWeights(g, 'u32')).toThrow(/arc 0 has weight 1.5; u32 weights must be integers 0..4294967294/);
    const inf = { ...g, weight: Float64Array.of(1, Infinity, 1) };
    expect(() => ssspWeights(inf, 'f32')).toThrow(/arc 1 has weight Infinity; f32 weights must be finite/);
    expect(ssspWeights({ ...g, weight: null }, 'u32')).toMatchObject({ min: 1, max: 1, mean: 1 });
  });

  it('a graph marked undirected must list every arc with its mirror of the same weight', async () => {
    const oneWay = { ...g, directed: false };
    expect(() => prepareSssp(oneWay, {}, 'wgsl')).toThrow('sssp: the graph is marked undirected (directed: false), but its arc 0 → 1 of weight 1.5 has no mirror 1 → 0 of weight 1.5');
    const both = csrFromEdges(edgeListFromArrays(4, [0, 1, 2], [1, 2, 3], [1.5, 2, 3]), { symmetrize: true });
    expect(() => prepareSssp(both, {}, 'wgsl')).not.toThrow();
    // The mirror of 1 → 2 weighs 5, not 2: an undirected edge has one weight.
    const uneven = { ...both, weight: both.weight!.map((w, p) => (both.indices[p] === 1 && w === 2 ? 5 : w)) };
    expect(() => prepareSssp(uneven, {}, 'wgsl')).toThrow(/its arc 1 → 2 of weight 2 has no mirror 2 → 1 of weight 2/);
    // The runners check in worker threads first (ssspHostWork), then spare prepareSssp the check.
    await expect(ssspHostWork(oneWay, {})).rejects.toThrow('sssp: the graph is marked undirected (directed: false), but its arc 0 → 1 of weight 1.5 has no mirror');
    expect(await ssspHostWork(both, {})).toMatchObject({ renumbered: undefined, graphChecked: true, weights: ssspWeights(both, 'f32') });
    expect(() => prepareSssp(oneWay, {}, 'wgsl', {}, undefined, { graphChecked: true })).not.toThrow();
  });

  it('device limits name the array, its size and the limit', () => {
    const error = (() => {
      try {
        checkSsspFits({ maxStorageBufferBindingSize: 1000, maxBufferSize: 4000 }, [['the CSR arcs (300)', 1200]]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(LimitError);
    expect((error as Error).message).toMatch(/sssp: the CSR arcs \(300\) needs 1200 for maxStorageBufferBindingSize, but this device allows 1000/);
  });

  it('pairs are stored once, self-loops dropped, sorted by segment', () => {
    const u = csrFromEdges(edgeListFromArrays(8, [5, 1, 6, 3, 2], [0, 2, 4, 2, 2], [1, 2, 3, 4, 5]), { symmetrize: true, sortRows: true });
    const p = edgePairs(u, ssspWeights(u, 'f32').values, 4);
    expect(p.symmetric).toBe(true);
    // Segments of 4 vertices: (0, 0) before (0, 1) before (1, 1); CSR order within one.
    expect([...p.src].map((s, i) => [s, p.dst[i], p.weight[i]])).toEqual([[1, 2, 2], [2, 3, 4], [0, 5, 1], [4, 6, 3]]);
    expect(edgePairs(g, ssspWeights(g, 'f32').values, 0).src.length).toBe(3);
  });

  it.each([1, 2, 8, 64, 1024])('segments of %i: ordered by (tail segment, head segment), CSR order within, either sort', (segment) => {
    // 2,000 vertices: segments of 1–8 take the LSD (many segments), of 64 and 1024 the table of segment buckets.
    for (const directed of [false, true]) {
      const edges = generateErdosRenyi({ n: 2000, m: 12000, seed: segment, directed, weights: { min: 0, max: 9 } });
      const g = csrFromEdges(edges, { symmetrize: !directed, sortRows: true });
      const w = ssspWeights(g, 'u32').values;
      const kept = edgePairs(g, w, 0);
      const shift = Math.log2(segment);
      const expected = [...kept.src.keys()].sort((a, b) => (kept.src[a] >>> shift) - (kept.src[b] >>> shift) || (kept.dst[a] >>> shift) - (kept.dst[b] >>> shift) || a - b);
      const p = edgePairs(g, w, segment);
      expect([...p.src]).toEqual(expected.map((i) => kept.src[i]));
      expect([...p.dst]).toEqual(expected.map((i) => kept.dst[i]));
      expect([...p.weight]).toEqual(expected.map((i) => kept.weight[i]));
    }
  });

  it('distance keys order like the values, negatives included', () => {
    const values = [-1e30, -2.5, -0.5, 0, 1e-30, 0.5, 3, 2 ** 100];
    const keys = values.map((v) => distanceKey(v, 'f32'));
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
    expect(Array.from(decodeDistances(Uint32Array.from([...keys, 0xffffffff]), 'f32'))).toEqual([...values.map(Math.fround), Infinity]);
    // u32 keys are the distances, the largest below UNREACHED included.
    expect(Array.from(decodeDistances(Uint32Array.of(0, 7, 0xfffffffe, 0xffffffff, 1), 'u32'))).toEqual([0, 7, 0xfffffffe, Infinity, 1]);
    expect(limitKey(2.5, 'u32')).toBe(2);
    expect(limitKey(0.1, 'f32')).toBeLessThanOrEqual(distanceKey(0.1, 'f32'));
    expect(Math.fround(0.1)).toBeGreaterThan(0.1); // so the limit steps back one value
    expect(limitKey(0.1, 'f32')).toBe(distanceKey(0.1, 'f32') - 1);
  });

  it("packs the queues where near-far's pass binds more storage buffers than the device offers (browsers: 8–10), else auto takes Bellman-Ford", () => {
    const stats = { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 };
    const packed = (options: SsspKernelOptions, storageBuffers: number) => {
      const plan = planSssp(options, stats, false, { storageBuffers });
      return plan.method === 'bellman-ford' ? 'bellman-ford' : `${plan.method}${plan.relax.packedQueue ? ' packed' : ''}`;
    };
    expect(packed({}, 11)).toBe('near-far');
    expect(packed({}, 10)).toBe('near-far packed');
    expect(packed({}, 9)).toBe('near-far packed');
    expect(packed({}, 8)).toBe('bellman-ford');
    expect(packed({ hubDegree: 64 }, 10)).toBe('near-far packed');
    expect(packed({ heavyArcs: 'settle', method: 'near-far' }, 10)).toBe('near-far packed');
    expect(packed({ method: 'frontier' }, 9)).toBe('frontier packed');
    // Without a limit, or asked not to pack: unpacked; the CUDA twin never packs.
    expect(planSssp({}, stats, false).relax.packedQueue).toBeUndefined();
    expect(packed({ packedQueue: false }, 10)).toBe('bellman-ford');
    expect(planSssp({ kernelTarget: 'cuda' }, stats, false, { storageBuffers: 10 }).method).toBe('bellman-ford');
    // Asked for by name, near-far stays where nothing fits: the runner's limit check then names the kernel and both counts.
    expect(packed({ method: 'near-far' }, 8)).toBe('near-far');
    expect(planSssp({ method: 'near-far' }, stats, false, { storageBuffers: 8 }).relax.packedQueue).toBeUndefined();
  });

  it('auto picks Bellman-Ford below 2^20 arcs unless a frontier-only option asks for near-far', () => {
    const small = { n: 1 << 14, arcs: 512_160, minWeight: 0, meanWeight: 0.5 };
    expect(planSssp({}, small, false).method).toBe('bellman-ford');
    expect(planSssp({ heavyArcs: 'inline', relabel: 'degree', segment: 1 << 10 }, small, false).method).toBe('bellman-ford');
    for (const asked of [{ delta: 0.1 }, { hubDegree: 0 }, { heavyArcs: 'settle' as const }, { chunk: 64 }, { fuseAdvance: true }, { dispatch: 'fixed' as const }, { tailFactor: 0 }]) {
      expect(planSssp(asked, small, false).method).toBe('near-far');
    }
    expect(planSssp({}, { ...small, arcs: 2 ** 20 }, false).method).toBe('near-far');
    // A negative weight still decides first.
    expect(planSssp({}, { ...small, arcs: 2 ** 22, minWeight: -1 }, true).method).toBe('bellman-ford');
  });

  it('auto picks near-far for non-negative weights, Bellman-Ford otherwise; delta and lanes from the graph', () => {
    const stats = { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 };
    // Mean degree 32: Davidson's 32 · 0.5 / 32 = 0.5, scaled by 8 / 32 and, past degree 16, by 16 / 32; chunks of 64.
    expect(planSssp({}, stats, false)).toMatchObject({ method: 'near-far', delta: 0.0625, relax: { op: 'sssp_frontier', lanesPerVertex: 16, chunk: 32 } });
    // Hubs waiting: 8 / 32 only, and the codegen's chunk (256).
    expect(planSssp({ hubDegree: 64 }, stats, false)).toMatchObject({ delta: 0.125, relax: { chunk: 256, deferHubs: true } });
    expect(planSssp({ method: 'frontier' }, stats, false)).toMatchObject({ relax: { chunk: 256 } });
    // A chunk smaller than the default lanes takes as many lanes as it has arcs; lanes asked for stay.
    expect(planSssp({ chunk: 8 }, stats, false)).toMatchObject({ relax: { chunk: 8, lanesPerVertex: 8 } });
    expect(planSssp({ chunk: 8, lanesPerVertex: 4 }, stats, false)).toMatchObject({ relax: { chunk: 8, lanesPerVertex: 4 } });
    expect(planSssp({}, { ...stats, minWeight: -1 }, true)).toMatchObject({ method: 'bellman-ford', relax: { op: 'sssp_edges', symmetric: false, reads: 'atomic' } });
    // Mean degree 4: 32 · 3 / 4 = 24, scaled by 8 / 4.
    expect(defaultDelta({ n: 100, arcs: 400, minWeight: 1, meanWeight: 3 }, 'u32')).toBe(48);
    // Davidson's 32 · w̄ / d̄ scaled by 8 / d̄ within ¼…4×: the road-like grid (d̄ ≈ 3) gets 8/3 of it, a dense graph ¼ (⅛ unless hubs wait), a path 4×.
    const davidson = (n: number, arcs: number, meanWeight: number) => (32 * meanWeight) / (arcs / n);
    expect(defaultDelta({ n: 1e6, arcs: 3e6, minWeight: 1, meanWeight: 500 }, 'f32')).toBeCloseTo((davidson(1e6, 3e6, 500) * 8) / 3, 1);
    // Degree 128: ¼ (the floor), halved past degree 16 (the dense floor) unless hubs wait; degree 24: × 16 / 24.
    expect(defaultDelta({ n: 1000, arcs: 128_000, minWeight: 0, meanWeight: 0.5 }, 'f32')).toBeCloseTo(davidson(1000, 128_000, 0.5) / 8, 6);
    expect(defaultDelta({ n: 1000, arcs: 128_000, minWeight: 0, meanWeight: 0.5 }, 'f32', true)).toBeCloseTo(davidson(1000, 128_000, 0.5) / 4, 6);
    expect(defaultDelta({ n: 1000, arcs: 24_000, minWeight: 0, meanWeight: 0.5 }, 'f32')).toBeCloseTo((davidson(1000, 24_000, 0.5) * 8 * 16) / (24 * 24), 6);
    expect(defaultDelta({ n: 1000, arcs: 1000, minWeight: 1, meanWeight: 10 }, 'u32')).toBe(4 * davidson(1000, 1000, 10));
    expect(defaultDelta({ n: 1000, arcs: 128_000, minWeight: 1, meanWeight: 2 }, 'u32')).toBe(1);
    expect(defaultSsspLanes(4)).toBe(2);
    expect(defaultSsspLanes(1000)).toBe(32);
    expect(() => planSssp({ method: 'dijkstra' as never }, stats, false)).toThrow(/method must be/);
  });

  it("near-far in degree order queues smaller items of two arcs a step: 128 arcs for u32 while hubs wait, else 64", () => {
    const rmat = { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 };
    const kronecker = { ...rmat, degreeSkew: 60 };
    const shape = (options: SsspKernelOptions, stats: typeof rmat) => {
      const { chunk, arcUnroll } = planSssp({ relabel: 'degree', ...options }, stats, false).relax;
      return { chunk, arcUnroll };
    };
    expect(shape({ weights: 'u32' }, kronecker)).toEqual({ chunk: 128, arcUnroll: 2 });
    expect(shape({ weights: 'f32' }, kronecker)).toEqual({ chunk: 64, arcUnroll: 2 });
    expect(shape({ weights: 'u32', hubDegree: 0 }, kronecker)).toEqual({ chunk: 64, arcUnroll: 2 });
    expect(shape({}, rmat)).toEqual({ chunk: 64, arcUnroll: 2 });
    // What the caller gives stays; heavy arcs settled and the frontier method keep the codegen's shape (256, 4).
    expect(shape({ chunk: 256, arcUnroll: 4 }, kronecker)).toEqual({ chunk: 256, arcUnroll: 4 });
    expect(shape({ heavyArcs: 'settle' }, kronecker)).toEqual({ chunk: 256, arcUnroll: undefined });
    expect(shape({ method: 'frontier' }, kronecker)).toEqual({ chunk: 256, arcUnroll: undefined });
    // In vertex order the earlier defaults: 32 arcs where degrees are not skewed, 256 where hubs wait.
    expect(planSssp({}, rmat, false).relax).toMatchObject({ chunk: 32 });
    expect(planSssp({}, kronecker, false).relax).toMatchObject({ chunk: 256, deferHubs: true });
    expect(planSssp({}, kronecker, false).relax.arcUnroll).toBeUndefined();
  });

  it('refuses options the planned method would ignore, saying which and why', () => {
    const stats = { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 };
    expect(() => planSssp({ method: 'bellman-ford', delta: 0.5 }, stats, false)).toThrow("sssp: delta is near-far's bucket width; method 'bellman-ford' has no buckets; use method: 'near-far' or leave delta out");
    expect(() => planSssp({ method: 'frontier', delta: 0.5 }, stats, false)).toThrow(/method 'frontier' has no buckets/);
    expect(() => planSssp({ method: 'bellman-ford', chunk: 64, arcUnroll: 2 }, stats, false)).toThrow(
      "sssp: chunk, arcUnroll shape the frontier methods' queue; method 'bellman-ford' relaxes every pair each pass; use method: 'near-far' or 'frontier', or leave them out",
    );
    expect(() => planSssp({ method: 'bellman-ford', lanesPerVertex: 4 }, stats, false)).toThrow(/lanesPerVertex shapes the frontier methods' queue/);
    expect(() => planSssp({ method: 'bellman-ford', packedQueue: true }, stats, false)).toThrow(/packedQueue shapes/);
    // auto planning Bellman-Ford for a negative weight says so.
    expect(() => planSssp({ chunk: 64 }, { ...stats, minWeight: -2 }, true)).toThrow(/method 'auto' planned 'bellman-ford' \(a negative weight, -2\) and relaxes every pair each pass/);
    expect(() => planSssp({ delta: 3 }, { ...stats, minWeight: -2 }, true)).toThrow(/method 'auto' planned 'bellman-ford' \(a negative weight, -2\) and has no buckets/);
    // What the method reads, or a false packedQueue, stays accepted.
    expect(planSssp({ method: 'bellman-ford', packedQueue: false, segment: 1 << 10, batch: 4 }, stats, false).method).toBe('bellman-ford');
    expect(planSssp({ method: 'frontier', chunk: 64, lanesPerVertex: 8 }, stats, false).relax).toMatchObject({ chunk: 64, lanesPerVertex: 8 });
  });
});
