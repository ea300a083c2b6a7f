import { newPace, runSsspMany, runSsspQuery, type SsspEngine, type SsspResult, type SsspRunOptions } from './sssp.loop.js';
import { RunnerLife } from '../kernels/runner-life.js';
import { checkSource } from './sssp.input.js';
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
  /** Set by the backends' `destroy`: queries after it are refused by name. */
  protected readonly life: RunnerLife;

  protected constructor(setup: SsspSetup, runner: string) {
    this.life = new RunnerLife(runner);
    this.setup = setup;
    this.plan = setup.plan;
    this.n = setup.graph.n;
  }

  /**
   * Host wall time of each step of making this runner, in ms, in the order they ran (see `SsspSetup.phases`;
   * CUDA adds `kernels`): where a large graph's preprocessing goes.
   *
   * @example
   * for (const [step, ms] of Object.entries(runner.phases)) console.log(step, ms.toFixed(0));
   */
  get phases(): Readonly<Record<string, number>> {
    return this.setup.phases.record;
  }

  /** Shortest distances (and parents) from one source. */
  async run(source: number, options: SsspRunOptions = {}): Promise<SsspResult> {
    this.life.check('run');
    if (!this.setup.ids) return runSsspQuery(this.engine, this.setup, source, options, this.#pace);
    return this.#inCallerIds([source], options).then((r) => r[0]);
  }

  /** One query after another on the uploaded graph. */
  async runMany(sources: readonly number[], options: SsspRunOptions = {}): Promise<SsspResult[]> {
    this.life.check('runMany');
    if (!this.setup.ids) return runSsspMany(this.engine, this.setup, sources, options, this.#pace);
    return this.#inCallerIds(sources, options);
  }

  /** The queries on a graph renumbered by degree: every source and target checked in the caller's ids first. */
  async #inCallerIds(sources: readonly number[], options: SsspRunOptions): Promise<SsspResult[]> {
    const ids = this.setup.ids!;
    for (const s of sources) checkSource(this.n, s);
    if (options.target !== undefined) checkSource(this.n, options.target, 'target');
    const inner = ids.options(options);
    const results: SsspResult[] = [];
    for (const s of sources) {
      try {
        results.push(ids.result(await runSsspQuery(this.engine, this.setup, ids.inner(s), inner, this.#pace), s));
      } catch (e) {
        throw ids.error(e, s);
      }
    }
    return results;
  }

  /** Frees the backend's buffers. */
  abstract destroy(): void;
}
