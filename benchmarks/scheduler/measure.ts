// One timed pass of a batch through the scheduler, the device subsets the suite compares, and the time budget.
import { Scheduler, type Backend, type BackendDevice, type SchedulerReport, type Task } from '@semiforge/scheduler';

/** The first `count` devices of a backend (the suite opens the largest set once and times subsets). */
export function firstDevices<D extends BackendDevice>(backend: Backend<D>, count: number): Backend<D> {
  if (count > backend.devices.length) throw new Error(`asked for ${count} devices; only ${backend.devices.length} are open (--devices / --adapters / --gpus)`);
  return { ...backend, devices: backend.devices.slice(0, count), destroy: () => undefined };
}

/**
 * Runs the tasks once with `streams` streams per device, after one untimed warm-up task per device, and checks
 * every value once the pass is over (so that checking neither delays the schedule nor keeps more than one
 * pass's results in memory). `streams: 1` on one device is the paper's "original": each task's download, kernel
 * and readback back to back.
 */
export async function timedPass<D extends BackendDevice, S, R>(
  backend: Backend<D>,
  tasks: Task<D, S, R>[],
  streams: number,
  check: (value: R, task: number) => void,
  kernelsInFlight = 1,
): Promise<SchedulerReport> {
  const scheduler = new Scheduler(backend, { streams, kernelsInFlight });
  await scheduler.warmUp(tasks[0]);
  const values: R[] = [];
  for await (const o of scheduler.run(tasks)) {
    if (!o.ok) throw o.error;
    values.push(o.value);
  }
  const report = scheduler.report();
  values.forEach(check);
  return report;
}

/** `runs` passes: the one of median time, and every pass's time. */
export async function medianPass(runs: number, pass: () => Promise<SchedulerReport>): Promise<{ best: SchedulerReport; times: number[] }> {
  const reports: SchedulerReport[] = [];
  for (let i = 0; i < runs; i++) reports.push(await pass());
  const sorted = [...reports].sort((a, b) => a.time - b.time);
  return { best: sorted[sorted.length >> 1], times: reports.map((r) => r.time) };
}

/** Wall-clock budget of a run: cases that would start after it are skipped, and said to be. */
export class Budget {
  readonly #end: number;
  readonly skipped: string[] = [];

  constructor(seconds: number) {
    this.#end = performance.now() + seconds * 1000;
  }

  /** Seconds left. */
  get left(): number {
    return Math.max(0, (this.#end - performance.now()) / 1000);
  }

  /** True when `name` may start; otherwise records it as skipped and says so on stderr. */
  allows(name: string): boolean {
    if (this.left > 0) return true;
    this.skipped.push(name);
    console.error(`budget spent: skipping ${name}`);
    return false;
  }
}
