import { afterAll, describe, expect, it } from 'vitest';
import { relabelByDegree } from '@semiforge/graph-io';
import { NegativeCycleError, planSssp, sssp, SsspRunner, ssspReference, ssspSearchGraph, ssspWeights, toIntegerWeights, validateSssp } from '../src/index.js';
import { SsspIds } from '../src/sssp/sssp.ids.js';
import { renumberedWeights } from '../src/sssp/sssp.input.js';
import { testDevice } from './gpu-device.js';
import { negativeCycle, SSSP_CASES } from './sssp-cases.js';

const device = await testDevice();
afterAll(() => device?.destroy());

// The R-MAT case: skewed degrees, so the degree order is far from the generator's.
const { graph, source } = SSSP_CASES[1];

describe('relabel option (no GPU)', () => {
  it('defaults to none, names the plan, refuses anything else', () => {
    const stats = { n: 10, arcs: 40, minWeight: 1, meanWeight: 2 };
    expect(planSssp({}, stats, false).relabel).toBe('none');
    expect(planSssp({ relabel: 'degree', method: 'bellman-ford' }, stats, false).relabel).toBe('degree');
    // @ts-expect-error: not a vertex order
    expect(() => planSssp({ relabel: 'random' }, stats, false)).toThrow("sssp: relabel must be 'degree' or 'none', got 'random'");
  });

  it('the runners renumber with the same order the serial relabelling gives, only when asked', async () => {
    expect(await ssspSearchGraph(graph, { relabel: 'degree' })).toEqual(relabelByDegree({ ...graph, ids: undefined }));
    expect(await ssspSearchGraph(graph, {})).toBeUndefined();
    expect(await ssspSearchGraph(graph, { relabel: 'none' })).toBeUndefined();
  });

  it("renumbered weights: the caller's checked values in the new arc order, its statistics kept", () => {
    for (const [g, type] of [[graph, 'f32'], [toIntegerWeights(graph, 255), 'u32']] as const) {
      const checked = ssspWeights(g, type);
      const renumbered = relabelByDegree({ ...g, ids: undefined });
      const moved = renumberedWeights(renumbered, checked);
      const direct = ssspWeights(renumbered, type);
      expect(moved.values).toEqual(direct.values);
      expect(moved.values.constructor).toBe(direct.values.constructor);
      expect({ min: moved.min, max: moved.max, mean: moved.mean }).toEqual({ min: checked.min, max: checked.max, mean: checked.mean });
      expect(moved.mean).toBeCloseTo(direct.mean, 12);
    }
    const pattern = { ...graph, weight: null };
    const ones = ssspWeights(pattern, 'u32');
    expect(renumberedWeights(relabelByDegree({ ...pattern, ids: undefined }), ones)).toBe(ones);
  });

  it('SsspIds.result: distances and parents in the caller ids and order, unreached kept, a parent past n refused', () => {
    // Searched vertex v is the caller's toUser[v]: caller 2 is the source, 0 its child, 1 unreached.
    const ids = new SsspIds(Uint32Array.of(2, 0, 1));
    const r = { source: 0, dist: Float64Array.of(0, 5, Infinity), parent: Uint32Array.of(0, 0, 0xffffffff), method: 'near-far' as const, passes: 2, parentPasses: 1, wallTimeMs: 0 };
    const mapped = ids.result(r, 2);
    expect(mapped.source).toBe(2);
    expect(Array.from(mapped.dist)).toEqual([5, Infinity, 0]);
    expect(Array.from(mapped.parent!)).toEqual([2, 0xffffffff, 2]);
    expect(() => ids.result({ ...r, parent: Uint32Array.of(0, 3, 0xffffffff) }, 2)).toThrow('values[1] = 3 is not a vertex id below 3');
  });

  it('the test graph is not in degree order already', () => {
    expect(Array.from(relabelByDegree({ ...graph, ids: undefined }).ids!.slice(0, 8))).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe.skipIf(!device)('relabel: degree, on the GPU: answers in the caller ids', () => {
  it('runMany: several sources on one runner equal Dijkstra, each source its own', async () => {
    const runner = await SsspRunner.create(device!, graph, { method: 'near-far', relabel: 'degree' });
    try {
      const sources = [source, 0, graph.n - 1];
      const results = await runner.runMany(sources);
      results.forEach((r, i) => {
        expect(r.source).toBe(sources[i]);
        expect(r.parent![sources[i]]).toBe(sources[i]);
        expect(validateSssp(graph, sources[i], r).violation).toBeUndefined();
        expect(r.dist).toEqual(ssspReference(graph, sources[i]).dist);
      });
    } finally {
      runner.destroy();
    }
  });

  it('a target in the caller ids stops near-far with its distance and path exact', async () => {
    const reference = ssspReference(graph, source);
    const far = reference.dist.reduce((best, d, v) => (d !== Infinity && d > reference.dist[best] ? v : best), source);
    const result = await sssp(device!, graph, source, { method: 'near-far', relabel: 'degree', target: far, delta: 0.05 });
    expect(result.dist[far]).toBe(reference.dist[far]);
    for (let v = far; v !== source; v = result.parent![v]) expect(result.dist[v]).toBe(reference.dist[v]);
  });

  it('maxDistance and no parents', async () => {
    const full = ssspReference(graph, source).dist;
    const result = await sssp(device!, graph, source, { method: 'frontier', relabel: 'degree', maxDistance: 0.5, parents: false });
    expect(result.parent).toBeUndefined();
    expect(Array.from(result.dist)).toEqual(Array.from(full, (d) => (d <= 0.5 ? d : Infinity)));
  });

  it('a negative cycle is reported with a vertex of the caller ids on it', async () => {
    const error = await sssp(device!, negativeCycle(), 0, { method: 'bellman-ford', relabel: 'degree' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NegativeCycleError);
    expect([10, 11, 12]).toContain((error as NegativeCycleError).vertex);
    expect((error as Error).message).toMatch(/renumbered by degree/);
  });

  it('a negative undirected edge is named in the caller ids', async () => {
    const c = SSSP_CASES[5];
    const g = { ...c.graph, weight: Float64Array.from(c.graph.weight!, (w) => (w === 7 ? -7 : w)) };
    await expect(sssp(device!, g, 0, { method: 'bellman-ford', relabel: 'degree' })).rejects.toThrow(/undirected edge \{4, 5\} of weight -7 is the cycle 4 → 5 → 4/);
  });

  it('sources and targets are checked in the caller ids', async () => {
    await expect(sssp(device!, graph, graph.n, { relabel: 'degree' })).rejects.toThrow(/source/);
    await expect(sssp(device!, graph, 0, { relabel: 'degree', target: -1 })).rejects.toThrow(/target/);
  });
});
