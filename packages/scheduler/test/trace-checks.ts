import { expect } from 'vitest';
import type { SimTask } from '../src/simulate.js';
import type { CallRecord } from '../src/trace.js';

// Real runs are timed on the host clock: calls that touch may differ by a rounding step.
const EPS = 1e-6;

function overlaps(records: CallRecord[]): boolean {
  const sorted = [...records].sort((x, y) => x.start - y.start);
  return sorted.some((r, i) => i > 0 && r.start < sorted[i - 1].end - EPS);
}

/**
 * Every constraint of paper 004's model, checked on a trace (simulated or measured): C2 one kernel at a time
 * per device, one call at a time per stream, C1/C3 one transfer at a time per bus, Fig. 5's placement, each
 * task's calls in order — and, given the simulated tasks, their durations.
 */
export function checkTrace(trace: CallRecord[], n: number, busOf: readonly number[], streams: number, durations?: readonly SimTask[]): void {
  const c = busOf.length;
  expect(trace.length).toBe(3 * n);
  for (let d = 0; d < c; d++) {
    expect(overlaps(trace.filter((r) => r.device === d && r.kind === 'kernel'))).toBe(false);
    for (let s = 0; s < streams; s++) expect(overlaps(trace.filter((r) => r.device === d && r.stream === s))).toBe(false);
  }
  for (const bus of new Set(busOf)) {
    expect(overlaps(trace.filter((r) => r.kind !== 'kernel' && busOf[r.device] === bus))).toBe(false);
  }
  for (let t = 0; t < n; t++) {
    const [d, k, r] = (['download', 'kernel', 'readback'] as const).map((kind) => trace.find((x) => x.task === t && x.kind === kind)!);
    for (const x of [d, k, r]) {
      expect(x.device).toBe(t % c);
      expect(x.stream).toBe(Math.floor(t / c) % streams);
    }
    expect(d.end).toBeLessThanOrEqual(k.start + EPS);
    expect(k.end).toBeLessThanOrEqual(r.start + EPS);
    if (durations) {
      expect(k.end - k.start).toBeCloseTo(durations[t].tK, 9);
      expect(d.end - d.start).toBeCloseTo(durations[t].tD, 9);
    }
  }
}
