import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, generateKronecker, type Csr } from '@semiforge/graph-io';
import { kernelFor, NO_PARENT, prepareSssp, sssp, ssspReference, validateSssp, type SsspKernelOptions } from '../src/index.js';
import { distanceKey } from '../src/sssp/sssp.keys.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const undirected = (g: Parameters<typeof csrFromEdges>[0]) => csrFromEdges(g, { symmetrize: true, sortRows: true });

/** A hub joined to every other vertex (weights 1..20) plus random edges (weights `minWeight`..5). */
function starPlusRandom(n: number, minWeight: number): Csr {
  const random = generateErdosRenyi({ n, m: 3 * n, seed: 7, weights: { min: minWeight, max: 5 } });
  const others = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const src = [...others.map(() => 0), ...random.src];
  const dst = [...others, ...random.dst];
  const w = [...others.map((v) => 1 + ((v * 7) % 20)), ...Array.from(random.weight!, Math.round)];
  return undirected(edgeListFromArrays(n, src, dst, w));
}

/** Kronecker scale 12 (hubs of hundreds of arcs), integer weights 0..3 from the tuple's index. */
function kronecker12(): Csr {
  const g = generateKronecker({ scale: 12, seed: 3 });
  return undirected(edgeListFromArrays(g.n, g.src, g.dst, Array.from(g.src, (_, i) => (i * 2654435761) % 4)));
}

const HUB_GRAPHS: readonly (readonly [string, Csr, number])[] = [
  ['star plus random edges (zero weights among them), source off the hub', starPlusRandom(600, 0), 5],
  ['Kronecker scale 12, zero weights', kronecker12(), 1],
];

const CONFIGS: SsspKernelOptions[] = [{ method: 'near-far' }, { method: 'frontier', dispatch: 'fixed', fixedWorkgroups: 4 }];

describe.skipIf(!device)('SSSP parent trees on graphs with hubs', () => {
  it.each(HUB_GRAPHS.flatMap(([name, g, s]) => CONFIGS.flatMap((c) => (['f32', 'u32'] as const).map((w) => [name, JSON.stringify(c), w, g, s, c] as const))))(
    '%s, %s, %s weights: valid by the Graph500 rules and equal to Dijkstra',
    async (_name, _label, weights, graph, source, config) => {
      const result = await sssp(device!, graph, source, { ...config, weights });
      const check = validateSssp(graph, source, result, { weights });
      expect(check.violation).toBeUndefined();
      expect(check.reached).toBeGreaterThan(graph.n / 2);
      expect(result.dist).toEqual(ssspReference(graph, source, { weights }).dist);
    },
  );

  // Racing lowerings seldom leave a stale via arc on lavapipe: here via[v] is the arc from v's last neighbour,
  // seldom tight, so the tree step lists most vertices and the tree scan (3 workgroups striding over the list)
  // gives them their parents. Positive weights: every reached vertex has a strictly closer tight neighbour.
  it.each(['f32', 'u32'] as const)('the tree scan gives a parent to every vertex whose via arc is stale (%s)', async (weights) => {
    const graph = starPlusRandom(300, 1);
    const source = 5;
    const n = graph.n;
    const setup = prepareSssp(graph, { method: 'near-far', weights, fixedWorkgroups: 3 }, 'wgsl');
    expect(setup.grids.treeScan).toEqual([3]);
    const reference = ssspReference(graph, source, { weights });
    const keys = Uint32Array.from(reference.dist, (d) => (d === Infinity ? 0xffffffff : distanceKey(d, weights)));
    const w = setup.weights.values;
    const add = (a: number, b: number) => (weights === 'f32' ? Math.fround(a + b) : a + b);
    const via = new Uint32Array(n);
    let stale = 0;
    for (let v = 0; v < n; v++) {
      if (graph.indptr[v + 1] === graph.indptr[v]) continue;
      const u = graph.indices[graph.indptr[v + 1] - 1];
      via[v] = graph.indptr[u] + graph.indices.subarray(graph.indptr[u], graph.indptr[u + 1]).indexOf(v);
      const tight = reference.dist[u] < reference.dist[v] && add(reference.dist[u], w[via[v]]) === reference.dist[v];
      if (v !== source && reference.dist[v] !== Infinity && !tight) stale++;
    }
    expect(stale).toBeGreaterThan(n / 2);
    const start = new Uint32Array(n).fill(NO_PARENT);
    start[source] = source;
    const arrays: Record<string, Uint32Array | Float32Array> = { ...setup.arrays, dist: keys, via, parent: start, flag: new Uint32Array(2), stale: new Uint32Array(n) };
    const pool: Record<string, GPUBuffer> = {};
    for (const [name, data] of Object.entries(arrays)) pool[name] = await device!.createStorage(`sssp.${name}`, data);
    const batch = device!.batch();
    for (const [spec, grid] of [[setup.plan.tree!, setup.grids.tree!], [setup.plan.treeScan!, setup.grids.treeScan!]] as const) {
      const kernel = kernelFor(spec);
      const buffers = Object.fromEntries(kernel.bindings.filter((b) => b.kind !== 'uniform').map((b) => [b.name, pool[b.name]]));
      batch.dispatch(kernel, { buffers, params: Uint32Array.of(n, 1, 0, 0), workgroups: [...grid] as [number, number?, number?] });
    }
    await batch.submit();
    const flag = await device!.read(pool.flag, Uint32Array);
    const parent = await device!.read(pool.parent, Uint32Array);
    for (const b of Object.values(pool)) b.destroy();
    expect([...flag]).toEqual([0, stale]);
    expect(validateSssp(graph, source, { dist: reference.dist, parent }, { weights }).violation).toBeUndefined();
  });
});
