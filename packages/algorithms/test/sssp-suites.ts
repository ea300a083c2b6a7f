import { describe, expect, it } from 'vitest';
import { csrFromEdges, generateKronecker, type Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import { sssp, ssspReference, SsspRunner, validateSssp, type SsspKernelOptions } from '../src/index.js';
import type { SsspCase } from './sssp-cases.js';

/** Kronecker scale 10 with Graph500 weights, undirected: hubs of hundreds of arcs beside many low-degree vertices. */
export const KRONECKER_10 = csrFromEdges(generateKronecker({ scale: 10, seed: 5, weights: true }), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });

/** The graph's weights as integers 1..255 (Kronecker's unit-interval ones scaled). */
export function integerWeights(graph: Csr): Csr {
  return { ...graph, weight: Float32Array.from(graph.weight!, (w) => 1 + Math.floor(w * 255)) };
}

/**
 * One test per case, configuration and weight type: the GPU result valid by the Graph500 rules and equal to the
 * CPU Dijkstra. Unit-interval weights run in f32 only, but KRONECKER_10's become integers for u32; `onlyU32` runs
 * u32 alone (for options only integer weights take), on cases whose weights are integers or KRONECKER_10.
 */
export function describeAgainstReference(device: Device, cases: readonly SsspCase[], configs: readonly SsspKernelOptions[], onlyU32 = false): void {
  describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const types = onlyU32 ? (['u32'] as const) : c.graph.weight instanceof Float32Array && c.graph !== KRONECKER_10 ? (['f32'] as const) : (['f32', 'u32'] as const);
    it.each(configs.flatMap((config) => types.map((weights) => [JSON.stringify(config), weights, config] as const)))(
      '%s, %s weights: valid by the Graph500 rules and equal to Dijkstra',
      async (_label, weights, config) => {
        const graph = weights === 'u32' && c.graph === KRONECKER_10 ? integerWeights(KRONECKER_10) : c.graph;
        const result = await sssp(device, graph, c.source, { ...config, weights });
        expect(validateSssp(graph, c.source, result, { weights }).violation).toBeUndefined();
        expect(result.dist).toEqual(ssspReference(graph, c.source, { weights }).dist);
      },
    );
  });
}

/**
 * Point-to-point queries on one runner, against the full distances `reference` from `source`: a maxDistance of half
 * the farthest, a target (its distance and the path to it exact), then a full query again (far marks of a stopped
 * search must not leak into the next).
 */
export async function expectPointQueries(runner: SsspRunner, source: number, reference: Float64Array): Promise<void> {
  const farthest = Math.max(...reference.filter(Number.isFinite));
  const half = Math.floor(farthest / 2);
  const near = await runner.run(source, { maxDistance: half });
  expect(Array.from(near.dist)).toEqual(Array.from(reference, (d) => (d <= half ? d : Infinity)));
  const target = reference.indexOf(farthest);
  const toTarget = await runner.run(source, { target });
  expect(toTarget.dist[target]).toBe(reference[target]);
  for (let v = target; v !== source; v = toTarget.parent![v]) expect(toTarget.dist[v]).toBe(reference[v]);
  expect((await runner.run(source)).dist).toEqual(reference);
}

/**
 * On one runner of KRONECKER_10 with integer weights and `options`: {@link expectPointQueries} from vertex 1, then a
 * batch of sources, each valid and equal to Dijkstra (marks of a stopped search must not leak into the next).
 */
export async function expectQueriesAndBatch(device: Device, options: SsspKernelOptions): Promise<void> {
  const graph = integerWeights(KRONECKER_10);
  const runner = await SsspRunner.create(device, graph, { ...options, weights: 'u32' });
  try {
    await expectPointQueries(runner, 1, ssspReference(graph, 1, { weights: 'u32' }).dist);
    for (const r of await runner.runMany([0, 7, 1])) {
      expect(validateSssp(graph, r.source, r, { weights: 'u32' }).violation).toBeUndefined();
      expect(r.dist).toEqual(ssspReference(graph, r.source, { weights: 'u32' }).dist);
    }
  } finally {
    runner.destroy();
  }
}
