import { arcBalancedRanges, inShared, runWorkers, sharedArray, workerEntry, workerThreads, type Csr } from '@semiforge/graph-io';
import { beginSsspCheck, finishSsspCheck, validateSssp, type SsspResultToCheck, type SsspValidateOptions, type SsspValidation } from './sssp.validate.js';
import type { SweepFinding } from './sssp.validate-sweep.js';

/** Options of {@link validateSsspParallel}. */
export interface SsspValidateParallelOptions extends SsspValidateOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node, e.g. in a browser). 1 checks on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are checked on the calling thread; default 4M (below that the workers' start-up costs more than they save). */
  readonly minParallelArcs?: number;
}

/** What one worker is posted: the arrays in shared memory, its rows, and where it writes its finding. */
export interface SsspSweepJob {
  readonly graph: Pick<Csr, 'indptr' | 'indices'>;
  readonly dist: Float64Array;
  readonly parent: Uint32Array | undefined;
  readonly tight: Uint8Array;
  readonly w: Float32Array | Uint32Array;
  readonly f32: boolean;
  readonly limit: number;
  readonly first: number;
  readonly end: number;
  /** findings[2 × slot] = the first arc that still lowers a distance (−1: none), findings[2 × slot + 1] its tail. */
  readonly findings: Float64Array;
  readonly slot: number;
}

const MIN_PARALLEL_ARCS = 1 << 22;

const workerUrl = workerEntry(import.meta.url, 'sssp.validate-worker');

/**
 * {@link validateSssp} with the sweep over the arcs (its cost: a random read of dist per arc, about 30 s for
 * Kronecker 24's 521 M arcs on one thread) split among worker threads by ranges of rows holding about the same
 * number of arcs; the O(n) rules run on the calling thread. Same verdict, same first violation. The graph's
 * arrays are read from shared memory (copied there unless they are, as graph-io's parallel builders leave them);
 * the distances are copied into a shared Float64Array unless they are one.
 *
 * @example
 * ```ts
 * const check = await validateSsspParallel(csr, source, await runner.run(source), { weights: 'u32' });
 * if (!check.valid) console.error(check.violation!.message);
 * ```
 */
export async function validateSsspParallel(graph: Csr, source: number, result: SsspResultToCheck, options: SsspValidateParallelOptions = {}): Promise<SsspValidation> {
  const threads = workerThreads(options.threads, 'validateSsspParallel');
  if (threads === 1 || graph.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return validateSssp(graph, source, result, options);
  const check = beginSsspCheck(graph, source, result, options);
  if ('verdict' in check) return check.verdict;
  const dist = sharedDistances(result.dist);
  const parent = result.parent === undefined ? undefined : inShared(result.parent);
  const tight = sharedArray(Uint8Array, parent ? graph.n : 0);
  const shared = { indptr: inShared(graph.indptr), indices: inShared(graph.indices) };
  const w = inShared(check.w);
  const ranges = arcBalancedRanges(graph.indptr, graph.n, threads);
  const findings = sharedArray(Float64Array, 2 * ranges.length).fill(-1);
  const jobs = ranges.map(([first, end], slot) => {
    const data: SsspSweepJob = { graph: shared, dist, parent, tight, w, f32: check.f32, limit: check.limit, first, end, findings, slot };
    return { data, what: `SSSP check worker for rows ${first}..${end - 1}` };
  });
  await runWorkers(workerUrl, jobs);
  // The first range's finding is the arc one sweep in row order would have met first.
  let sweep: SweepFinding = { relaxes: -1, tail: -1 };
  for (let k = 0; k < ranges.length && sweep.relaxes < 0; k++) sweep = { relaxes: findings[2 * k], tail: findings[2 * k + 1] };
  return finishSsspCheck(graph, source, result, check, tight, sweep);
}

/** The distances in a shared Float64Array, copied once (not through a private copy first) unless they are one. */
function sharedDistances(dist: ArrayLike<number>): Float64Array {
  if (dist instanceof Float64Array) return inShared(dist);
  const copy = sharedArray(Float64Array, dist.length);
  copy.set(dist);
  return copy;
}
