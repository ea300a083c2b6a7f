import { bfsReference, ssspReference, validateBfs } from '@semiforge/algorithms';
import { csrFromEdges, generateErdosRenyi } from '@semiforge/graph-io';
import { gpuSkipReason } from '@semiforge/runtime/testing';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../src/scheduler.js';
import { openWebGpuBackend } from '../src/webgpu-backend.js';
import { multiSourceSearch, type SourcesResult } from '../src/workloads/multi-source.js';

const reason = await gpuSkipReason();
const graph = csrFromEdges(generateErdosRenyi({ n: 300, m: 900, seed: 4, directed: false, weights: { min: 1, max: 20 } }));
const sources = Array.from({ length: 40 }, (_, i) => (i * 37) % graph.n);

describe.skipIf(reason !== undefined)(`multi-source search, graph resident on every device${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('splits 40 BFS sources over two devices in batches, every parent tree valid with the reference depths', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const scheduler = new Scheduler(backend);
      const done: SourcesResult[] = [];
      for await (const o of multiSourceSearch(scheduler, graph, { algorithm: 'bfs' }, sources, { perTask: 6 })) {
        expect(o.ok, o.ok ? '' : o.error.message).toBe(true);
        if (o.ok) done.push(o.value);
      }
      expect(done.flatMap((r) => r.sources)).toEqual(sources);
      for (const r of done) {
        r.sources.forEach((s, i) => {
          const depth = bfsReference(graph, s).depth;
          expect(validateBfs(graph, s, r.parents![i], depth)).toMatchObject({ ok: true });
        });
      }
      // 7 batches round-robin over 2 devices; each device built its runner once (in the warm-up).
      const kernels = scheduler.report().trace.filter((t) => t.kind === 'kernel');
      expect(kernels.map((t) => t.device)).toEqual(expect.arrayContaining([0, 1]));
      expect(kernels).toHaveLength(7);
    } finally {
      backend.destroy();
    }
  });

  it('answers SSSP sources with the Dijkstra distances of the CPU reference', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const some = sources.slice(0, 10);
      const got = new Map<number, Float64Array>();
      for await (const o of multiSourceSearch(new Scheduler(backend), graph, { algorithm: 'sssp', options: { weights: 'u32' } }, some, { perTask: 3, order: 'completion' })) {
        if (!o.ok) throw o.error;
        o.value.sources.forEach((s, i) => got.set(s, o.value.dist![i]));
      }
      expect([...got.keys()].sort((a, b) => a - b)).toEqual([...some].sort((a, b) => a - b));
      for (const [s, dist] of got) expect(Array.from(dist)).toEqual(Array.from(ssspReference(graph, s, { weights: 'u32' }).dist));
    } finally {
      backend.destroy();
    }
  });

  it('refuses a batch size beyond one multi-source pass', async () => {
    const backend = await openWebGpuBackend();
    try {
      await expect(multiSourceSearch(new Scheduler(backend), graph, { algorithm: 'bfs' }, sources, { perTask: 33 }).next()).rejects.toThrow(/perTask = 33/);
    } finally {
      backend.destroy();
    }
  });
});
