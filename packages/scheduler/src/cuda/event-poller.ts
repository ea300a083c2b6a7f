interface Waiter {
  readonly done: () => boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Waits on many "is it done yet?" checks (CUDA event queries) from one loop that yields to the event loop
 * between rounds (`setImmediate`), so that timers, I/O and other promises keep running while the GPU works.
 * The driver offers no callback a JS thread can await without blocking, and a blocking wait (cuEventSynchronize)
 * would stop every other stream's control loop; the price is one busy host core while anything is pending.
 *
 * @example
 * ```ts
 * const poller = new EventPoller();
 * const event = gpu.fence(stream);
 * await poller.wait(() => gpu.isDone(event));
 * ```
 */
export class EventPoller {
  #waiting: Waiter[] = [];
  #scheduled = false;

  /** Checks waiting now. */
  get pending(): number {
    return this.#waiting.length;
  }

  /** Resolves once `done()` returns true; rejects with what it throws. `done` is first called on the next round. */
  wait(done: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ done, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#round());
  }

  #round(): void {
    this.#scheduled = false;
    const round = this.#waiting;
    this.#waiting = [];
    for (const w of round) {
      let finished: boolean;
      try {
        finished = w.done();
      } catch (error) {
        w.reject(error);
        continue;
      }
      if (finished) w.resolve();
      else this.#waiting.push(w);
    }
    if (this.#waiting.length > 0) this.#schedule();
  }
}
