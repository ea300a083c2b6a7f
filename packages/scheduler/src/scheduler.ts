import type { Backend, BackendDevice, Task } from './backend.js';
import { ControlLoop, type CallKind, type Launch } from './control-loop.js';
import { costModel, overhead, type CostModel } from './cost-model.js';
import { TaskError } from './task-error.js';
import { makespan, phaseTimes, type CallRecord, type PhaseTimes } from './trace.js';

/** Options of a {@link Scheduler}. */
export interface SchedulerOptions {
  /** Streams per device, l: tasks in flight per device (default 3; see `simulate`'s tests for why). */
  streams?: number;
  /**
   * How many times a task may be re-queued after losing its device (default: devices − 1, so it may try every
   * device). Past that, or with no device left, it fails with phase `device-lost`.
   */
  maxRequeues?: number;
  /**
   * Kernels a device may have started at once (default 1: paper 004's C2, each kernel issued when the last has
   * finished). On WebGPU, whose queue runs kernels one after another anyway, 2 queues the next kernel while one
   * runs, so the GPU does not wait a host round trip between small kernels; the trace's kernel times then
   * include that wait.
   */
  kernelsInFlight?: number;
}

/** How a task ended: its value, or the error that names it. */
export type TaskOutcome<R> =
  | { readonly id: number; readonly ok: true; readonly value: R; readonly device: number }
  | { readonly id: number; readonly ok: false; readonly error: TaskError };

/** A submitted task: its id and how it ends. */
export interface TaskHandle<R> {
  readonly id: number;
  /** Settles when the task ends; never rejects. */
  readonly outcome: Promise<TaskOutcome<R>>;
  /** The value, or a rejection with the {@link TaskError}. */
  readonly result: Promise<R>;
}

/** Order of {@link Scheduler.run}'s outcomes. */
export type OutcomeOrder = 'task' | 'completion';

/** A run as measured, next to what paper 004's model says it could be. */
export interface SchedulerReport {
  tasks: number;
  failed: number;
  /** Re-queues after device loss. */
  requeued: number;
  /** Host time from the first call's start to the last call's end (ms). */
  time: number;
  /** Medians of the measured phases. */
  phases: PhaseTimes;
  /** The cost model fed with `model` (default: the measured phases) and this scheduler's devices and buses. */
  model: CostModel;
  /** δ = (time − T_opt) / T_opt. */
  delta: number;
  trace: CallRecord[];
}

const PHASES: readonly CallKind[] = ['download', 'kernel', 'readback'];

interface TaskRecord<D extends BackendDevice> {
  readonly id: number;
  readonly task: Task<D, unknown, unknown>;
  state: unknown;
  requeues: number;
  settle(outcome: TaskOutcome<unknown>): void;
}

/**
 * Paper 004's middleware over any {@link Backend}: tasks go round-robin to devices and streams, each device's
 * loop runs kernel > download > readback, devices on one bus take transfers FCFS ({@link ControlLoop}).
 * A task that fails is reported with its id and the rest go on; a lost device's tasks are re-queued on the
 * others, or reported when none is left — never dropped.
 *
 * @example
 * ```ts
 * const backend = await openWebGpuBackend({ devices: 2 });
 * const scheduler = new Scheduler(backend);
 * for await (const outcome of scheduler.run(graphs.map(apspTask), { order: 'completion' })) {
 *   if (outcome.ok) use(outcome.id, outcome.value); else console.error(outcome.error.message);
 * }
 * console.log(scheduler.report().delta);
 * backend.destroy();
 * ```
 */
export class Scheduler<D extends BackendDevice> {
  readonly backend: Backend<D>;
  readonly streams: number;
  readonly #maxRequeues: number;
  readonly #loop: ControlLoop;
  readonly #tasks = new Map<number, TaskRecord<D>>();
  /** Calls started and not yet settled; a call of a lost device leaves it at once. */
  readonly #running = new Map<Launch, number>();
  readonly #trace: CallRecord[] = [];
  readonly #idle: (() => void)[] = [];
  #next = 0;
  #failed = 0;
  #requeued = 0;

  constructor(backend: Backend<D>, options: SchedulerOptions = {}) {
    if (backend.devices.length === 0) throw new RangeError(`Backend "${backend.name}" has no devices; open at least one.`);
    // Checked here so that the messages name the options (the control loop calls kernelsInFlight kernelSlots).
    const { kernelsInFlight = 1, maxRequeues = backend.devices.length - 1 } = options;
    if (!Number.isInteger(kernelsInFlight) || kernelsInFlight < 1) throw new RangeError(`kernelsInFlight = ${kernelsInFlight}: must be an integer ≥ 1.`);
    if (!Number.isInteger(maxRequeues) || maxRequeues < 0) throw new RangeError(`maxRequeues = ${maxRequeues}: must be an integer ≥ 0.`);
    this.backend = backend;
    this.streams = options.streams ?? 3;
    this.#maxRequeues = maxRequeues;
    this.#loop = new ControlLoop(
      backend.devices.map((d) => d.bus),
      this.streams,
      kernelsInFlight,
    );
    for (const device of backend.devices) void device.lost.then(() => this.#lose(device.index));
  }

  /** Buffers a task; it starts as soon as its device, stream and bus allow. */
  submit<S, R>(task: Task<D, S, R>): TaskHandle<R> {
    const id = this.#next++;
    let settle!: (outcome: TaskOutcome<R>) => void;
    const outcome = new Promise<TaskOutcome<R>>((resolve) => (settle = resolve));
    const record: TaskRecord<D> = { id, task: task as Task<D, unknown, unknown>, state: undefined, requeues: 0, settle: settle as TaskRecord<D>['settle'] };
    this.#tasks.set(id, record);
    if (this.#loop.liveDevices.length === 0) {
      this.#fail(record, new TaskError(id, 'device-lost', undefined, 'every device of the backend is lost'));
    } else {
      this.#loop.enqueue(id, PHASES);
      this.#pump();
    }
    return {
      id,
      outcome,
      get result() {
        return outcome.then((o) => (o.ok ? o.value : Promise.reject(o.error)));
      },
    };
  }

  /**
   * Submits every task and yields each outcome, in task order (default) or as they complete. Failures are
   * outcomes too, so one bad task neither stops the iteration nor hides the rest.
   */
  async *run<S, R>(tasks: Iterable<Task<D, S, R>>, options: { order?: OutcomeOrder } = {}): AsyncGenerator<TaskOutcome<R>> {
    const handles = [...tasks].map((task) => this.submit(task));
    if ((options.order ?? 'task') === 'task') {
      for (const handle of handles) yield await handle.outcome;
      return;
    }
    const done: TaskOutcome<R>[] = [];
    let wake: (() => void) | undefined;
    for (const handle of handles) {
      void handle.outcome.then((o) => {
        done.push(o);
        wake?.();
      });
    }
    for (let yielded = 0; yielded < handles.length; yielded++) {
      if (done.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      yield done.shift()!;
    }
  }

  /**
   * Runs `task` once on every live device, phase after phase, outside the schedule and the report: pipelines
   * compile and allocators warm up before anything is timed. Throws the first failure.
   *
   * @example
   * ```ts
   * await scheduler.warmUp(apspTask(graphs[0]));
   * ```
   */
  async warmUp<S, R>(task: Task<D, S, R>): Promise<void> {
    for (const index of this.#loop.liveDevices) {
      const device = this.backend.devices[index];
      const state = await task.download(device, 0);
      try {
        await task.kernel(device, state, 0);
        await task.readback(device, state, 0);
      } finally {
        task.release?.(device, state);
      }
    }
  }

  /** Resolves when every task submitted so far has ended. */
  idle(): Promise<void> {
    if (this.#tasks.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /**
   * The run so far against the cost model. By default the model is fed the medians measured in this run;
   * pass `phases` measured elsewhere (a run without overlap, as the paper's Table 1) to compare against those.
   */
  report(phases?: PhaseTimes): SchedulerReport {
    const trace = [...this.#trace];
    const measured = phaseTimes(trace);
    const tasks = this.#next;
    const model = costModel({
      ...(phases ?? measured),
      tasks: Math.max(1, tasks),
      devices: this.backend.devices.length,
      streams: this.streams,
      sharedBus: this.backend.devices.map((d) => d.bus),
    });
    const time = makespan(trace);
    return {
      tasks,
      failed: this.#failed,
      requeued: this.#requeued,
      time,
      phases: measured,
      model,
      delta: model.tOpt > 0 ? overhead(time, model.tOpt) : 0,
      trace,
    };
  }

  #pump(): void {
    // A phase runs synchronously up to its first await (a download may encode its input on the host), so every
    // device's kernel is issued before any transfer.
    const launches = this.#loop.poll();
    for (const launch of launches) if (launch.call.kind === 'kernel') this.#start(launch);
    for (const launch of launches) if (launch.call.kind !== 'kernel') this.#start(launch);
  }

  #start(launch: Launch): void {
    const record = this.#tasks.get(launch.call.task)!;
    const device = this.backend.devices[launch.device];
    const { kind } = launch.call;
    const start = this.backend.now();
    this.#running.set(launch, start);
    const call = async (): Promise<unknown> => {
      if (kind === 'download') return record.task.download(device, launch.stream);
      if (kind === 'kernel') return record.task.kernel(device, record.state, launch.stream);
      return record.task.readback(device, record.state, launch.stream);
    };
    call().then(
      (value) => this.#settle(launch, start, value, undefined),
      (error: unknown) => this.#settle(launch, start, undefined, error ?? new Error('rejected without a reason')),
    );
  }

  #settle(launch: Launch, start: number, value: unknown, error: unknown): void {
    // Abandoned when its device was lost; the task was re-queued or reported then.
    if (!this.#running.has(launch)) return;
    const device = this.backend.devices[launch.device];
    if (error !== undefined && device.isLost) {
      this.#lose(launch.device);
      return;
    }
    this.#running.delete(launch);
    const record = this.#tasks.get(launch.call.task)!;
    const { kind } = launch.call;
    this.#trace.push({ task: record.id, kind, device: launch.device, stream: launch.stream, start, end: this.backend.now() });
    this.#loop.complete(launch);
    if (error !== undefined) {
      this.#loop.drop(record.id);
      this.#release(record, device);
      this.#fail(record, new TaskError(record.id, kind, device, error));
    } else if (kind === 'download') {
      record.state = value;
    } else if (kind === 'readback') {
      const released = this.#release(record, device);
      if (released === undefined) this.#finish(record, { id: record.id, ok: true, value, device: device.index });
      else this.#fail(record, new TaskError(record.id, 'release', device, released));
    }
    this.#pump();
  }

  /** Takes a lost device out; its tasks go to the others, or fail when they cannot. */
  #lose(index: number): void {
    if (!this.#loop.liveDevices.includes(index)) return;
    const held = this.#loop.removeDevice(index);
    for (const launch of [...this.#running.keys()]) {
      if (launch.device !== index) continue;
      this.#running.delete(launch);
      this.#loop.complete(launch);
    }
    const device = this.backend.devices[index];
    for (const id of held) {
      const record = this.#tasks.get(id)!;
      record.state = undefined;
      if (this.#loop.liveDevices.length > 0 && record.requeues < this.#maxRequeues) {
        record.requeues += 1;
        this.#requeued += 1;
        this.#loop.enqueue(id, PHASES);
      } else {
        this.#fail(record, new TaskError(id, 'device-lost', device, `device ${index} (${device.label}) was lost`));
      }
    }
    this.#pump();
  }

  /** Frees a task's device memory; returns the error if freeing failed. */
  #release(record: TaskRecord<D>, device: D): unknown {
    const { state } = record;
    record.state = undefined;
    if (state === undefined || record.task.release === undefined) return undefined;
    try {
      record.task.release(device, state);
      return undefined;
    } catch (error) {
      return error ?? new Error('release threw without a reason');
    }
  }

  #fail(record: TaskRecord<D>, error: TaskError): void {
    this.#failed += 1;
    this.#finish(record, { id: record.id, ok: false, error });
  }

  #finish(record: TaskRecord<D>, outcome: TaskOutcome<unknown>): void {
    this.#tasks.delete(record.id);
    record.settle(outcome);
    if (this.#tasks.size === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}
