import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apspReference } from '@semiforge/algorithms';
import { writeGraphFile } from '@semiforge/graph-io';
import { gpuSkipReason } from '@semiforge/runtime/testing';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../src/scheduler.js';
import { openWebGpuBackend } from '../src/webgpu-backend.js';
import { batchApsp, generateApspBatch, readApspBatch } from '../src/workloads/batch-apsp.js';

const reason = await gpuSkipReason();

describe.skipIf(reason !== undefined)(`batch APSP on WebGPU${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('solves a generated batch over two devices, each graph equal to the CPU reference', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const graphs = generateApspBatch(8, 40, 5);
      const scheduler = new Scheduler(backend);
      const seen: number[] = [];
      for await (const o of batchApsp(scheduler, graphs, { verify: true, order: 'completion' })) {
        expect(o.ok, o.ok ? '' : o.error.message).toBe(true);
        if (!o.ok) continue;
        seen.push(o.id);
        expect(o.value.verification?.ok).toBe(true);
        expect(o.value.dist).toEqual(apspReference(graphs[o.id].graph).dist);
      }
      expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(
        scheduler
          .report()
          .trace.filter((r) => r.kind === 'kernel')
          .map((r) => r.device)
          .sort(),
      ).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    } finally {
      backend.destroy();
    }
  });

  it('reads a directory of graph files, skipping other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semiforge-batch-'));
    const backend = await openWebGpuBackend();
    try {
      const graphs = generateApspBatch(3, 20, 11);
      for (const [i, g] of graphs.entries()) await writeGraphFile(join(dir, `g${i}.gr`), g.graph);
      await writeFile(join(dir, 'notes.txt.md'), 'not a graph');
      const read = await readApspBatch(dir);
      expect(read.map((g) => g.name)).toEqual(['g0.gr', 'g1.gr', 'g2.gr']);
      const outcomes = [];
      for await (const o of batchApsp(new Scheduler(backend), read, { verify: true })) outcomes.push(o);
      expect(outcomes.map((o) => o.ok && o.value.verification?.ok)).toEqual([true, true, true]);
    } finally {
      backend.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('batch inputs', () => {
  it('refuses an empty directory and bad batch sizes, naming the value', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semiforge-empty-'));
    try {
      await expect(readApspBatch(dir)).rejects.toThrow(/no graph files/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(() => generateApspBatch(0, 10)).toThrow(/count = 0/);
    expect(() => generateApspBatch(2, 1)).toThrow(/size = 1/);
  });
});
