import { inShared, isShared, runWorkers, sharedArray, workerEntry, workerThreads, type Csr } from '@semiforge/graph-io';
import { blockedAdjacency, finishBlocks, LAYOUT_TILE, planBlocks, type BlockedAdjacency, type BlockFill, type BlockPlan } from './bfs.layout.js';

/** Options of {@link blockedAdjacencyParallel}. */
export interface BlockedAdjacencyOptions {
  /** Worker threads; default: the machine's parallelism (1 outside Node, e.g. in a browser). 1 builds on the calling thread. */
  readonly threads?: number;
  /** Graphs with fewer arcs are laid out on the calling thread; default 2^24. */
  readonly minParallelArcs?: number;
}

// One thread lays out ~10 ns an arc (Kronecker 26 on the H100 host: 20.9 s for 2^31 arcs), so 2^24 arcs would take
// ~0.17 s (extrapolated), about what starting workers costs (67–114 ms for one on the 2-core dev host). The
// break-even itself was not measured.
const MIN_PARALLEL_ARCS = 1 << 24;

const workerUrl = workerEntry(import.meta.url, 'bfs.layout-worker');

/**
 * {@link blockedAdjacency} with its words written by worker threads, each a range of slots (whole tiles) holding
 * about the same number of words, into one shared array; the slots' order and the rounds (O(n)) are planned on
 * the calling thread. The same layout, word for word. Only a graph whose arrays already lie in shared memory (as
 * graph-io's parallel builders and renumbering leave them) is split, and only from `minParallelArcs` arcs: else
 * the calling thread builds it.
 *
 * @example
 * ```ts
 * const layout = await blockedAdjacencyParallel(await relabelByDegreeParallel(csr), 8);
 * ```
 */
export async function blockedAdjacencyParallel(csr: Csr, blockLength: number, options: BlockedAdjacencyOptions = {}): Promise<BlockedAdjacency> {
  const threads = workerThreads(options.threads, 'blockedAdjacencyParallel');
  const shared = isShared(csr.indptr) && isShared(csr.indices);
  if (threads === 1 || !shared || csr.indices.length < (options.minParallelArcs ?? MIN_PARALLEL_ARCS)) return blockedAdjacency(csr, blockLength);
  const plan = planBlocks(csr, blockLength);
  const words = sharedArray(Uint32Array, plan.total);
  const order = inShared(plan.order);
  const rounds = inShared(plan.rounds);
  const ranges = wordBalancedSlots(plan, csr.indptr, threads);
  await runWorkers(
    workerUrl,
    ranges.map(([first, end]) => ({
      data: { indptr: csr.indptr, indices: csr.indices, order, rounds, blockLength, words, first, end } satisfies BlockFill,
      what: `BFS layout worker for slots ${first}..${end - 1}`,
    })),
  );
  return finishBlocks(plan, words);
}

/**
 * Up to `parts` ranges of the slots with blocks, cut at tile boundaries once a range holds its share of the words
 * (a slot's words are its blocks × the block length): the hubs' first tiles hold many, the last ones few.
 */
function wordBalancedSlots(plan: BlockPlan, indptr: Uint32Array, parts: number): [number, number][] {
  const { order, rows, total, blockLength: L } = plan;
  const ranges: [number, number][] = [];
  let first = 0;
  let sum = 0;
  for (let t = 0; t < rows; t++) {
    const v = order[t];
    sum += Math.ceil((indptr[v + 1] - indptr[v]) / L) * L;
    const atTile = (t + 1) % LAYOUT_TILE === 0;
    if (atTile && ranges.length < parts - 1 && sum >= (total * (ranges.length + 1)) / parts) {
      ranges.push([first, t + 1]);
      first = t + 1;
    }
  }
  if (first < rows) ranges.push([first, rows]);
  return ranges;
}
