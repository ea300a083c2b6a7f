import { csrFromEdges, edgeListFromArrays } from '@semiforge/graph-io';
import { afterAll, describe, expect, it } from 'vitest';
import { ApspRunner, BfsRunner, SpmvRunner, SsspRunner } from '../src/index.js';
import { RunnerLife } from '../src/kernels/runner-life.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

// 0 ↔ 1 ↔ 2, weights 1 and 2.
const EDGES = edgeListFromArrays(3, [0, 1, 1, 2], [1, 0, 2, 1], [1, 1, 2, 2], false);
const CSR = csrFromEdges(EDGES, { sortRows: true });

const destroyed = (runner: string, method: string) => `${runner}.${method}: the runner was destroyed (its buffers are freed); create another`;

describe('RunnerLife', () => {
  it('refuses every check after end, and ends once', () => {
    const life = new RunnerLife('SomeRunner');
    life.check('run');
    expect(life.end()).toBe(true);
    expect(life.end()).toBe(false);
    expect(() => life.check('run')).toThrow(destroyed('SomeRunner', 'run'));
  });
});

describe.skipIf(!device)('a runner used after destroy() says so, instead of a backend error from inside', () => {
  it('SpmvRunner: run and encode', async () => {
    const runner = await SpmvRunner.create(device!, CSR);
    expect([...(await runner.run([1, 1, 1])).y]).toEqual([1, 3, 2]);
    runner.destroy();
    runner.destroy();
    await expect(runner.run([1, 1, 1])).rejects.toThrow(destroyed('SpmvRunner', 'run'));
  });

  it('SsspRunner: run and runMany', async () => {
    const runner = await SsspRunner.create(device!, CSR);
    expect([...(await runner.run(0)).dist]).toEqual([0, 1, 3]);
    runner.destroy();
    runner.destroy();
    await expect(runner.run(0)).rejects.toThrow(destroyed('SsspRunner', 'run'));
    await expect(runner.runMany([0])).rejects.toThrow(destroyed('SsspRunner', 'runMany'));
  });

  it('BfsRunner: run, runMany, runEach, runMulti', async () => {
    const runner = await BfsRunner.create(device!, CSR);
    expect((await runner.run(0)).parent[2]).toBe(1);
    runner.destroy();
    runner.destroy();
    await expect(runner.run(0)).rejects.toThrow(destroyed('BfsRunner', 'run'));
    await expect(runner.runMany([0])).rejects.toThrow(destroyed('BfsRunner', 'runMany'));
    await expect(runner.runEach([0], () => undefined)).rejects.toThrow(destroyed('BfsRunner', 'runEach'));
    await expect(runner.runMulti([0])).rejects.toThrow(destroyed('BfsRunner', 'runMulti'));
  });

  it('ApspRunner: run, time, read', async () => {
    const runner = await ApspRunner.create(device!, EDGES, { tile: 16, unroll: 1 });
    expect((await runner.run()).dist[2]).toBe(3);
    runner.destroy();
    runner.destroy();
    await expect(runner.run()).rejects.toThrow(destroyed('ApspRunner', 'run'));
    await expect(runner.time()).rejects.toThrow(destroyed('ApspRunner', 'time'));
    await expect(runner.read()).rejects.toThrow(destroyed('ApspRunner', 'read'));
  });
});
