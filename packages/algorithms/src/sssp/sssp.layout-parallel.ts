import { arcBalancedRanges, inShared, runWorkers, sharedArray, workerEntry, workerThreads, type Csr } from '@semiforge/graph-io';
import { asWeights, checkSegment, edgePairs, pairBuckets, startsFromCounts, weightBits, type EdgePairs, type PairBuckets, type PairWords } from './sssp.layout.js';

/** Options of {@link edgePairsParallel}. */
export interface EdgePairsParallelOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node, e.g. in a browser). 1 lays out on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are laid out on the calling thread; default 4M (below that the workers' start-up costs more than they save). */
  readonly minParallelArcs?: number;
}

/** What one worker is posted: the CSR in shared memory, its rows (whole buckets of them), the table and the outputs. */
export interface PairsJob {
  readonly step: 'count' | 'fill';
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly bits: Uint32Array;
  readonly symmetric: boolean;
  readonly first: number;
  readonly end: number;
  readonly buckets: PairBuckets;
  /** Counts, then each bucket's next position: a worker touches only its own tail buckets' entries. */
  readonly table: Uint32Array;
  readonly out?: PairWords;
}

const MIN_PARALLEL_ARCS = 1 << 22;

const workerUrl = workerEntry(import.meta.url, 'sssp.layout-worker');

/**
 * {@link edgePairs} (paper 001's edge list, sorted into segments) with both of its passes over the arcs split among
 * worker threads by ranges of rows that hold whole tail segments: a count of each (tail segment, head segment)
 * bucket's pairs, then each worker writes its buckets' pairs at their places. The same pairs in the same order (one
 * thread took 2.1–3.3 s at Kronecker 22 on the H100 host). Many small segments (the LSD sort's case) are laid out
 * on the calling thread. The CSR and the weights are read from shared memory (copied there unless they are); the
 * pairs come back in shared memory.
 *
 * @example
 * const pairs = await edgePairsParallel(csr, (await ssspWeightsParallel(csr, 'u32')).values, 1 << 14);
 */
export async function edgePairsParallel(graph: Csr, weights: Float32Array | Uint32Array, segment: number, options: EdgePairsParallelOptions = {}): Promise<EdgePairs> {
  checkSegment(segment);
  const threads = workerThreads(options.threads, 'edgePairsParallel');
  const { n } = graph;
  const buckets = pairBuckets(n, graph.indices.length, segment);
  if (threads === 1 || buckets === undefined || graph.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return edgePairs(graph, weights, segment);
  const symmetric = !graph.directed;
  const shared = { indptr: inShared(graph.indptr), indices: inShared(graph.indices), bits: weightBits(inShared(weights)) };
  const ranges = bucketRanges(graph.indptr, n, buckets.tailShift, threads);
  const table = sharedArray(Uint32Array, buckets.tails * buckets.heads);
  const job = (step: PairsJob['step'], [first, end]: [number, number], out?: PairsJob['out']) => {
    const data: PairsJob = { step, ...shared, symmetric, first, end, buckets, table, ...(out ? { out } : {}) };
    return { data, what: `SSSP pair-layout worker (${step}) for rows ${first}..${end - 1}` };
  };
  await runWorkers(workerUrl, ranges.map((r) => job('count', r)));
  const m = startsFromCounts(table);
  const out = { src: sharedArray(Uint32Array, m), dst: sharedArray(Uint32Array, m), w: sharedArray(Uint32Array, m) };
  await runWorkers(workerUrl, ranges.map((r) => job('fill', r, out)));
  return { src: out.src, dst: out.dst, weight: asWeights(out.w, weights), symmetric };
}

/** Up to `parts` ranges of rows with about the same number of arcs, each cut at a multiple of 2^shift rows (whole tail buckets). */
function bucketRanges(indptr: Uint32Array, n: number, shift: number, parts: number): [number, number][] {
  const ends = new Set(arcBalancedRanges(indptr, n, parts).map(([, end]) => Math.min(n, Math.ceil(end / 2 ** shift) * 2 ** shift)));
  const ranges: [number, number][] = [];
  let first = 0;
  for (const end of [...ends].sort((a, b) => a - b)) {
    if (end > first) ranges.push([first, end]);
    first = end;
  }
  return ranges;
}
