/**
 * Whether a runner was destroyed: its buffers are freed then, and a later call would fail inside the backend
 * (Dawn's "destroyed buffer used in a submit", a CUDA fault) without saying why. The runners check it first.
 *
 * @example
 * ```ts
 * readonly #life = new RunnerLife('SpmvRunner');
 * run() { this.#life.check('run'); … }
 * destroy() { if (this.#life.end()) for (const b of this.#own) b.destroy(); }
 * ```
 */
export class RunnerLife {
  #destroyed = false;

  constructor(readonly runner: string) {}

  /** Throws when the runner was destroyed, naming the method called. */
  check(method: string): void {
    if (this.#destroyed) throw new Error(`${this.runner}.${method}: the runner was destroyed (its buffers are freed); create another`);
  }

  /** Marks the runner destroyed: true the first time (free its buffers now), false after. */
  end(): boolean {
    const first = !this.#destroyed;
    this.#destroyed = true;
    return first;
  }
}
