import { afterAll, describe, expect, it } from 'vitest';
import { connectedComponents, coreNumbers, csrFromEdges, edgeListFromArrays, generateKronecker } from '@semiforge/graph-io';
import { CoreBfs, type CoreBfsResult } from '../src/bfs/bfs.core.js';
import type { BfsOptions } from '../src/bfs/bfs.plan.js';
import { bfsReference } from '../src/bfs/bfs.reference.js';
import { validateBfs } from '../src/bfs/bfs.validate.js';
import { BFS_CASES, DISCONNECTED } from './bfs-cases.js';
import { testDevice } from './gpu-device.js';

const undirected = (n: number, src: number[], dst: number[]) => csrFromEdges(edgeListFromArrays(n, src, dst), { symmetrize: true, sortRows: true });

const device = await testDevice();
afterAll(() => device?.destroy());

/** Every vertex as a source (the graphs are small): core, tree and fallback queries all checked against the CPU. */
async function expectAllSources(csr: typeof DISCONNECTED, options: BfsOptions = {}) {
  const core = await CoreBfs.create(device!, csr, options);
  const modes = new Set<string>();
  try {
    const step = Math.max(1, Math.floor(csr.n / 40));
    for (let s = 0; s < csr.n; s += step) {
      const r = await core.run(s, { depths: true });
      modes.add(r.mode);
      expect(validateBfs(csr, s, r.parent, r.depth)).toMatchObject({ ok: true });
      expect(r.depth).toEqual(bfsReference(csr, s).depth);
      expect(await core.check(s, r.parent, r.depth!)).toEqual({ ok: true });
    }
    return { modes, stats: core.stats };
  } finally {
    core.destroy();
  }
}

describe.skipIf(!device)('CoreBFS against the CPU reference', () => {
  it('answers core, tree and fallback sources on a hand-made graph', async () => {
    const { modes, stats } = await expectAllSources(DISCONNECTED);
    expect([...modes].sort()).toEqual(['core', 'fallback', 'tree']);
    expect(stats).toMatchObject({ giantVertices: 5, coreVertices: 3 });
  });

  it.each(BFS_CASES.slice(2))('$name, with and without the m_f approximation', async ({ csr }) => {
    const { modes, stats } = await expectAllSources(csr);
    expect(stats.coreVertices).toBeLessThanOrEqual(stats.giantVertices);
    expect(modes.has('core')).toBe(true);
    await expectAllSources(csr, { mfApprox: true });
  });

  it.each([
    ['a hand-made graph', DISCONNECTED],
    ['Kronecker scale 9', BFS_CASES[3].csr],
    ['a giant component that is a tree', csrFromEdges(edgeListFromArrays(6, [0, 1, 2, 3, 1], [1, 2, 3, 4, 5]), { symmetrize: true, sortRows: true })],
  ] as const)('runMany gives the answers run gives, core searches batched: %s', async (_name, csr) => {
    const core = await CoreBfs.create(device!, csr);
    try {
      const sources = Array.from({ length: Math.min(csr.n, 12) }, (_, i) => (i * 37) % csr.n);
      const many = await core.runMany(sources, { depths: true });
      expect(many.results.map((r) => r.source)).toEqual(sources);
      for (const r of many.results) {
        const one = await core.run(r.source, { depths: true });
        expect(r.mode).toBe(one.mode);
        expect(r.depth).toEqual(bfsReference(csr, r.source).depth);
        expect(validateBfs(csr, r.source, r.parent, r.depth)).toMatchObject({ ok: true });
      }
      expect(many.searchMs).toBeCloseTo(many.results.reduce((sum, r) => sum + r.searchMs, 0));
    } finally {
      core.destroy();
    }
  });

  it.each([
    ['a hand-made graph', DISCONNECTED],
    ['Kronecker scale 9', BFS_CASES[3].csr],
  ] as const)('runEach hands over the answers runMany gives, in source order, fallback sources among the core\'s groups: %s', async (_name, csr) => {
    const core = await CoreBfs.create(device!, csr);
    try {
      // Every vertex of the hand-made graph (core, tree and fallback sources), the first 40 of Kronecker's.
      const sources = Array.from({ length: Math.min(csr.n, 40) }, (_, i) => i);
      // Core searches two a group: the fallback sources are answered between the groups.
      const options = { depths: true, outputBytes: 2 * 4 * core.stats.coreVertices };
      const handed: [number, CoreBfsResult][] = [];
      const each = await core.runEach(sources, async (r, i) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        handed.push([i, r]);
      }, options);
      const many = await core.runMany(sources, options);
      expect(handed.map(([i, r]) => [i, r.source])).toEqual(sources.map((s, i) => [i, s]));
      if (csr === DISCONNECTED) expect([...new Set(handed.map(([, r]) => r.mode))].sort()).toEqual(['core', 'fallback', 'tree']);
      for (const [i, r] of handed) {
        expect(r.mode).toBe(many.results[i].mode);
        expect(r.depth).toEqual(bfsReference(csr, r.source).depth);
        expect(validateBfs(csr, r.source, r.parent, r.depth)).toMatchObject({ ok: true });
      }
      expect(each).toEqual({ searchMs: expect.closeTo(handed.reduce((sum, [, r]) => sum + r.searchMs, 0)), rerun: many.rerun });
      // An error thrown by use, at a fallback source or a core search's answer, rejects runEach; the next call works.
      for (const mode of ['fallback', 'core'] as const) {
        await expect(core.runEach(sources, (r) => {
          if (r.mode === mode) throw new Error(`use failed at a ${mode} answer`);
        }, options)).rejects.toThrow(`use failed at a ${mode} answer`);
      }
      expect((await core.runMany(sources.slice(0, 3))).results.map((r) => r.source)).toEqual(sources.slice(0, 3));
    } finally {
      core.destroy();
    }
  });

  it.each([
    ['Kronecker scale 8, self-loops and repeated edges kept', csrFromEdges(generateKronecker({ scale: 8, edgeFactor: 8, seed: 3 }), { symmetrize: true, sortRows: true })],
    ['the disconnected graph (giant component found by search)', DISCONNECTED],
    // Two triangles with tails and an isolated vertex: no component holds more than half, so the union-find decides.
    ['no component over half the graph', undirected(11, [0, 1, 2, 2, 5, 6, 7, 7, 9], [1, 2, 0, 3, 6, 7, 5, 8, 4])],
    // A triangle with a tail beside 12 isolated vertices: under half the graph, yet no other component can match it.
    ['the largest component under half the vertices, the rest isolated', undirected(16, [0, 1, 2, 2], [1, 2, 0, 3])],
    // The hub (degree 3, a triangle with a tail) and a longer path of degree-2 vertices: the path is the giant.
    ['a larger component than the hub\'s', undirected(13, [0, 1, 2, 2, 4, 5, 6, 7, 8, 9, 10], [1, 2, 0, 3, 5, 6, 7, 8, 9, 10, 11])],
    ['unsorted rows (the core decomposition decides)', csrFromEdges(edgeListFromArrays(6, [0, 1, 2, 3, 0], [2, 0, 1, 4, 5]), { symmetrize: true })],
  ] as const)('finds the giant component and its 2-core as union-find and core numbers do: %s', async (_name, csr) => {
    const { label, sizes, count } = connectedComponents(csr);
    let giant = 0;
    for (let c = 1; c < count; c++) if (sizes[c] > sizes[giant]) giant = c;
    const core = coreNumbers(csr);
    const inCore = Array.from({ length: csr.n }, (_, v) => v).filter((v) => label[v] === giant && core[v] >= 2);
    const engine = await CoreBfs.create(device!, csr);
    try {
      expect(engine.stats).toMatchObject({ giantVertices: sizes[giant], coreVertices: inCore.length });
      if (inCore.length > 0) expect(engine.stats.root).toBe(inCore[0]);
    } finally {
      engine.destroy();
    }
  });

  it('searches a directed graph given with symmetrize: true as its undirected view (the whole graph\'s runner symmetrises it)', async () => {
    const oneWay = csrFromEdges(generateKronecker({ scale: 8, edgeFactor: 8, seed: 5 }), { sortRows: true });
    expect(oneWay.directed).toBe(true);
    const both = csrFromEdges(generateKronecker({ scale: 8, edgeFactor: 8, seed: 5 }), { symmetrize: true, sortRows: true });
    const core = await CoreBfs.create(device!, oneWay, { symmetrize: true });
    try {
      expect([...core.graph.indices]).toEqual([...both.indices]);
      for (const s of [0, 17, 200]) {
        const r = await core.run(s, { depths: true });
        expect(validateBfs(both, s, r.parent, r.depth)).toMatchObject({ ok: true });
        expect(r.depth).toEqual(bfsReference(both, s).depth);
      }
    } finally {
      core.destroy();
    }
    await expect(CoreBfs.create(device!, oneWay)).rejects.toThrow('pass symmetrize: true');
  });

  it('refuses a graph marked undirected without its mirrors, and broken offsets, naming them (checked once, by the whole graph\'s runner)', async () => {
    const oneWay = { n: 3, indptr: Uint32Array.of(0, 1, 2, 2), indices: Uint32Array.of(1, 2), weight: null, directed: false, sorted: true };
    await expect(CoreBfs.create(device!, oneWay)).rejects.toThrow('bfs: the graph is marked undirected (directed: false), but its arc 0 → 1 has no mirror 1 → 0');
    await expect(CoreBfs.create(device!, { ...oneWay, directed: true, indptr: Uint32Array.of(0, 2, 1, 2) }, { symmetrize: true })).rejects.toThrow('bfs: CSR indptr[2]: offset 1 is below the previous one, 2');
  });

  it('reports its preprocessing by step, each runner\'s own steps under its prefix', async () => {
    const heard: string[] = [];
    const core = await CoreBfs.create(device!, BFS_CASES[3].csr, { mfApprox: true, onPhase: (step) => heard.push(step) });
    try {
      const { phases, preprocessMs } = core.stats;
      // Every step as it ended, the runners' own before the runner's creation ends.
      expect([...heard].sort()).toEqual(Object.keys(phases).sort());
      expect(heard.indexOf('full.upload')).toBeLessThan(heard.indexOf('full_engine'));
      const top = ['full_engine', 'giant', 'two_core', 'core_list', 'root_search', 'core_graph', 'core_ids', 'core_engine'];
      expect(Object.keys(phases).filter((k) => !k.includes('.'))).toEqual(top);
      // The graph comes as generated, so the whole graph's runner relabels it; the core comes in degree order and is not relabelled again.
      for (const [engine, relabel] of [['full', ['relabel']], ['core', []]] as const) {
        const own = Object.keys(phases).filter((k) => k.startsWith(`${engine}.`));
        expect(own).toEqual(['check', 'order_check', ...relabel, 'layout', 'ids', 'upload', 'commands'].map((step) => `${engine}.${step}`));
        // The runner's steps happen within its creation.
        expect(own.reduce((sum, k) => sum + phases[k], 0)).toBeLessThanOrEqual(phases[`${engine}_engine`] + 1e-6);
      }
      expect(top.reduce((sum, k) => sum + phases[k], 0)).toBeLessThanOrEqual(preprocessMs + 1e-6);
    } finally {
      core.destroy();
    }
  });

  it('a giant component that is a tree has no core: every query reverses a path', async () => {
    const path = csrFromEdges(edgeListFromArrays(6, [0, 1, 2, 3, 1], [1, 2, 3, 4, 5]), { symmetrize: true, sortRows: true });
    const { modes, stats } = await expectAllSources(path);
    expect(stats.coreVertices).toBe(0);
    expect([...modes]).toEqual(['tree']);
  });
});
