import type { CallKind } from './control-loop.js';

/** One call as it ran: simulated, or measured by the {@link Scheduler} (host clock, ms). */
export interface CallRecord {
  task: number;
  kind: CallKind;
  device: number;
  stream: number;
  start: number;
  end: number;
}

/** Per-kind medians of call durations: the T_D, T_K, T_R a cost model is fed with. */
export interface PhaseTimes {
  tD: number;
  tK: number;
  tR: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median time of one download, kernel and readback in a trace; a task with several calls of one kind
 * counts their sum.
 *
 * @example
 * ```ts
 * const { tD, tK, tR } = phaseTimes(run.trace);
 * ```
 */
export function phaseTimes(trace: readonly CallRecord[]): PhaseTimes {
  const perTask = { download: new Map<number, number>(), kernel: new Map<number, number>(), readback: new Map<number, number>() };
  for (const r of trace) {
    const m = perTask[r.kind];
    m.set(r.task, (m.get(r.task) ?? 0) + (r.end - r.start));
  }
  return { tD: median([...perTask.download.values()]), tK: median([...perTask.kernel.values()]), tR: median([...perTask.readback.values()]) };
}

/** From the first call's start to the last call's end. */
export function makespan(trace: readonly CallRecord[]): number {
  if (trace.length === 0) return 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of trace) {
    first = Math.min(first, r.start);
    last = Math.max(last, r.end);
  }
  return last - first;
}
