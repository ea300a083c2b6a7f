// What every part of `--selftest` reports and checks with: one line per check, a failed expectation as its
// message alone, anything else with its stack.

/** One line of the self-test's report. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** A result that differs from what it should be (its message says how); not a crash. */
export class Mismatch extends Error {}

/**
 * Throws a {@link Mismatch} saying `what` unless `condition` holds.
 *
 * @example
 * expect(back.length === n, `read ${back.length} values, wanted ${n}`);
 */
export function expect(condition: boolean, what: string): void {
  if (!condition) throw new Mismatch(what);
}

/**
 * Runs one check: passed with the detail `body` returns, or failed with a mismatch's message (any other error
 * keeps its stack).
 *
 * @example
 * checks.push(await attempt('memory: upload and download', async () => `${n} words`));
 */
export async function attempt(name: string, body: () => Promise<string>): Promise<Check> {
  try {
    return { name, ok: true, detail: await body() };
  } catch (e) {
    return { name, ok: false, detail: e instanceof Mismatch ? e.message : ((e as Error).stack ?? String(e)) };
  }
}

/**
 * The first index where two arrays differ (NaN equals NaN), or −1 when they are equal; where the shorter one
 * ends when only the lengths differ.
 *
 * @example
 * firstDifference(Int32Array.of(0, 1, 2), Int32Array.of(0, 1, 3)); // 2
 */
export function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return i;
  return a.length === b.length ? -1 : n;
}
