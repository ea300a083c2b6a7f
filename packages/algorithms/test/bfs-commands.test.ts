import { afterAll, describe, expect, it } from 'vitest';
import { BindingError, GpuValidationError } from '@semiforge/runtime';
import { BfsCommands } from '../src/bfs/bfs.commands.js';
import { bfsSpecs } from '../src/bfs/bfs.plan.js';
import { bfsParams } from '../src/bfs/bfs.steps.js';
import { kernelFor } from '../src/kernels/kernel-source.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const N = 16;
const specs = bfsSpecs({ workgroupSize: 64, lanes: 1, blockLength: 8, ordered: true, chunks: 1, countEdges: true, aggregation: 'workgroup' });
const plan = { alpha: 16, beta: 16, direction: 'hybrid', lanes: 1 } as const;
const seedParams = (source: number) => bfsParams(N, new Uint32Array(0), 0, plan, { source });

/** Commands with only the seed (no level steps): what the seed of each slot writes shows which parameter block it read. */
async function seedOnly() {
  const seed = kernelFor(specs.seed);
  const buffers: Record<string, GPUBuffer> = {};
  for (const b of seed.bindings.filter((x) => x.kind !== 'uniform')) buffers[b.name] = await device!.createBuffer(`test.${b.name}`, 4 * 4 * N, 'storage');
  const commands = await BfsCommands.create(device!, { seed: { kernel: seed, buffers }, steps: [], levelParams: () => [new Uint32Array(16)] });
  return { commands, buffers, destroy: () => (commands.destroy(), Object.values(buffers).forEach((b) => b.destroy())) };
}

describe.skipIf(!device)('BfsCommands: a runner\'s prepared search commands', () => {
  it('seeds each pass from its own slot, several passes in one submit, each timed on its own', async () => {
    const { commands, buffers, destroy } = await seedOnly();
    try {
      commands.writeSeeds([seedParams(3), seedParams(11)]);
      const timed = commands.canTime;
      if (timed) commands.reserveTimes(2);
      await commands.submit('test seeds', (encoder) => {
        commands.encodePass(encoder, { seedSlot: 0, first: 1, count: 0, ...(timed ? { timeSlot: 0 } : {}) });
        commands.encodePass(encoder, { seedSlot: 1, first: 1, count: 0, ...(timed ? { timeSlot: 1 } : {}) });
        if (timed) commands.resolveTimes(encoder, 2);
      });
      const parent = await device!.read(buffers.parent, Uint32Array, 0, N);
      // Sources 3 and 11 are seeded (their own parents), no other vertex.
      expect([...parent.keys()].filter((v) => parent[v] !== 0)).toEqual([3, 11]);
      if (timed) {
        const times = await commands.readTimes(2);
        expect(times).toHaveLength(2);
        expect(times.every((t) => t === undefined || t >= 0)).toBe(true);
      }
    } finally {
      destroy();
    }
  });

  it('refuses levels past those reserved until reserveLevels grows them, and timed passes not reserved', async () => {
    const { commands, destroy } = await seedOnly();
    try {
      const encoder = device!.gpu.createCommandEncoder();
      expect(() => commands.encodePass(encoder, { first: 510, count: 10 })).toThrow('bfs: level 519 has no parameter block (512 written); reserveLevels first');
      commands.reserveLevels(519);
      await commands.submit('test levels', (e) => commands.encodePass(e, { first: 510, count: 10 }));
      if (commands.canTime) expect(() => commands.encodePass(encoder, { first: 1, count: 1, timeSlot: 4096 })).toThrow('bfs: 4097 timed passes');
    } finally {
      destroy();
    }
  });

  it('turns what the error scopes catch into a GpuValidationError naming the submit, and the next submit still works', async () => {
    const { commands, buffers, destroy } = await seedOnly();
    try {
      // A clear of 2 bytes: WebGPU wants multiples of 4.
      await expect(commands.submit('test bad clear', (encoder) => encoder.clearBuffer(buffers.parent, 0, 2))).rejects.toThrow(GpuValidationError);
      await expect(commands.submit('test bad clear', (encoder) => encoder.clearBuffer(buffers.parent, 0, 2))).rejects.toThrow('"test bad clear"');
      commands.writeSeeds([seedParams(5)]);
      await commands.submit('test good', (encoder) => commands.encodePass(encoder, { seedSlot: 0, first: 1, count: 0 }));
      expect((await device!.read(buffers.parent, Uint32Array, 0, N))[5]).not.toBe(0);
    } finally {
      destroy();
    }
  });

  it('names the buffers a kernel binds that are missing', async () => {
    const seed = kernelFor(specs.seed);
    await expect(BfsCommands.create(device!, { seed: { kernel: seed, buffers: {} }, steps: [], levelParams: () => [new Uint32Array(16)] })).rejects.toThrow(BindingError);
    await expect(BfsCommands.create(device!, { seed: { kernel: seed, buffers: {} }, steps: [], levelParams: () => [new Uint32Array(16)] })).rejects.toThrow('missing buffers: parent, depth, queues, bitmap_out, state');
  });
});
