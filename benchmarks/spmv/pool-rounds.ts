// Several rounds of one measurement pooled into one figure: the H100's clocks and cuSPARSE's own time drift
// between commands by more than the margin between us and cuSPARSE (1.157–1.207 ms for cuSPARSE on R-MAT 22,
// 2026-12-06), so a verdict at that margin needs both timed in turns within one command (`--rounds`).
import { summarize, type BenchResult } from '../lib/results.js';

export interface Pooled {
  /** Over every timed submit of every round. */
  readonly time_ms: BenchResult['time_ms'];
  /** Each round's median, in the order run. */
  readonly medians: number[];
}

/**
 * The times of each round, pooled.
 *
 * @example
 * poolRounds([[1, 2, 3], [2, 4, 6]]); // { time_ms: { median: 2.5, min: 1, max: 6, runs: 6 }, medians: [2, 4] }
 */
export function poolRounds(rounds: readonly (readonly number[])[]): Pooled {
  return { time_ms: summarize(rounds.flat()), medians: rounds.map((times) => summarize(times).median) };
}
