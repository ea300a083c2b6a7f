import type { Device } from '@semiforge/runtime';

/** What a check gets: the page's device and the data files served beside the page. */
export interface CheckContext {
  readonly device: Device;
  /** A file of the shared data set (e.g. `lagraph/bcsstk13.mtx`), fetched from the page's server. */
  fetchText(path: string): Promise<string>;
}

/**
 * One thing the page runs: `run` does the GPU work, checks it against the CPU and returns what it checked;
 * it throws, naming what differs, when the check fails.
 */
export interface BrowserCheck {
  readonly name: string;
  run(context: CheckContext): Promise<string>;
}

/** Throws `message` unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
