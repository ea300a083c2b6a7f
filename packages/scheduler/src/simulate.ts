import { ControlLoop, type CallKind, type Launch } from './control-loop.js';
import type { CallRecord } from './trace.js';

/** Durations of one simulated task's calls. */
export interface SimTask {
  tD: number;
  tK: number;
  tR: number;
}

/** What {@link simulate} runs. */
export interface SimulationInput {
  /** The tasks, by id; or n identical tasks. */
  tasks: readonly SimTask[] | { n: number; tD: number; tK: number; tR: number };
  /** Bus id of each device (`[0, 0, 1, 1]`: four devices, two per bus), or a device count with one bus each. */
  devices: number | readonly number[];
  /**
   * Streams per device, l (default 3: within 2.1% of T_opt on the paper's grid, 4 reaches it; see the tests).
   * One stream runs each task's calls back to back: the "original".
   */
  streams?: number;
}

/** A simulated run: its makespan T and every call's start and end. */
export interface Simulation {
  time: number;
  trace: CallRecord[];
}

const KINDS: readonly CallKind[] = ['download', 'kernel', 'readback'];

function taskList(tasks: SimulationInput['tasks']): readonly SimTask[] {
  if (!('n' in tasks)) {
    tasks.forEach((task, t) => checkTimes(task, `task ${t}'s `));
    return tasks;
  }
  if (!Number.isInteger(tasks.n) || tasks.n < 0) throw new RangeError(`tasks.n = ${tasks.n}: must be an integer ≥ 0.`);
  checkTimes(tasks, 'tasks.');
  return Array.from({ length: tasks.n }, () => ({ tD: tasks.tD, tK: tasks.tK, tR: tasks.tR }));
}

/** A NaN time never compares equal, so no call ever completed (a hang); a negative one ran the clock backwards. */
function checkTimes(task: SimTask, where: string): void {
  for (const key of ['tD', 'tK', 'tR'] as const) {
    const value = task[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`${where}${key} = ${typeof value === 'string' ? JSON.stringify(value) : value}: a time must be finite and ≥ 0.`);
    }
  }
}

function duration(task: SimTask, kind: CallKind): number {
  return kind === 'download' ? task.tD : kind === 'kernel' ? task.tK : task.tR;
}

/**
 * A deterministic discrete-event simulation of paper 004's middleware: every task buffered at time 0, the
 * {@link ControlLoop} deciding what starts, each call taking its given time. Kernels of one device never
 * overlap (C2), nor transfers of one bus (C1, C3). Equal end times complete in start order, so a run is
 * reproducible to the bit.
 *
 * @example
 * ```ts
 * const { time } = simulate({ tasks: { n: 24, tD: 0.3, tK: 1, tR: 0.3 }, devices: [0, 0, 1, 1] });
 * const model = costModel({ tD: 0.3, tK: 1, tR: 0.3, tasks: 24, devices: 4, sharedBus: [0, 0, 1, 1] });
 * overhead(time, model.tOpt); // within a few per cent
 * ```
 */
export function simulate(input: SimulationInput): Simulation {
  const tasks = taskList(input.tasks);
  if (typeof input.devices === 'number' && !(Number.isInteger(input.devices) && input.devices >= 1)) {
    throw new RangeError(`devices = ${input.devices}: must be an integer ≥ 1 (or the bus id of each device).`);
  }
  const busOf = typeof input.devices === 'number' ? Array.from({ length: input.devices }, (_, d) => d) : input.devices;
  const loop = new ControlLoop(busOf, input.streams ?? 3);
  tasks.forEach((_, t) => loop.enqueue(t, KINDS));
  const trace: CallRecord[] = [];
  const running: { end: number; seq: number; launch: Launch; record: CallRecord }[] = [];
  let now = 0;
  let seq = 0;
  const start = (): void => {
    for (const launch of loop.poll()) {
      const { task, kind } = launch.call;
      const record = { task, kind, device: launch.device, stream: launch.stream, start: now, end: now + duration(tasks[task], kind) };
      trace.push(record);
      running.push({ end: record.end, seq: seq++, launch, record });
    }
  };
  start();
  while (running.length > 0) {
    running.sort((x, y) => x.end - y.end || x.seq - y.seq);
    now = running[0].end;
    while (running.length > 0 && running[0].end === now) loop.complete(running.shift()!.launch);
    start();
  }
  if (loop.pending !== 0) throw new Error(`Simulation stalled at t = ${now} with ${loop.pending} calls left; this is a scheduler bug.`);
  return { time: now, trace };
}
