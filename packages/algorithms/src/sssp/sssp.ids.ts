import { invertIds, mapVertexIds, toUserOrder } from '@semiforge/graph-io';
import { NegativeCycleError } from '../apsp/apsp.errors.js';
import type { SsspResult, SsspRunOptions } from './sssp.loop.js';

/**
 * Between the caller's vertex ids and the searched graph's when the runner renumbered it by degree
 * (`relabel: 'degree'`): queries go in as the kernels' ids, answers come back in the caller's.
 *
 * @example
 * const ids = new SsspIds(relabelled.ids!);
 * const answer = ids.result(await runSsspQuery(engine, setup, ids.inner(source), ids.options(options)), source);
 */
export class SsspIds {
  /** `toUser[v]`: the caller's id of the searched graph's vertex v. */
  readonly toUser: Uint32Array;
  readonly #toInner: Uint32Array;

  constructor(toUser: Uint32Array) {
    this.toUser = toUser;
    this.#toInner = invertIds(toUser);
  }

  /** A caller's vertex (checked in range first) in the searched graph's ids. */
  inner(v: number): number {
    return this.#toInner[v];
  }

  /** A query's options with its target in the searched graph's ids. */
  options(options: SsspRunOptions): SsspRunOptions {
    return options.target === undefined ? options : { ...options, target: this.inner(options.target) };
  }

  /** A query's answer in the caller's ids and order, `source` being the caller's. */
  result(r: SsspResult, source: number): SsspResult {
    const dist = toUserOrder(r.dist, this.toUser);
    return r.parent ? { ...r, source, dist, parent: toUserOrder(mapVertexIds(r.parent, this.toUser), this.toUser) } : { ...r, source, dist };
  }

  /** A negative cycle found in the searched graph, its vertex in the caller's ids; anything else as it came. */
  error(e: unknown, source: number): unknown {
    if (!(e instanceof NegativeCycleError)) return e;
    return new NegativeCycleError(this.toUser[e.vertex], `reachable from source ${source}, found in the graph renumbered by degree`);
  }
}
