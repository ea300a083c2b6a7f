import { summarize, type BenchResult } from './results.js';

/**
 * Runs `once` for `warmupMs` (an idle GPU runs at low clocks), then `runs` more times, and summarises those.
 * Undefined when `once` gives no time (no timestamp queries).
 */
export async function timedRepeats(once: () => Promise<number | undefined>, runs: number, warmupMs: number): Promise<BenchResult['time_ms'] | undefined> {
  const warmUntil = performance.now() + warmupMs;
  do if ((await once()) === undefined) return undefined;
  while (performance.now() < warmUntil);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push((await once())!);
  return summarize(times);
}
