// One timed pass of a batch through the scheduler, and the backend views the suite compares.
import { Scheduler, type Backend, type SchedulerReport, type Task, type WebGpuDevice } from '@semiforge/scheduler';

/** The first `count` devices of a backend (the suite opens the largest set once and times subsets). */
export function firstDevices(backend: Backend<WebGpuDevice>, count: number): Backend<WebGpuDevice> {
  if (count > backend.devices.length) throw new Error(`asked for ${count} devices; only ${backend.devices.length} are open (--devices / --adapters)`);
  return { ...backend, devices: backend.devices.slice(0, count), destroy: () => undefined };
}

/**
 * Runs the tasks once with `streams` streams per device, after one untimed warm-up task per device, and checks
 * every value once the pass is over (so that checking neither delays the schedule nor keeps more than one
 * pass's results in memory). `streams: 1` on one device is the paper's "original": each task's download, kernel
 * and readback back to back.
 */
export async function timedPass<S, R>(
  backend: Backend<WebGpuDevice>,
  tasks: Task<WebGpuDevice, S, R>[],
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
