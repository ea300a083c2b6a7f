import { inShared, runWorkers, sharedArray, workerEntry, workerThreads, type Csr, type WeightArray } from '@semiforge/graph-io';
import { checkWeightType, renumberedWeights, ssspWeights, unitWeights, type SsspWeights, type SsspWeightType } from './sssp.input.js';
import { BLOCK_STATS, weightError, weightStats, WEIGHT_BLOCK } from './sssp.weights-range.js';

/** Options of {@link ssspWeightsParallel}. */
export interface SsspWeightsParallelOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node, e.g. in a browser). 1 converts on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are converted on the calling thread; default 4M (below that the workers' start-up costs more than they save). */
  readonly minParallelArcs?: number;
}

/** What one worker is posted: the weights in shared memory, its whole blocks of arcs, and where it writes. */
export interface SsspWeightsJob {
  readonly source: WeightArray;
  readonly values: Float32Array | Uint32Array;
  readonly type: SsspWeightType;
  readonly first: number;
  readonly end: number;
  /** The blocks' min, max and sum (`convertWeightRange`). */
  readonly stats: Float64Array;
  /** refused[slot] = the first arc of the range whose weight the type refuses, −1 for none. */
  readonly refused: Float64Array;
  readonly slot: number;
}

const MIN_PARALLEL_ARCS = 1 << 22;

const workerUrl = workerEntry(import.meta.url, 'sssp.weights-worker');

/**
 * {@link ssspWeights} with the pass over the arcs (one thread: 17 ns an arc, 2.1 s at Kronecker 22 on the H100
 * host; 13–21 ns on the 2-core dev VM) split among worker threads by whole blocks of arcs: the same values, the
 * same min, max and mean (the blocks' sums are added in the same order), the same error for the first refused
 * arc. The weights are read from shared memory (copied there unless they are); the values come back in shared
 * memory.
 *
 * @example
 * const { values, mean } = await ssspWeightsParallel(csr, 'u32'); // or a RangeError naming the arc with weight 2.5
 */
export async function ssspWeightsParallel(graph: Csr, type: SsspWeightType, options: SsspWeightsParallelOptions = {}): Promise<SsspWeights> {
  checkWeightType(type);
  const m = graph.indices.length;
  const threads = workerThreads(options.threads, 'ssspWeightsParallel');
  if (threads === 1 || m < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return ssspWeights(graph, type);
  const values = type === 'f32' ? sharedArray(Float32Array, m) : sharedArray(Uint32Array, m);
  if (graph.weight === null) return unitWeights(type, values);
  const { stats } = await convertInWorkers(graph.weight, values, type, threads);
  return { type, values, ...weightStats(stats, m) };
}

/**
 * The weights of `graph`, a renumbering of the graph `checked` was made from (graph-io's relabelByDegree: the same
 * arcs, moved), converted in worker threads as {@link ssspWeightsParallel} does; `checked`'s min, max and mean
 * stand, so the plan's delta is the same in either order. As {@link renumberedWeights} where there is nothing to
 * convert (f32 weights stored as f32) or too little for workers.
 *
 * @example
 * const checked = await ssspWeightsParallel(csr, 'u32');
 * (await renumberedWeightsParallel(await relabelByDegreeParallel(csr), checked)).values; // in the new arcs' order
 */
export async function renumberedWeightsParallel(graph: Csr, checked: SsspWeights, options: SsspWeightsParallelOptions = {}): Promise<SsspWeights> {
  const source = graph.weight;
  const m = graph.indices.length;
  const threads = workerThreads(options.threads, 'renumberedWeightsParallel');
  // Nothing to convert (no weights, or f32 weights stored as f32), or too little for workers.
  const stored = source === null || (checked.type === 'f32' && source instanceof Float32Array);
  if (stored || threads === 1 || m < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return renumberedWeights(graph, checked);
  const values = checked.type === 'f32' ? sharedArray(Float32Array, m) : sharedArray(Uint32Array, m);
  await convertInWorkers(source, values, checked.type, threads);
  return { ...checked, values };
}

/** Converts `source` into `values` in up to `threads` workers, each over whole blocks; throws for the first refused arc. */
async function convertInWorkers(weights: WeightArray, values: Float32Array | Uint32Array, type: SsspWeightType, threads: number): Promise<{ stats: Float64Array }> {
  const m = values.length;
  const source = inShared(weights);
  const blocks = Math.ceil(m / WEIGHT_BLOCK);
  const stats = sharedArray(Float64Array, BLOCK_STATS * blocks);
  const parts = Math.min(threads, blocks);
  const refused = sharedArray(Float64Array, parts).fill(-1);
  const jobs = Array.from({ length: parts }, (_, slot) => {
    const first = Math.floor((blocks * slot) / parts) * WEIGHT_BLOCK;
    const end = Math.min(m, Math.floor((blocks * (slot + 1)) / parts) * WEIGHT_BLOCK);
    const data: SsspWeightsJob = { source, values, type, first, end, stats, refused, slot };
    return { data, what: `SSSP weights worker for arcs ${first}..${end - 1}` };
  });
  await runWorkers(workerUrl, jobs);
  // The ranges are in arc order: the first refusal found is the one a single pass would have met first.
  const bad = refused.find((e) => e >= 0);
  if (bad !== undefined) throw weightError(bad, source[bad], type);
  return { stats };
}
