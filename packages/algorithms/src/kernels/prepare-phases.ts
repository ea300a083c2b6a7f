/**
 * Host wall time of each named phase of a preprocessing, in ms, in the order the phases ran: what a BFS
 * runner's `plan.phases`, CoreBFS's `stats.phases` and an SSSP runner's `phases` report, so that a slow step at
 * a large scale is named.
 *
 * @example
 * const phases = new PreparePhases();
 * const layout = phases.time('layout', () => blockedAdjacency(inner, 8));
 * const buffers = await phases.timeAsync('upload', () => upload(device, layout));
 * phases.record; // { layout: 812.4, upload: 1934.0 }
 */
export class PreparePhases {
  readonly #ms: Record<string, number> = {};
  readonly #onPhase?: (step: string, ms: number) => void;

  /** `onPhase` hears of each phase `time` or `timeAsync` ends (not of those `add`ed). */
  constructor(onPhase?: (step: string, ms: number) => void) {
    this.#onPhase = onPhase;
  }

  /** Runs `work`, adding its wall time to phase `name`. */
  time<T>(name: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.ended(name, performance.now() - started);
    }
  }

  /** Awaits `work`, adding its wall time to phase `name`. */
  async timeAsync<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.ended(name, performance.now() - started);
    }
  }

  /** Adds `ms` to phase `name` (for another preprocessing's phases, under a prefix). */
  add(name: string, ms: number): void {
    this.#ms[name] = (this.#ms[name] ?? 0) + ms;
  }

  /** Records phase `name` as ended after `ms`, measured by the caller, and tells `onPhase`. */
  ended(name: string, ms: number): void {
    this.add(name, ms);
    this.#onPhase?.(name, ms);
  }

  /** The phases so far: name → ms. */
  get record(): Readonly<Record<string, number>> {
    return { ...this.#ms };
  }

  /** The phases as they are recorded, kept up to date: for a plan made before its last step ends. */
  get live(): Readonly<Record<string, number>> {
    return this.#ms;
  }
}
