import { newPace, runSsspMany, runSsspQuery, type SsspEngine, type SsspResult, type SsspRunOptions } from './sssp.loop.js';
import type { SsspPlan } from './sssp.plan.js';
import type { SsspSetup } from './sssp.setup.js';

/**
 * What every SSSP runner answers, whatever the backend: queries on a graph set up once, run by the one query
 * loop (`sssp.loop.ts`) on the backend's {@link SsspEngine}. A backend gives the engine and frees its buffers.
 *
 * @example
 * const runner = await SsspRunner.create(device, csr); // or CudaSsspRunner.create(gpu, csr)
 * const { dist } = await runner.run(0);
 */
export abstract class SsspQueries {
  readonly plan: SsspPlan;
  readonly n: number;
  protected readonly setup: SsspSetup;
  /** The backend's operations the query loop runs on. */
  protected abstract readonly engine: SsspEngine;
  /** What the last query needed: the next one's first batch is sized from it. */
  readonly #pace = newPace();

  protected constructor(setup: SsspSetup) {
    this.setup = setup;
    this.plan = setup.plan;
    this.n = setup.graph.n;
  }

  /** Shortest distances (and parents) from one source. */
  run(source: number, options: SsspRunOptions = {}): Promise<SsspResult> {
    return runSsspQuery(this.engine, this.setup, source, options, this.#pace);
  }

  /** One query after another on the uploaded graph. */
  runMany(sources: readonly number[], options: SsspRunOptions = {}): Promise<SsspResult[]> {
    return runSsspMany(this.engine, this.setup, sources, options, this.#pace);
  }

  /** Frees the backend's buffers. */
  abstract destroy(): void;
}
