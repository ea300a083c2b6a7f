import { describe, expect, it } from 'vitest';
import { csrFromEdges, csrFromEdgesParallel, edgeListFromArrays, generateErdosRenyi, generateKronecker, relabelByDegree, relabelByDegreeParallel } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { bfsGraph, checkBfsGraph, checkSource, splitAdjacency } from '../src/bfs/bfs.input.js';
import { bfsHostWork, prepareBfs } from '../src/bfs/bfs.prepare.js';
import { blockedAdjacency, NO_NEIGHBOUR } from '../src/bfs/bfs.layout.js';
import { blockedAdjacencyParallel } from '../src/bfs/bfs.layout-parallel.js';
import { treeDepths } from '../src/bfs/bfs.output.js';
import { defaultBfsLanes, nextDirection } from '../src/bfs/bfs.plan.js';
import { bfsReference } from '../src/bfs/bfs.reference.js';
import { validateBfs } from '../src/bfs/bfs.validate.js';
import { BFS_CASES, DISCONNECTED } from './bfs-cases.js';

describe('bfsReference', () => {
  it('finds parents and depths on a hand-made graph, −1 outside the component', () => {
    const { parent, depth } = bfsReference(DISCONNECTED, 0);
    expect([...parent]).toEqual([0, 0, 0, 2, 3, -1, -1, -1, -1]);
    expect([...depth]).toEqual([0, 1, 1, 2, 3, -1, -1, -1, -1]);
  });

  it.each(BFS_CASES)('passes the validator on $name', ({ csr, sources }) => {
    for (const s of sources) {
      const r = bfsReference(csr, s);
      const v = validateBfs(csr, s, r.parent, r.depth);
      expect(v).toMatchObject({ ok: true });
      expect(treeDepths(r.parent, s)).toEqual({ depth: r.depth });
    }
  });
});

describe('validateBfs names the first rule a wrong answer breaks', () => {
  const good = () => bfsReference(DISCONNECTED, 0);
  const cases: [string, (p: Int32Array, d: Int32Array) => void, string, number[]][] = [
    ['the source is not its own parent', (p) => (p[0] = 1), 'root', [0]],
    ['a parent out of range', (p) => (p[3] = 42), 'shape', [3]],
    ['a cycle', (p) => ((p[3] = 4), (p[4] = 3)), 'tree', [3]],
    ['a chain into an unreached vertex', (p) => (p[4] = 5), 'tree', [4]],
    ['depths that skip a level', (_p, d) => (d[4] = 7), 'tree-levels', [4, 3]],
    ['a vertex of the component left out', (p) => (p[4] = -1), 'coverage', [4, 3]],
    ['a parent that is not a neighbour', (p) => (p[3] = 1), 'parent-edge', [3, 1]],
  ];
  it.each(cases)('%s', (_what, corrupt, rule, vertices) => {
    const { parent, depth } = good();
    corrupt(parent, depth);
    const v = validateBfs(DISCONNECTED, 0, parent, rule === 'tree-levels' ? depth : undefined);
    expect(v).toMatchObject({ ok: false, rule, vertices });
  });

  it('an edge joining levels two apart', () => {
    // Path 0–1–2–3 plus edge 0–3: a "tree" 0→1→2→3 puts 3 at level 3 but 0–3 joins levels 0 and 3.
    const g = csrFromEdges(edgeListFromArrays(4, [0, 1, 2, 0], [1, 2, 3, 3]), { symmetrize: true, sortRows: true });
    const v = validateBfs(g, 0, Int32Array.of(0, 0, 1, 2));
    expect(v).toMatchObject({ ok: false, rule: 'edge-levels', vertices: [0, 3] });
  });

  it('reports reached vertices, component edges and levels', () => {
    expect(validateBfs(DISCONNECTED, 0, good().parent)).toEqual({ ok: true, reached: 5, edges: 7, levels: 4 });
  });
});

describe('bad input', () => {
  it('refuses a source out of range, naming it and the range', () => {
    expect(() => checkSource(9, 9)).toThrow('bfs: source 9 is not a vertex of this 9-vertex graph (0..8)');
    expect(() => checkSource(9, -1)).toThrow(/source -1/);
    expect(() => checkSource(0, 0)).toThrow('bfs: source 0 given, but the graph has no vertices');
  });

  it('refuses a directed graph unless asked to symmetrise', () => {
    const directed = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2]));
    expect(() => bfsGraph(directed)).toThrow(/the graph is directed.*pass symmetrize: true/);
    const g = bfsGraph(directed, { symmetrize: true });
    expect(g.directed).toBe(false);
    expect(bfsReference(g, 2).parent).toEqual(Int32Array.of(1, 2, 2));
  });

  it('refuses offsets that do not start at 0 or decrease, and neighbours that are not vertices', () => {
    const graph = { n: 3, indptr: Uint32Array.of(0, 1, 2, 2), indices: Uint32Array.of(1, 0), weight: null, directed: false, sorted: true };
    expect(bfsGraph(graph)).toBe(graph);
    // Decreasing offsets made the layout ask for 2^32 words; a neighbour past n sent the kernels past their arrays.
    expect(() => bfsGraph({ ...graph, indptr: Uint32Array.of(0, 2, 1, 2) })).toThrow('bfs: CSR indptr[2]: offset 1 is below the previous one, 2 (offsets never decrease)');
    expect(() => bfsGraph({ ...graph, indptr: Uint32Array.of(1, 1, 2, 2) })).toThrow('bfs: CSR indptr[0]: first offset is 1, expected 0');
    expect(() => bfsGraph({ ...graph, indices: Uint32Array.of(1, 9) })).toThrow('bfs: CSR indices[1]: vertex 9 (row 1) is not below n = 3');
  });

  it('refuses a graph marked undirected whose arcs are not mirrored, naming an arc (the bottom-up steps would search another graph)', async () => {
    const oneWay = { n: 3, indptr: Uint32Array.of(0, 1, 2, 2), indices: Uint32Array.of(1, 2), weight: null, directed: false, sorted: true };
    expect(() => bfsGraph(oneWay)).toThrow('bfs: the graph is marked undirected (directed: false), but its arc 0 → 1 has no mirror 1 → 0; add the mirrors');
    expect(() => bfsGraph({ ...oneWay, ids: Uint32Array.of(10, 11, 12) })).toThrow('its arc 0 (id 10) → 1 (id 11) has no mirror 1 (id 11) → 0 (id 10)');
    // The runners check in worker threads first (checkBfsGraph), then spare bfsGraph the checks.
    await expect(checkBfsGraph(oneWay)).rejects.toThrow('bfs: the graph is marked undirected (directed: false), but its arc 0 → 1 has no mirror 1 → 0');
    await expect(checkBfsGraph({ ...oneWay, indptr: Uint32Array.of(1, 1, 2, 2) })).rejects.toThrow('bfs: CSR indptr[0]: first offset is 1, expected 0');
    expect(bfsGraph(oneWay, {}, true)).toBe(oneWay);
    // Marked directed, it is symmetrized when asked, as before.
    expect(bfsGraph({ ...oneWay, directed: true }, { symmetrize: true }).directed).toBe(false);
  });

  it('splits the adjacency over bindings, and refuses what does not fit naming both sizes', () => {
    const h100 = { maxStorageBufferBindingSize: 2 ** 31 - 4, maxStorageBuffersPerShaderStage: 16 };
    const small = { maxStorageBufferBindingSize: 2 ** 27, maxStorageBuffersPerShaderStage: 16 };
    expect(splitAdjacency(h100, 2 ** 26, 2.2e9)).toEqual({ chunkWords: 536870911, chunks: 5 });
    expect(splitAdjacency(small, 100, 1000, { chunkBytes: 800 })).toEqual({ chunkWords: 200, chunks: 5 });
    // 16 storage buffers less 12 others leave 4 bindings of 400 bytes for 4000 bytes.
    expect(() => splitAdjacency(small, 100, 1000, { chunkBytes: 400, otherBindings: 12 })).toThrow(LimitError);
    expect(() => splitAdjacency(small, 100, 1000, { chunkBytes: 400, otherBindings: 12 })).toThrow(/1000 u32 words, 10 bindings of 400 bytes, of which a step may bind 4.* needs 4000 .*allows 1600/);
    expect(splitAdjacency(small, 100, 1000, { chunkBytes: 400, otherBindings: 6 })).toEqual({ chunkWords: 100, chunks: 10 });
    expect(() => splitAdjacency({ maxStorageBufferBindingSize: 1024, maxStorageBuffersPerShaderStage: 16 }, 300, 10)).toThrow(/per-vertex arrays of 300 vertices .* needs 3600 .*allows 1024/);
  });
});

describe('blocked adjacency', () => {
  it.each(BFS_CASES)('holds every list of $name, in order, block-major by round', ({ csr }) => {
    for (const L of [1, 3, 8]) {
      const b = blockedAdjacency(csr, L);
      const slotOf = (v: number) => (b.ordered ? v : b.perm![csr.n + v]);
      for (let v = 0; v < csr.n; v++) {
        const t = slotOf(v);
        const list: number[] = [];
        for (let k = 0; k < b.rounds.length / 2 && t < b.rounds[2 * k + 1]; k++) {
          for (let j = 0; j < L; j++) {
            const u = b.words[b.rounds[2 * k] + j * b.rounds[2 * k + 1] + t];
            if (u !== NO_NEIGHBOUR) list.push(u);
          }
        }
        expect(list).toEqual([...csr.indices.subarray(csr.indptr[v], csr.indptr[v + 1])]);
      }
    }
  });

  it('fills every word, padding included, across many tiles of slots', () => {
    // Over 4000 slots (tiles of 1024) with hubs of hundreds of blocks; word for word against the definition.
    const csr = relabelByDegree(csrFromEdges(generateKronecker({ scale: 12, edgeFactor: 8, seed: 5 }), { symmetrize: true }));
    for (const L of [1, 8]) {
      const b = blockedAdjacency(csr, L);
      const want = new Uint32Array(b.words.length).fill(NO_NEIGHBOUR);
      for (let k = 0; k < b.rounds.length / 2; k++) {
        for (let t = 0; t < b.rounds[2 * k + 1]; t++) {
          for (let j = 0, p = csr.indptr[t] + k * L; j < L && p < csr.indptr[t + 1]; j++, p++) want[b.rounds[2 * k] + j * b.rounds[2 * k + 1] + t] = csr.indices[p];
        }
      }
      expect(b.ordered).toBe(true);
      expect(b.rounds[1]).toBeGreaterThan(2048);
      expect(b.words).toEqual(want);
    }
  });

  it('needs no slot map when vertices are numbered by descending degree', () => {
    // Star centre 0 (degree 3), leaves 1..3: already in degree order.
    const star = csrFromEdges(edgeListFromArrays(4, [0, 0, 0], [1, 2, 3]), { symmetrize: true, sortRows: true });
    const b = blockedAdjacency(star, 2);
    expect(b.ordered).toBe(true);
    expect([...b.rounds]).toEqual([0, 4, 8, 1]);
    expect([...b.words]).toEqual([1, 0, 0, 0, 2, NO_NEIGHBOUR, NO_NEIGHBOUR, NO_NEIGHBOUR, 3, NO_NEIGHBOUR]);
  });
});

describe('blocked adjacency in worker threads', () => {
  // Kronecker 13 (≈ 8,000 slots, 8 tiles), its arrays in shared memory as the parallel builders leave them.
  const shared = async () => csrFromEdgesParallel(generateKronecker({ scale: 13, edgeFactor: 8, seed: 7 }), { symmetrize: true, sortRows: true, threads: 2, minParallelArcs: 0 });

  it('writes the one-thread layout word for word, in degree order and not (with the slot map)', async () => {
    const asBuilt = await shared();
    const ordered = await relabelByDegreeParallel({ ...asBuilt, ids: undefined }, { threads: 2, minParallelArcs: 0 });
    for (const csr of [asBuilt, ordered]) {
      for (const [L, threads] of [[1, 2], [8, 3], [8, 16]] as const) {
        const one = blockedAdjacency(csr, L);
        const many = await blockedAdjacencyParallel(csr, L, { threads, minParallelArcs: 0 });
        expect(many.words.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect([many.ordered, many.blockLength]).toEqual([one.ordered, one.blockLength]);
        expect(many.rounds).toEqual(one.rounds);
        expect(many.perm).toEqual(one.perm);
        expect(many.words).toEqual(one.words);
      }
    }
    expect(blockedAdjacency(asBuilt, 8).ordered).toBe(false);
  });

  it('lays out on the calling thread a graph not in shared memory, a small one, or with one thread', async () => {
    const plain = csrFromEdges(generateKronecker({ scale: 10, edgeFactor: 8, seed: 7 }), { symmetrize: true, sortRows: true });
    for (const [csr, options] of [[plain, { minParallelArcs: 0 }], [await shared(), {}], [await shared(), { threads: 1, minParallelArcs: 0 }]] as const) {
      const got = await blockedAdjacencyParallel(csr, 8, options);
      expect(got.words.buffer).not.toBeInstanceOf(SharedArrayBuffer);
      expect(got.words).toEqual(blockedAdjacency(csr, 8).words);
    }
    await expect(blockedAdjacencyParallel(plain, 65, { minParallelArcs: 0 })).rejects.toThrow('bfs: blockLength = 65 (expected an integer from 1 to 64)');
  });
});

describe('direction choice', () => {
  it('goes bottom-up once α·m_f > m_u, and back when the frontier shrinks and β·m_f < m_u', () => {
    const f = (vertices: number, previousVertices: number, edges: number, unvisitedEdges: number) => ({ vertices, previousVertices, edges, unvisitedEdges });
    expect(nextDirection('top-down', f(10, 1, 100, 1000), 16, 16)).toBe('bottom-up');
    expect(nextDirection('top-down', f(10, 1, 100, 1700), 16, 16)).toBe('top-down');
    expect(nextDirection('bottom-up', f(10, 100, 50, 1000), 16, 16)).toBe('top-down');
    expect(nextDirection('bottom-up', f(200, 100, 50, 1000), 16, 16)).toBe('bottom-up');
    expect(nextDirection('bottom-up', f(10, 100, 70, 1000), 16, 16)).toBe('bottom-up');
  });

  it('spreads vertices over lanes only when some list spans more than four blocks', () => {
    expect(defaultBfsLanes(32, 8)).toBe(1);
    expect(defaultBfsLanes(33, 8)).toBe(8);
  });
});

describe('bfsHostWork: the runners check and renumber in worker threads first', () => {
  const kron = BFS_CASES[3].csr;

  it('renumbers an undirected graph not in degree order, as prepareBfs would, and spares prepareBfs both', async () => {
    const done = await bfsHostWork(kron, {});
    expect(done.checkedMs).toBeGreaterThanOrEqual(0);
    const own = prepareBfs(kron, {});
    const spared = prepareBfs(kron, {}, done);
    expect(spared.inner).toBe(done.relabelled!.graph);
    expect([...spared.inner.indices]).toEqual([...own.inner.indices]);
    expect([...spared.inner.ids!]).toEqual([...own.inner.ids!]);
    expect(spared.layout).toBe(done.layout!.layout);
    expect(spared.layout.words).toEqual(own.layout.words);
    expect(Object.keys(spared.phases.record)).toEqual(Object.keys(own.phases.record));
  });

  it('lays out the graph searched with the asked block length, renumbered or not', async () => {
    for (const options of [{ blockLength: 4 }, { degreeOrder: false }]) {
      const done = await bfsHostWork(kron, options);
      expect(done.layout!.layout.words).toEqual(prepareBfs(kron, options).layout.words);
    }
  });

  it('leaves a graph in degree order, a directed one and degreeOrder: false to prepareBfs', async () => {
    const ordered = relabelByDegree(kron);
    expect((await bfsHostWork({ ...ordered, ids: undefined }, {})).relabelled).toBeUndefined();
    expect((await bfsHostWork(kron, { degreeOrder: false })).relabelled).toBeUndefined();
    const directed = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], null, true));
    expect(await bfsHostWork(directed, {})).toEqual({ checkedMs: expect.any(Number) });
    await expect(bfsHostWork(kron, { blockLength: 0 })).rejects.toThrow(/blockLength/);
    expect(() => prepareBfs(directed, {}, { checkedMs: 0 })).toThrow(/symmetrize: true/);
    await expect(bfsHostWork(kron, { alpha: -1 })).rejects.toThrow(/alpha/);
  });

  it('symmetrises a directed graph given with symmetrize: true and renumbers the result, as prepareBfs would', async () => {
    const directed = csrFromEdges(generateErdosRenyi({ n: 300, m: 900, seed: 5, directed: true }));
    const options = { symmetrize: true };
    const done = await bfsHostWork(directed, options);
    expect(done.symmetrized!.directed).toBe(false);
    expect([...done.symmetrized!.indices]).toEqual([...bfsGraph(directed, options).indices]);
    const own = prepareBfs(directed, options);
    const spared = prepareBfs(directed, options, done);
    expect(spared.graph).toBe(done.symmetrized);
    expect(spared.inner).toBe(done.relabelled!.graph);
    expect([...spared.inner.indices]).toEqual([...own.inner.indices]);
    expect([...spared.inner.ids!]).toEqual([...own.inner.ids!]);
    expect([...spared.graph.indices]).toEqual([...own.graph.indices]);
    expect(Object.keys(spared.phases.record)).toEqual(Object.keys(own.phases.record));
  });
});
