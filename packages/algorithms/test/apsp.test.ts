import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { edgeListFromArrays, readGraphFile, type EdgeList } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { apsp, apspReference, ApspRunner, NegativeCycleError, verifyApsp, type ApspMethod } from '../src/index.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

/** Random graphs: n in 1..40 (never only multiples of the tile), sparse to dense, often disconnected. */
function graphs(opts: { negative?: boolean; integer?: boolean; minWeight?: number }) {
  return fc
    .record({ n: fc.integer({ min: 1, max: 40 }), density: fc.double({ min: 0, max: 0.3, noNaN: true }), seed: fc.integer() })
    .map(({ n, density, seed }) => {
      const rand = fc.sample(fc.double({ min: 0, max: 1, noNaN: true }), { seed, numRuns: 3 * n * n + n });
      let r = 0;
      const src: number[] = [];
      const dst: number[] = [];
      const w: number[] = [];
      // Potentials p make w(u,v) + p(u) - p(v) negative on some arcs without creating negative cycles.
      const p = Array.from({ length: n }, () => (opts.negative ? Math.floor(rand[r++] * 20) : 0));
      for (let u = 0; u < n; u++) {
        for (let v = 0; v < n; v++) {
          if (rand[r++] >= density) continue;
          const min = opts.minWeight ?? 0; // zero weights included by default
          const base = min + (opts.integer === false ? rand[r++] * 10 : Math.floor(rand[r++] * 10));
          src.push(u);
          dst.push(v);
          w.push(base + p[u] - p[v]);
        }
      }
      return edgeListFromArrays(n, src, dst, w, true);
    });
}

function expectSameMatrix(got: ArrayLike<number>, expected: ArrayLike<number>, n: number) {
  for (let i = 0; i < n * n; i++) {
    if (got[i] !== expected[i]) {
      throw new Error(`dist[${Math.floor(i / n)}][${i % n}] = ${got[i]}, CPU reference says ${expected[i]}`);
    }
  }
}

const SEMIRINGS = [
  { semiring: 'min-plus', type: 'f32', negative: true },
  { semiring: 'min-plus', type: 'i32', negative: true },
  { semiring: 'min-plus', type: 'u32', negative: false },
  { semiring: 'max-min', type: 'f32', negative: true },
  { semiring: 'or-and', type: 'u32', negative: false },
] as const;
const METHODS: { method: ApspMethod; tile: number; unroll: number }[] = [
  { method: 'a', tile: 16, unroll: 1 },
  { method: 'b', tile: 16, unroll: 1 },
  { method: 'plain', tile: 16, unroll: 1 },
];
const GRID = SEMIRINGS.flatMap((s) => METHODS.map((m) => ({ ...s, ...m })));

describe.skipIf(!device)('apsp on the GPU equals the CPU reference', () => {
  it.each(GRID)('$semiring $type, method $method, tile $tile', async ({ semiring, type, negative, method, tile, unroll }) => {
    await fc.assert(
      fc.asyncProperty(graphs({ negative }), async (g) => {
        const opts = { semiring, type, method, tile, unroll } as const;
        const ref = apspReference(g, opts);
        const got = await apsp(g, { ...opts, device });
        expectSameMatrix(got.dist, ref.dist, g.n);
      }),
      { numRuns: 6, seed: 20261122 },
    );
  });

  it('larger tiles and unrolls, n not a multiple of the tile, both layouts', async () => {
    const g = await fc.sample(graphs({ negative: true }), { seed: 3, numRuns: 1 })[0];
    for (const [method, tile, unroll] of [['a', 32, 2], ['b', 32, 2], ['a', 64, 4]] as const) {
      const big = edgeListFromArrays(g.n + 50, [...g.src, g.n + 49], [...g.dst, 0], [...g.weight!, 3], true);
      expectSameMatrix((await apsp(big, { method, tile, unroll, device })).dist, apspReference(big).dist, big.n);
    }
  });

  it('a layout given apart from the method: method a on BDL, plain FW on BDL', async () => {
    const [g] = fc.sample(graphs({ negative: true }), { seed: 13, numRuns: 1 });
    for (const method of ['a', 'plain'] as const) {
      const r = await apsp(g, { method, layout: 'bdl', tile: 16, unroll: 1, device });
      expect(r.plan.layout).toBe('bdl');
      expectSameMatrix(r.dist, apspReference(g).dist, g.n);
    }
  });

  it('float weights agree to rounding', async () => {
    const [g] = fc.sample(graphs({ integer: false }), { seed: 9, numRuns: 1 });
    const got = await apsp(g, { tile: 16, unroll: 1, device });
    const ref = apspReference(g);
    for (let i = 0; i < g.n * g.n; i++) expect(got.dist[i]).toBeCloseTo(ref.dist[i], 3);
  });

  // Blocked methods may loop on zero-weight cycles (see followSuccessors); 'plain' takes any graph.
  it.each([
    ['a', 1, 16, 1],
    ['a', 1, 64, 4],
    ['b', 1, 16, 1],
    ['plain', 0, 16, 1],
  ] as const)('successors of method %s give paths whose weight is the distance (min weight %d, tile %d, unroll %d)', async (method, minWeight, tile, unroll) => {
    const [g] = fc.sample(graphs({ negative: true, minWeight }), { seed: 5, numRuns: 1 });
    const weightOf = new Map<string, number>();
    for (let e = 0; e < g.src.length; e++) {
      const key = `${g.src[e]},${g.dst[e]}`;
      weightOf.set(key, Math.min(weightOf.get(key) ?? Infinity, g.weight![e]));
    }
    {
      const r = await apsp(g, { method, tile, unroll, successors: true, device });
      for (let u = 0; u < g.n; u++) {
        for (let v = 0; v < g.n; v++) {
          const p = r.path(u, v);
          if (r.dist[u * g.n + v] === Infinity) {
            expect(p).toBeNull();
            continue;
          }
          expect(p![0]).toBe(u);
          expect(p![p!.length - 1]).toBe(v);
          let len = 0;
          for (let q = 0; q + 1 < p!.length; q++) len += weightOf.get(`${p![q]},${p![q + 1]}`)!;
          expect(len).toBe(r.dist[u * g.n + v]);
        }
      }
    }
  });

  it('reports a negative cycle with a vertex on it', async () => {
    // 0 → 1 → 2 → 0 sums to -1; 3 hangs off the cycle.
    const g = edgeListFromArrays(4, [0, 1, 2, 2], [1, 2, 0, 3], [1, 1, -3, 5], true);
    for (const method of ['a', 'b', 'plain'] as const) {
      const err = await apsp(g, { method, tile: 16, unroll: 1, device }).catch((e) => e);
      expect(err).toBeInstanceOf(NegativeCycleError);
      expect([0, 1, 2]).toContain((err as NegativeCycleError).vertex);
    }
    expect(() => apspReference(g)).toThrow(NegativeCycleError);
  });

  it('n = 1 and an empty graph', async () => {
    const one = edgeListFromArrays(1, [], [], [], true);
    expect([...(await apsp(one, { tile: 16, unroll: 1, device })).dist]).toEqual([0]);
    const three = edgeListFromArrays(3, [], [], [], true);
    expect([...(await apsp(three, { tile: 16, unroll: 1, device })).dist]).toEqual([0, Infinity, Infinity, Infinity, 0, Infinity, Infinity, Infinity, 0]);
  });

  it('a real file: LAGraph test_FW_1000.mtx, sampled rows against Dijkstra', async (ctx) => {
    const file = new URL('../../../../shared/data/lagraph/test_FW_1000.mtx', import.meta.url).pathname;
    let g: EdgeList;
    try {
      g = await readGraphFile(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !process.env.CI) return ctx.skip();
      throw e;
    }
    const r = await apsp(g, { tile: 64, unroll: 4, device });
    const check = verifyApsp(g, r.dist, r.plan, 5);
    expect(check.first).toBeUndefined();
    expect(check).toMatchObject({ method: 'dijkstra', rows: 5, ok: true });
  });

  it('refuses plus-times (no closure) and a matrix beyond the device binding limit, naming both sizes', async () => {
    const g = edgeListFromArrays(3, [0], [1], [1], true);
    await expect(apsp(g, { semiring: 'plus-times', device })).rejects.toThrow(/non-idempotent ⊕/);
    const huge = edgeListFromArrays(60000, [0], [1], [1], true);
    const err = await apsp(huge, { device }).catch((e) => e);
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).message).toMatch(/n = 60000 .* needs 14415364096 for maxStorageBufferBindingSize, but this device allows \d+/);
  });

  it('names an arc whose vertex is past n, directed or not, as APSP refusing it', async () => {
    const past = (directed: boolean): EdgeList => ({ n: 3, src: Uint32Array.of(0, 1), dst: Uint32Array.of(1, 5), weight: Float32Array.of(1, 2), directed });
    for (const directed of [true, false]) {
      await expect(apsp(past(directed), { device })).rejects.toThrow("apsp: the edge list's arc 1: head 5 out of range 0..2 (n = 3)");
    }
  });

  it('refuses a CUDA target on a WebGPU device (its source went to the WGSL compiler)', async () => {
    const g = edgeListFromArrays(3, [0], [1], [1], true);
    await expect(apsp(g, { target: 'cuda', device })).rejects.toThrow("apsp: target 'cuda' was asked of a WebGPU device, which runs 'wgsl'");
  });
});

describe.skipIf(!device)('ApspRunner', () => {
  it('runs the same graph again from the uploaded input, with the same result', async () => {
    const [g] = fc.sample(graphs({ negative: true }), { seed: 11, numRuns: 1 });
    const runner = await ApspRunner.create(device!, g, { tile: 16, unroll: 1, successors: true });
    try {
      const first = await runner.run({ stepsPerSubmit: 1 });
      const timing = await runner.time();
      expect(timing.wallTimeMs).toBeGreaterThan(0);
      const again = await runner.run();
      expectSameMatrix(again.dist, first.dist, g.n);
      expectSameMatrix(again.dist, apspReference(g).dist, g.n);
      expect([...again.successors!]).toEqual([...first.successors!]);
    } finally {
      runner.destroy();
    }
  });

  it('refuses stepsPerSubmit that is not an integer ≥ 1 (0 hung, NaN ran no step and returned the input)', async () => {
    const runner = await ApspRunner.create(device!, edgeListFromArrays(3, [0, 1], [1, 2], [1, 1], true), { tile: 16, unroll: 1 });
    try {
      for (const stepsPerSubmit of [0, -1, 1.5, Number.NaN]) {
        await expect(runner.run({ stepsPerSubmit })).rejects.toThrow(`apsp: stepsPerSubmit = ${stepsPerSubmit}; it must be an integer ≥ 1`);
      }
      expect(Array.from((await runner.run({ stepsPerSubmit: 1 })).dist)).toEqual([0, 1, 2, Infinity, 0, 1, Infinity, Infinity, 0]);
    } finally {
      runner.destroy();
    }
  });
});
