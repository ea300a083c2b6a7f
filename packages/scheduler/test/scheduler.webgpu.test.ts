import { gpuSkipReason } from '@semiforge/runtime/testing';
import { describe, expect, it } from 'vitest';
import { costModel } from '../src/cost-model.js';
import { Scheduler, type TaskOutcome } from '../src/scheduler.js';
import { openWebGpuBackend } from '../src/webgpu-backend.js';
import { checkTrace } from './trace-checks.js';
import { addInput, addReference, addTask, brokenAdd } from './vector-add.js';

const reason = await gpuSkipReason();

function expectCorrect(outcomes: TaskOutcome<Uint32Array>[], inputs: ReturnType<typeof addInput>[]): void {
  for (const o of outcomes) {
    expect(o.ok, o.ok ? '' : o.error.message).toBe(true);
    if (o.ok) expect(o.value).toEqual(addReference(inputs[o.id]));
  }
}

describe.skipIf(reason !== undefined)(`Scheduler on WebGPU${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('runs vector adds over two devices, in task order, all verified', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const scheduler = new Scheduler(backend);
      const inputs = Array.from({ length: 12 }, (_, t) => addInput(t, 1000 + t * 37));
      const outcomes: TaskOutcome<Uint32Array>[] = [];
      for await (const o of scheduler.run(inputs.map((input) => addTask(input)))) outcomes.push(o);
      expect(outcomes.map((o) => o.id)).toEqual(inputs.map((_, t) => t));
      expectCorrect(outcomes, inputs);
      // Round-robin: task t ran on device t mod 2.
      expect(outcomes.map((o) => (o.ok ? o.device : -1))).toEqual(inputs.map((_, t) => t % 2));
      const report = scheduler.report();
      // Two devices on one adapter share its bus; the measured calls keep every constraint of the model.
      checkTrace(report.trace, 12, [0, 0], 3);
      expect(report.model.tOpt).toBeGreaterThan(0);
      expect(report.time).toBeGreaterThan(0);
    } finally {
      backend.destroy();
    }
  });

  it('yields outcomes as they complete, each task exactly once', async () => {
    const backend = await openWebGpuBackend({ devices: 1 });
    try {
      const scheduler = new Scheduler(backend, { streams: 2 });
      const inputs = Array.from({ length: 8 }, (_, t) => addInput(t + 100, 512));
      const outcomes: TaskOutcome<Uint32Array>[] = [];
      for await (const o of scheduler.run(
        inputs.map((input) => addTask(input)),
        { order: 'completion' },
      ))
        outcomes.push(o);
      expect(outcomes.map((o) => o.id).sort((x, y) => x - y)).toEqual(inputs.map((_, t) => t));
      expectCorrect(outcomes, inputs);
    } finally {
      backend.destroy();
    }
  });

  it('queues the next kernel before the last ends with kernelsInFlight = 2, results unchanged', async () => {
    const backend = await openWebGpuBackend({ devices: 1 });
    try {
      const scheduler = new Scheduler(backend, { kernelsInFlight: 2 });
      const inputs = Array.from({ length: 9 }, (_, t) => addInput(t + 7, 700));
      const outcomes: TaskOutcome<Uint32Array>[] = [];
      for await (const o of scheduler.run(inputs.map((input) => addTask(input)))) outcomes.push(o);
      expectCorrect(outcomes, inputs);
      expect(outcomes).toHaveLength(9);
    } finally {
      backend.destroy();
    }
  });

  it("feeds the report's model with phase times measured elsewhere", async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const scheduler = new Scheduler(backend);
      await Promise.all(Array.from({ length: 4 }, (_, t) => scheduler.submit(addTask(addInput(t, 64))).result));
      const report = scheduler.report({ tD: 1, tK: 2, tR: 1 });
      expect(report.model).toEqual(costModel({ tD: 1, tK: 2, tR: 1, tasks: 4, devices: 2, streams: 3, sharedBus: [0, 0] }));
      expect(report.delta).toBeCloseTo((report.time - report.model.tOpt) / report.model.tOpt, 12);
    } finally {
      backend.destroy();
    }
  });

  it('reports a kernel that fails validation with its id, and runs the rest', async () => {
    const backend = await openWebGpuBackend({ devices: 1 });
    try {
      const scheduler = new Scheduler(backend);
      const inputs = Array.from({ length: 6 }, (_, t) => addInput(t, 256));
      const handles = inputs.map((input, t) => scheduler.submit(addTask(input, t === 3 ? brokenAdd : undefined)));
      await expect(handles[3].result).rejects.toMatchObject({ name: 'TaskError', taskId: 3, phase: 'kernel', device: 0 });
      await expect(handles[3].result).rejects.toThrow(/Task 3 failed in kernel on device 0/);
      for (const t of [0, 1, 2, 4, 5]) expect(await handles[t].result).toEqual(addReference(inputs[t]));
      expect(scheduler.report().failed).toBe(1);
    } finally {
      backend.destroy();
    }
  });

  it('re-queues a destroyed device’s tasks on the other device', async () => {
    const backend = await openWebGpuBackend({ devices: 2 });
    try {
      const scheduler = new Scheduler(backend);
      const inputs = Array.from({ length: 10 }, (_, t) => addInput(t, 2048));
      const handles = inputs.map((input) => scheduler.submit(addTask(input)));
      // Destroy device 1 once its first task is done: the rest of its share is pending or running.
      await handles[1].outcome;
      backend.devices[1].runtime.destroy();
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      expectCorrect(outcomes, inputs);
      const report = scheduler.report();
      expect(report.requeued).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.ok && o.device === 0).length).toBeGreaterThan(5);
    } finally {
      backend.destroy();
    }
  });

  it('reports every pending task, none dropped, when the only device is destroyed', async () => {
    const backend = await openWebGpuBackend({ devices: 1 });
    try {
      const scheduler = new Scheduler(backend);
      const inputs = Array.from({ length: 6 }, (_, t) => addInput(t, 256));
      const handles = inputs.map((input) => scheduler.submit(addTask(input)));
      await handles[0].outcome;
      backend.devices[0].runtime.destroy();
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      expect(outcomes.map((o) => o.id)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(outcomes[0].ok).toBe(true);
      for (const o of outcomes.filter((x) => !x.ok)) {
        expect(o.ok ? undefined : o.error.phase).toBe('device-lost');
      }
      expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(0);
      // Later submissions fail at once instead of hanging.
      await expect(scheduler.submit(addTask(inputs[0])).result).rejects.toThrow(/every device of the backend is lost/);
    } finally {
      backend.destroy();
    }
  });
});
