import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays, generateGrid, type Csr } from '@semiforge/graph-io';
import { bfs } from '../src/bfs/bfs.js';
import type { BfsOptions } from '../src/bfs/bfs.plan.js';
import { bfsReference } from '../src/bfs/bfs.reference.js';
import { BfsRunner, type BfsLevel, type BfsResult } from '../src/bfs/bfs.runner.js';
import { validateBfs } from '../src/bfs/bfs.validate.js';
import { treeDepths } from '../src/bfs/bfs.output.js';
import { BFS_CASES } from './bfs-cases.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

/** Searches from every source and checks the parents by the Graph500 rules and the depths against the CPU (BFS depths are unique). */
async function expectValid(csr: Csr, sources: readonly number[], options: BfsOptions) {
  const runner = await BfsRunner.create(device!, csr, options);
  try {
    for (const s of sources) {
      const r = await runner.run(s, { depths: true, check: true });
      expect(validateBfs(csr, s, r.parent, r.depth)).toMatchObject({ ok: true });
      expect(r.check).toEqual({ ok: true });
      const want = bfsReference(csr, s);
      expect(r.depth).toEqual(want.depth);
      expect(r.reached).toBe(want.depth.filter((d) => d >= 0).length);
    }
    return runner.plan;
  } finally {
    runner.destroy();
  }
}

/** The GPU's per-level statistics against the depths: level l expands the vertices at depth l − 1 and reaches those at depth l; the last reaches none. */
function expectLevelStats(levels: readonly BfsLevel[], depth: Int32Array) {
  const atDepth = (d: number) => depth.filter((x) => x === d).length;
  const deepest = Math.max(...depth);
  expect(levels.map((l) => l.level)).toEqual(Array.from({ length: deepest + 1 }, (_, i) => i + 1));
  for (const l of levels) {
    expect(l.frontier).toBe(atDepth(l.level - 1));
    expect(l.discovered).toBe(atDepth(l.level));
  }
}

const VARIANTS: [string, BfsOptions | ((csr: Csr) => BfsOptions)][] = [
  ['hybrid, degree ordering (the baseline)', {}],
  ['hybrid, m_f approximation', { mfApprox: true }],
  ['hybrid, no degree ordering (slot map)', { degreeOrder: false }],
  ['top-down only, 4 lanes a vertex, blocks of 2', { direction: 'top-down', lanes: 4, blockLength: 2 }],
  ['bottom-up only, workgroup aggregation, blocks of 3', { direction: 'bottom-up', aggregation: 'workgroup', blockLength: 3 }],
  ['bottom-up only, subgroup aggregation, no degree ordering', { direction: 'bottom-up', aggregation: 'subgroup', degreeOrder: false }],
  // Blocks of 4 pad to at most arcs + 3n words: bindings of a third of that split it over 2 or 3.
  ['adjacency split over two or three bindings', (csr) => ({ chunkBytes: 4 * Math.ceil((csr.indices.length + 3 * csr.n) / 3), blockLength: 4 })],
  // Fixed grids: the kernels stride over the work and find from the state whether the level is theirs.
  ['fixed dispatch, hybrid', { dispatch: 'fixed' }],
  ['fixed dispatch of 1 workgroup a step, hybrid, m_f approximation', { dispatch: 'fixed', fixedWorkgroups: 1, mfApprox: true }],
  ['fixed dispatch of 2 workgroups, top-down only, 4 lanes, blocks of 2', { dispatch: 'fixed', fixedWorkgroups: 2, direction: 'top-down', lanes: 4, blockLength: 2 }],
  ['fixed dispatch of 2 workgroups, bottom-up only, workgroup aggregation', { dispatch: 'fixed', fixedWorkgroups: 2, direction: 'bottom-up', aggregation: 'workgroup', blockLength: 3 }],
];

describe.skipIf(!device)('bfs on the GPU against the CPU reference', () => {
  describe.each(BFS_CASES)('$name', ({ csr, sources }) => {
    it.each(VARIANTS)('%s', async (_name, variant) => {
      const options = typeof variant === 'function' ? variant(csr) : variant;
      const subgroups = device!.gpu.features.has('subgroups');
      if (options.aggregation === 'subgroup' && !subgroups) return;
      await expectValid(csr, sources, options);
    });
  });

  it('splits the Kronecker graph over several bindings when told to', async () => {
    const { csr, sources } = BFS_CASES[3];
    const plan = await expectValid(csr, sources, { chunkBytes: 4096 });
    expect(plan.chunks).toBeGreaterThan(1);
  });

  it('switches direction on the Kronecker graph, and the approximation keeps its levels', async () => {
    const { csr } = BFS_CASES[3];
    const exact = await bfs(device!, csr, 1);
    const approx = await bfs(device!, csr, 1, { mfApprox: true });
    expect(exact.levels.map((l) => l.direction)).toContain('bottom-up');
    expect(exact.levels.map((l) => l.discovered)).toEqual(approx.levels.map((l) => l.discovered));
  });

  it('runs the levels of a road network many to a submit, with one statistics row per level', async () => {
    const { csr, sources } = BFS_CASES[4];
    const r = await bfs(device!, csr, sources[0], { depths: true });
    expect(r.levels.some((l) => (l.batched ?? 1) > 1)).toBe(true);
    expectLevelStats(r.levels, r.depth!);
    expect(r.depth).toEqual(bfsReference(csr, sources[0]).depth);
  });

  // A 2 × 400 road-like grid: hundreds of levels, so the search spans submits of 16, 32, 64, 128 and 256 levels.
  const long = csrFromEdges(generateGrid({ rows: 2, cols: 400, weights: { min: 1, max: 1 }, seed: 4, roadLike: true }).graph, { sortRows: true });

  it.each([
    ['the Kronecker graph, 1 level a submit', BFS_CASES[3].csr, 1, {}],
    ['the Kronecker graph, 2 levels a submit, m_f approximation', BFS_CASES[3].csr, 2, { mfApprox: true }],
    ['the road-like grid, 3 levels a submit, no degree ordering', BFS_CASES[4].csr, 3, { degreeOrder: false }],
    ['a 2 × 400 grid, submits growing from 16 levels', long, undefined, {}],
    ['the Kronecker graph, 1 level a submit, fixed dispatch', BFS_CASES[3].csr, 1, { dispatch: 'fixed' }],
    ['the road-like grid, 3 levels a submit, fixed dispatch of 2 workgroups', BFS_CASES[4].csr, 3, { dispatch: 'fixed', fixedWorkgroups: 2 }],
    ['a 2 × 400 grid, submits growing from 16 levels, fixed dispatch', long, undefined, { dispatch: 'fixed' }],
  ] as const)('ends submits mid-search and goes on: %s', async (_name, csr, levelsPerSubmit, options) => {
    const source = csr.n - 1;
    const r = await bfs(device!, csr, source, { ...options, ...(levelsPerSubmit === undefined ? {} : { levelsPerSubmit }), depths: true });
    expect(r.depth).toEqual(bfsReference(csr, source).depth);
    expectLevelStats(r.levels, r.depth!);
    if (levelsPerSubmit === undefined) expect(r.levels.length).toBeGreaterThan(16 + 32 + 64);
  });

  it.each([
    ['indirect dispatch', {}],
    ['fixed dispatch', { dispatch: 'fixed' }],
    ['fixed dispatch of 3 workgroups', { dispatch: 'fixed', fixedWorkgroups: 3 }],
  ] as const)('spreads hubs over workgroups (bfs_top_down_hub) when top-down meets a long list (%s)', async (_name, options) => {
    const { csr, sources } = BFS_CASES[3];
    // One lane and blocks of one: every vertex of more than 4 neighbours is a hub.
    await expectValid(csr, sources.slice(0, 2), { direction: 'top-down', lanes: 1, blockLength: 1, ...options });
  });

  it('fixed dispatch finds the same levels as indirect dispatch, level by level', async () => {
    const { csr } = BFS_CASES[3];
    const stats = (r: { levels: readonly BfsLevel[] }) => r.levels.map(({ level, direction, frontier, frontierEdges, discovered }) => ({ level, direction, frontier, frontierEdges, discovered }));
    const indirect = await bfs(device!, csr, 5, { depths: true });
    const fixed = await bfs(device!, csr, 5, { depths: true, dispatch: 'fixed', fixedWorkgroups: 2 });
    expect(stats(fixed)).toEqual(stats(indirect));
    expect(fixed.depth).toEqual(indirect.depth);
    expect(fixed.reached).toBe(indirect.reached);
  });

  it('refuses a dispatch mode or grid it does not know', async () => {
    const { csr } = BFS_CASES[1];
    await expect(BfsRunner.create(device!, csr, { dispatch: 'direct' as 'fixed' })).rejects.toThrow('bfs: dispatch = direct (expected indirect or fixed)');
    await expect(BfsRunner.create(device!, csr, { fixedWorkgroups: 0 })).rejects.toThrow('bfs: fixedWorkgroups = 0 (expected an integer from 1 to 65535)');
  });

  // A star of 5000 leaves (and a path among the first leaves): the centre's expansion reaches more vertices in
  // one workgroup round than a workgroup gathers, so the rest go straight to the queue.
  const leaves = 5000;
  const star = csrFromEdges(
    edgeListFromArrays(leaves + 1, [...Array.from({ length: leaves }, () => 0), 1, 2, 3], [...Array.from({ length: leaves }, (_, i) => i + 1), 2, 3, 4]),
    { symmetrize: true, sortRows: true },
  );

  it.each([
    ['top-down', { direction: 'top-down' }],
    ['hybrid', {}],
    ['hybrid, fixed dispatch', { dispatch: 'fixed' }],
  ] as const)('gathers the thousands of new vertices of a hub past the list of a workgroup (%s), m_f exact', async (_name, options) => {
    const runner = await BfsRunner.create(device!, star, options);
    for (const source of [0, 4, leaves]) {
      const r = await runner.run(source, { depths: true, check: true });
      expect(r.depth).toEqual(bfsReference(star, source).depth);
      expect(r.check).toEqual({ ok: true });
      expectLevelStats(r.levels, r.depth!);
      const degree = (v: number) => star.indptr[v + 1] - star.indptr[v];
      for (const l of r.levels) {
        let edges = 0;
        r.depth!.forEach((d, v) => (edges += d === l.level - 1 ? degree(v) : 0));
        expect(l.frontierEdges).toBe(edges);
      }
    }
    runner.destroy();
  });

  it('times each level on the GPU in the profiling mode, with the same levels', async () => {
    const { csr } = BFS_CASES[3];
    const batched = await bfs(device!, csr, 77);
    const profiled = await bfs(device!, csr, 77, { profileLevels: true });
    expect(profiled.levels.map(({ direction, frontier, discovered }) => ({ direction, frontier, discovered }))).toEqual(
      batched.levels.map(({ direction, frontier, discovered }) => ({ direction, frontier, discovered })),
    );
    expect(profiled.levels.every((l) => l.batched === undefined)).toBe(true);
    if (device!.hasTimestamps) expect(profiled.levels.every((l) => l.gpuMs !== undefined && l.gpuMs >= 0)).toBe(true);
  });

  it.each(BFS_CASES)('multi-source mode: every search of one pass is a valid BFS tree of $name', async ({ csr, sources }) => {
    for (const degreeOrder of [true, false]) {
      const runner = await BfsRunner.create(device!, csr, { degreeOrder, blockLength: 3 });
      try {
        // Repeats and up to 32 searches: each keeps its own bit.
        const many = Array.from({ length: Math.min(32, 3 * csr.n) }, (_, i) => (i < sources.length ? sources[i] : (i * 7919) % csr.n));
        const r = await runner.runMulti(many);
        r.parents.forEach((parent, i) => {
          expect(validateBfs(csr, many[i], parent)).toMatchObject({ ok: true });
          expect(treeDepths(parent, many[i])).toEqual({ depth: bfsReference(csr, many[i]).depth });
        });
      } finally {
        runner.destroy();
      }
    }
  });

  it('multi-source mode keeps its buffers between calls: fewer, more, then fewer sources again', async () => {
    const { csr } = BFS_CASES[3];
    const runner = await BfsRunner.create(device!, csr, { blockLength: 3 });
    try {
      for (const many of [[1, 77], [300, 1, 5, 77, 9], [77, 300]]) {
        const r = await runner.runMulti(many);
        r.parents.forEach((parent, i) => expect(treeDepths(parent, many[i])).toEqual({ depth: bfsReference(csr, many[i]).depth }));
        r.parents.forEach((parent, i) => expect(validateBfs(csr, many[i], parent)).toMatchObject({ ok: true }));
      }
    } finally {
      runner.destroy();
    }
  });

  const MANY_VARIANTS: [string, BfsOptions][] = [
    ['hybrid, degree ordering', {}],
    ['fixed dispatch, m_f approximation', { dispatch: 'fixed', mfApprox: true }],
    ['no degree ordering, bottom-up only', { degreeOrder: false, direction: 'bottom-up' }],
  ];
  it.each(MANY_VARIANTS)('runMany: a pass per search, no read-back between them, every search as run finds it (%s)', async (_name, options) => {
    for (const { csr, sources } of BFS_CASES) {
      const runner = await BfsRunner.create(device!, csr, options);
      try {
        // Repeats, and outputs for two searches at a time: three groups.
        const list = [...sources, sources[0]];
        const many = await runner.runMany(list, { depths: true, outputBytes: 2 * 8 * csr.n });
        expect(many.groupSize).toBe(Math.min(2, list.length));
        expect(many.results.map((r) => r.source)).toEqual(list);
        for (const r of many.results) {
          const want = bfsReference(csr, r.source);
          expect(validateBfs(csr, r.source, r.parent, r.depth)).toMatchObject({ ok: true });
          expect(r.depth).toEqual(want.depth);
          expect(r.reached).toBe(want.depth.filter((d) => d >= 0).length);
          expectLevelStats(r.levels, want.depth);
          expect(await runner.check(r.source, r.parent, r.depth!)).toEqual({ ok: true });
        }
        expect(many.searchMs).toBeGreaterThan(0);
        if (device!.hasTimestamps) expect(many.gpuMs).toHaveLength(list.length);
      } finally {
        runner.destroy();
      }
    }
  });

  it('runMany runs a search again alone when its levels are too few, and learns the depth for the next batch', async () => {
    const { csr, sources } = BFS_CASES[4];
    const runner = await BfsRunner.create(device!, csr);
    try {
      const short = await runner.runMany(sources, { levels: 2 });
      expect(short.rerun).toBe(sources.length);
      short.results.forEach((r) => expect(treeDepths(r.parent, r.source)).toEqual({ depth: bfsReference(csr, r.source).depth }));
      const learnt = await runner.runMany(sources);
      expect(learnt.rerun).toBe(0);
      expect(learnt.levelsPerSearch).toBe(Math.max(...short.results.map((r) => r.levels.length)) + 2);
      learnt.results.forEach((r) => expect(treeDepths(r.parent, r.source)).toEqual({ depth: bfsReference(csr, r.source).depth }));
      await expect(runner.runMany([0], { levels: 0 })).rejects.toThrow('bfs: runMany levels = 0');
      await expect(runner.runMany([0], { outputBytes: 8 })).rejects.toThrow('bfs: runMany outputBytes = 8 is below one search');
      await expect(runner.runMany([0, 500])).rejects.toThrow('bfs: source 500');
    } finally {
      runner.destroy();
    }
  });

  // A 2 × 600 road-like grid: deeper than the 512 levels whose parameter blocks a runner writes when made, and
  // than the 512 levels runMany encodes at most.
  const deep = csrFromEdges(generateGrid({ rows: 2, cols: 600, weights: { min: 1, max: 1 }, seed: 5, roadLike: true }).graph, { sortRows: true });

  it.each([
    ['indirect dispatch', {}],
    ['fixed dispatch', { dispatch: 'fixed' }],
  ] as const)('a search deeper than 512 levels: run grows the level parameters, runMany runs it again alone (%s)', async (_name, options) => {
    const source = deep.n - 1;
    const want = bfsReference(deep, source).depth;
    expect(Math.max(...want)).toBeGreaterThan(512);
    const runner = await BfsRunner.create(device!, deep, options);
    try {
      const one = await runner.run(source, { depths: true, check: true });
      expect(one.depth).toEqual(want);
      expect(one.check).toEqual({ ok: true });
      expectLevelStats(one.levels, one.depth!);
      // A search from the middle ends inside the 512 levels encoded; the one from the end does not and runs again.
      const middle = 300;
      expect(Math.max(...bfsReference(deep, middle).depth)).toBeLessThan(512);
      const many = await runner.runMany([middle, source], { depths: true });
      expect(many.levelsPerSearch).toBe(512);
      expect(many.rerun).toBe(1);
      many.results.forEach((r) => expect(r.depth).toEqual(bfsReference(deep, r.source).depth));
      expectLevelStats(many.results[1].levels, want);
    } finally {
      runner.destroy();
    }
  });

  it('runMany puts up to 8 searches in a submit, each timed on its own, and repeats a search exactly', async () => {
    const { csr } = BFS_CASES[3];
    // 21 searches: submits of 1, 2, 4, 8 and 6 searches; every source three times.
    const sources = Array.from({ length: 21 }, (_, i) => [1, 77, 300][i % 3]);
    const runner = await BfsRunner.create(device!, csr, { dispatch: 'fixed' });
    try {
      const many = await runner.runMany(sources, { depths: true });
      expect(many.groupSize).toBe(sources.length);
      expect(many.rerun).toBe(0);
      for (const r of many.results) {
        expect(r.depth).toEqual(bfsReference(csr, r.source).depth);
        expect(validateBfs(csr, r.source, r.parent, r.depth)).toMatchObject({ ok: true });
      }
      // The same source gives the same parents whichever submit it ran in.
      for (let i = 3; i < sources.length; i++) expect(many.results[i].parent).toEqual(many.results[i % 3].parent);
      if (device!.hasTimestamps) {
        expect(many.gpuMs).toHaveLength(sources.length);
        expect(many.gpuMs!.every((t) => t >= 0)).toBe(true);
      }
    } finally {
      runner.destroy();
    }
  });

  /** What a search found, without its times (which differ from one call to the next). */
  const found = ({ source, parent, depth, reached, levels }: BfsResult) => ({
    source,
    parent,
    depth,
    reached,
    levels: levels.map(({ level, direction, frontier, frontierEdges, discovered }) => ({ level, direction, frontier, frontierEdges, discovered })),
  });

  it('runEach hands every result over in source order with its index, as runMany returns it, groups smaller than the sources', async () => {
    const { csr } = BFS_CASES[3];
    const sources = [1, 77, 300, 1, 5];
    // Outputs for two searches a group (parents and depths): three groups, each read back before the next starts.
    // The levels given: a runner learns them from its searches, so that the second call would encode fewer.
    const options = { depths: true, levels: 16, outputBytes: 2 * 8 * csr.n };
    const runner = await BfsRunner.create(device!, csr, { dispatch: 'fixed' });
    try {
      const handed: [number, BfsResult][] = [];
      const each = await runner.runEach(sources, (r, i) => handed.push([i, r]), options);
      const many = await runner.runMany(sources, options);
      expect(handed.map(([i]) => i)).toEqual([0, 1, 2, 3, 4]);
      expect(handed.map(([, r]) => found(r))).toEqual(many.results.map(found));
      for (const [, r] of handed) expect(r.depth).toEqual(bfsReference(csr, r.source).depth);
      expect(each).toMatchObject({ levelsPerSearch: 16, rerun: 0, groupSize: 2 });
      expect(many).toMatchObject({ levelsPerSearch: 16, rerun: 0, groupSize: 2 });
      expect(each).not.toHaveProperty('results');
      expect(each.searchMs).toBeGreaterThan(0);
      if (device!.hasTimestamps) expect(each.gpuMs).toHaveLength(sources.length);
      await expect(runner.runEach([0], () => undefined, { outputBytes: 8 })).rejects.toThrow('bfs: runEach outputBytes = 8 is below one search');
      await expect(runner.runEach([0], () => undefined, { levels: 0 })).rejects.toThrow('bfs: runEach levels = 0');
    } finally {
      runner.destroy();
    }
  });

  it('runEach awaits what use returns before handing over the next result', async () => {
    const { csr, sources } = BFS_CASES[2];
    const runner = await BfsRunner.create(device!, csr);
    try {
      const events: string[] = [];
      await runner.runEach(sources, async (r, i) => {
        events.push(`start ${i}`);
        // A search of its own between two results: the group's outputs wait in slots the search does not touch.
        const again = await runner.run(r.source, { depths: true });
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(again.depth).toEqual(bfsReference(csr, r.source).depth);
        events.push(`end ${i}`);
      }, { outputBytes: 4 * csr.n });
      expect(events).toEqual(sources.flatMap((_, i) => [`start ${i}`, `end ${i}`]));
    } finally {
      runner.destroy();
    }
  });

  it.each([
    ['throws', (i: number) => {
      if (i === 2) throw new Error('use failed at 2');
    }],
    ['rejects', async (i: number) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (i === 2) throw new Error('use failed at 2');
    }],
  ] as const)('runEach rejects with the error of a use that %s, hands nothing more over, and the runner goes on', async (_name, fail) => {
    const { csr } = BFS_CASES[3];
    const sources = [1, 77, 300, 5, 9];
    const runner = await BfsRunner.create(device!, csr);
    try {
      const handed: number[] = [];
      const use = (_r: BfsResult, i: number) => {
        handed.push(i);
        return fail(i);
      };
      // Groups of two: the error comes at the first result of the second group.
      await expect(runner.runEach(sources, use, { outputBytes: 2 * 4 * csr.n })).rejects.toThrow('use failed at 2');
      expect(handed).toEqual([0, 1, 2]);
      const many = await runner.runMany(sources, { depths: true });
      many.results.forEach((r) => expect(r.depth).toEqual(bfsReference(csr, r.source).depth));
    } finally {
      runner.destroy();
    }
  });

  it('searches a batch of sources on one upload, in your vertex ids', async () => {
    const { csr, sources } = BFS_CASES[1];
    const results = await bfs(device!, csr, sources);
    results.forEach((r, i) => expect(r.parent).toEqual(Int32Array.from(bfsReference(csr, sources[i]).parent, (p, v) => (p === -1 ? -1 : results[i].parent[v]))));
    expect(results.map((r) => r.source)).toEqual(sources);
    expect(results[0].parent[8]).toBe(-1);
    await expect(bfs(device!, csr, 9)).rejects.toThrow('bfs: source 9 is not a vertex of this 9-vertex graph (0..8)');
  });
});

describe.skipIf(!device)('bfs_check finds what the CPU validator finds', () => {
  // Corruptions of a correct answer on the disconnected graph, from source 0: tree 0 ← {1, 2}, 2 ← 3, 3 ← 4.
  const cases: [string, (p: Int32Array, d: Int32Array) => void, string, number][] = [
    ['the source not its own parent', (p) => (p[0] = 1), 'root', 0],
    ['depths that skip a level', (_p, d) => ((d[4] = 5), (d[3] = 4)), 'tree', 3],
    ['a parent that is unreached', (p) => (p[4] = 5), 'tree', 4],
    ['a vertex of the component left out', (p) => (p[4] = -1), 'coverage', 3],
    ['an edge across two levels', (p, d) => ((p[3] = 4), (d[3] = 4), (p[4] = 2), (d[4] = 2)), 'tree', 3],
    ['a parent that is not a neighbour', (p) => (p[3] = 1), 'parent-edge', 3],
  ];
  it.each(cases)('%s', async (_what, corrupt, rule, vertex) => {
    const { csr } = BFS_CASES[1];
    for (const degreeOrder of [true, false]) {
      const runner = await BfsRunner.create(device!, csr, { degreeOrder });
      try {
        const { parent, depth } = bfsReference(csr, 0);
        expect(await runner.check(0, parent, depth)).toEqual({ ok: true });
        corrupt(parent, depth);
        expect(await runner.check(0, parent, depth)).toEqual({ ok: false, rule, vertex });
      } finally {
        runner.destroy();
      }
    }
  });
});
