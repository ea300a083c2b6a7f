import { apspReference } from '@semiforge/algorithms';
import { generateRandom4n } from '@semiforge/graph-io';
import { gpuSkipReason } from '@semiforge/runtime/testing';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../src/scheduler.js';
import { openWebGpuBackend } from '../src/webgpu-backend.js';
import { blockedApsp } from '../src/workloads/blocked-apsp.js';

const reason = await gpuSkipReason();

describe.skipIf(reason !== undefined)(`blocked APSP streamed over devices${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('streams 64-vertex blocks through a forced 240 kB of device memory and equals the CPU Floyd-Warshall', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const graph = generateRandom4n(200, 3);
      const scheduler = new Scheduler(backend);
      const r = await blockedApsp(scheduler, graph, { tile: 32, deviceMemoryBytes: 240_000 });
      // 3 streams × (3 blocks + 2 panels) of side 64 fit, side 96 does not: 4 × 4 blocks of the padded 256.
      expect([r.block, r.N, r.blocks, r.tasks]).toEqual([64, 256, 4, 4 * (1 + 2 * 3 + 3 * 3)]);
      expect(r.dist).toEqual(apspReference(graph).dist);
      // Two blocks' room left per device for the broadcast: some operands are reused, the rest stream.
      expect(r.residentHits).toBeGreaterThan(0);
      expect(r.operandsSent).toBeGreaterThan(2 * 4);
      const kernels = scheduler.report().trace.filter((t) => t.kind === 'kernel');
      expect(new Set(kernels.map((t) => t.device))).toEqual(new Set([0, 1]));
    } finally {
      backend.destroy();
    }
  });

  it('keeps every pivot block on the device without a memory limit, and handles n below one block', async () => {
    const backend = await openWebGpuBackend();
    try {
      const graph = generateRandom4n(150, 8);
      const r = await blockedApsp(new Scheduler(backend), graph, { tile: 32, block: 64 });
      expect(r.dist).toEqual(apspReference(graph).dist);
      // 3 rounds; each update task reuses the round's pivot row and column once sent.
      expect(r.operandsSent).toBe(3 * (2 + 2 + 2));
      const small = generateRandom4n(40, 2);
      expect((await blockedApsp(new Scheduler(backend), small, { tile: 32 })).dist).toEqual(apspReference(small).dist);
    } finally {
      backend.destroy();
    }
  });

  it('closes other idempotent semirings the same way: max-min widest paths and or-and reachability', async () => {
    const backend = await openWebGpuBackend();
    try {
      const graph = generateRandom4n(100, 6);
      for (const kernel of [{ semiring: 'max-min' }, { semiring: 'or-and', type: 'u32' }] as const) {
        const r = await blockedApsp(new Scheduler(backend), graph, { tile: 32, block: 32, ...kernel });
        expect(r.blocks).toBe(4);
        expect(r.dist, kernel.semiring).toEqual(apspReference(graph, kernel).dist);
      }
    } finally {
      backend.destroy();
    }
  });

  it('refuses a memory budget below one tile per stream, naming it', async () => {
    const backend = await openWebGpuBackend();
    try {
      await expect(blockedApsp(new Scheduler(backend), generateRandom4n(100, 1), { tile: 32, deviceMemoryBytes: 10_000 })).rejects.toThrow(/deviceMemoryBytes = 10000: too small/);
      await expect(blockedApsp(new Scheduler(backend), generateRandom4n(100, 1), { tile: 32, block: 48 })).rejects.toThrow(/block = 48/);
      await expect(blockedApsp(new Scheduler(backend), generateRandom4n(100, 1), { tile: 32, block: 64, deviceMemoryBytes: 100_000 })).rejects.toThrow(
        /deviceMemoryBytes = 100000: 3 streams' tasks on blocks of 64 need 196608 bytes/,
      );
    } finally {
      backend.destroy();
    }
  });
});
