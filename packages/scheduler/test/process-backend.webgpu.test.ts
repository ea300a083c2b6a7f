import { fileURLToPath } from 'node:url';
import { apspReference, bfsReference, validateBfs } from '@semiforge/algorithms';
import { csrFromEdges, generateErdosRenyi, generateRandom4n } from '@semiforge/graph-io';
import { gpuSkipReason } from '@semiforge/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableTask, registerExecutor } from '../src/executor.js';
import { openProcessBackend, type ProcessBackend } from '../src/process/process-backend.js';
import { Scheduler, type TaskOutcome } from '../src/scheduler.js';
import { blockedApsp } from '../src/workloads/blocked-apsp.js';
import { multiSourceSearch } from '../src/workloads/multi-source.js';
import { addExecutor, addInput, addReference, type AddInput } from './vector-add.js';

const reason = await gpuSkipReason();
registerExecutor('test-add', addExecutor);

/** Two workers on this machine's adapter (lavapipe here: both get the same one), running `worker-entry.ts`. */
function twoWorkers(): Promise<ProcessBackend> {
  return openProcessBackend({ gpus: 2, module: fileURLToPath(new URL('./worker-entry.ts', import.meta.url)), execArgv: ['--import', 'tsx', '--conditions=source'] });
}

const add = (input: AddInput) => portableTask<Uint32Array>('test-add', input);

describe.skipIf(reason !== undefined)(`process-per-GPU backend${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let shared: ProcessBackend;
  beforeAll(async () => {
    shared = await twoWorkers();
    // Two Node processes transpiling TypeScript on a busy 2-core runner can take a while to start.
  }, 180_000);
  afterAll(() => shared?.destroy());

  it('runs portable tasks in two worker processes, round-robin, results cloned back intact', async () => {
    const backend = shared;
    expect(new Set(backend.devices.map((d) => d.ready.pid)).size).toBe(2);
    expect(backend.devices.every((d) => d.ready.pid !== process.pid)).toBe(true);
    const scheduler = new Scheduler(backend);
    const inputs = Array.from({ length: 10 }, (_, t) => addInput(t, 3000 + t));
    const outcomes: TaskOutcome<Uint32Array>[] = [];
    for await (const o of scheduler.run(inputs.map(add))) outcomes.push(o);
    outcomes.forEach((o, t) => {
      expect(o.ok && o.device).toBe(t % 2);
      if (o.ok) expect(o.value).toEqual(addReference(inputs[t]));
    });
    // An executor the workers do not know fails that task only, naming it.
    await expect(scheduler.submit(portableTask('no-such-kind', {})).result).rejects.toThrow(/No executor 'no-such-kind'/);
  }, 60_000);

  it('streams blocked APSP and resident-graph BFS through the workers, equal to the CPU references', async () => {
    const backend = shared;
    const scheduler = new Scheduler(backend);
    const g = generateRandom4n(130, 5);
    const r = await blockedApsp(scheduler, g, { tile: 32, deviceMemoryBytes: 240_000 });
    expect(r.blocks).toBe(3);
    expect(r.dist).toEqual(apspReference(g).dist);
    const csr = csrFromEdges(generateErdosRenyi({ n: 200, m: 500, seed: 9, directed: false }));
    const sources = [0, 5, 17, 33, 101, 150, 199];
    for await (const o of multiSourceSearch(scheduler, csr, { algorithm: 'bfs' }, sources, { perTask: 2 })) {
      if (!o.ok) throw o.error;
      o.value.sources.forEach((s, i) => expect(validateBfs(csr, s, o.value.parents![i], bfsReference(csr, s).depth)).toMatchObject({ ok: true }));
    }
  }, 120_000);

  it('re-queues a killed worker’s tasks on the other, none lost', async () => {
    const backend = await twoWorkers();
    try {
      const scheduler = new Scheduler(backend);
      const inputs = Array.from({ length: 12 }, (_, t) => addInput(t + 50, 4096));
      const handles = inputs.map((input) => scheduler.submit(add(input)));
      await handles[1].outcome;
      backend.devices[1].kill();
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      outcomes.forEach((o, t) => {
        expect(o.ok, o.ok ? '' : o.error.message).toBe(true);
        if (o.ok) expect(o.value).toEqual(addReference(inputs[t]));
      });
      expect(scheduler.report().requeued).toBeGreaterThan(0);
      expect(backend.devices[1].isLost).toBe(true);
    } finally {
      backend.destroy();
    }
  }, 180_000);
});
