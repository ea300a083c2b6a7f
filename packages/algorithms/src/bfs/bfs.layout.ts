import { NO_VERTEX, type Csr } from '@semiforge/graph-io';

/** Padding of the blocked adjacency, and "no vertex": graph-io's {@link NO_VERTEX}, under the name the BFS kernels use. */
export const NO_NEIGHBOUR = NO_VERTEX;

/**
 * The adjacency as the BFS kernels read it (paper 003's Metal layout): vertices in descending degree order
 * (slots), each list cut into blocks of L neighbours; round k holds block k of every slot whose degree
 * exceeds k·L — a prefix of the slots — with element j of slot t at `rounds[2k] + j·rounds[2k+1] + t`, so
 * consecutive invocations (slots) read consecutive words. Blocks are padded with {@link NO_NEIGHBOUR}.
 */
export interface BlockedAdjacency {
  readonly blockLength: number;
  readonly words: Uint32Array;
  /** Per round k: where it starts in `words`, then how many slots it has (non-increasing). */
  readonly rounds: Uint32Array;
  /** Slots are vertex ids (the graph is numbered by descending degree), so no slot map is needed. */
  readonly ordered: boolean;
  /** When not ordered: slot → vertex in [0, n), vertex → slot in [n, 2n). */
  readonly perm?: Uint32Array;
}

/** Slots laid out together, round after round (see {@link blockedAdjacency}). */
export const LAYOUT_TILE = 1024;

/** Most words the layout may have: offsets into it are u32. */
const MAX_WORDS = 0xffffffff;

/**
 * Builds the blocked adjacency of `csr` with blocks of `blockLength` neighbours, keeping each list's order
 * (sorted ascending under degree ordering: likely parents first). O(n + words).
 *
 * @example
 * ```ts
 * const b = blockedAdjacency(relabelByDegree(csr), 8);
 * b.ordered; // true: slot t is vertex t
 * ```
 */
export function blockedAdjacency(csr: Csr, blockLength: number): BlockedAdjacency {
  const plan = planBlocks(csr, blockLength);
  const words = new Uint32Array(plan.total);
  fillBlocks({ indptr: csr.indptr, indices: csr.indices, order: plan.order, rounds: plan.rounds, blockLength, words, first: 0, end: plan.rows });
  return finishBlocks(plan, words);
}

/** Where every block of {@link blockedAdjacency} goes, before any word is written. */
export interface BlockPlan {
  readonly blockLength: number;
  readonly n: number;
  /** Slot → vertex: vertices by descending degree, ties by ascending id. */
  readonly order: Uint32Array;
  readonly ordered: boolean;
  readonly rounds: Uint32Array;
  /** Words of the layout, padding included. */
  readonly total: number;
  /** Slots with at least one block (round 0's). */
  readonly rows: number;
}

/** The slots' order and the rounds of the layout of `csr` in blocks of `blockLength`: O(n). */
export function planBlocks(csr: Csr, blockLength: number): BlockPlan {
  const { n, indptr } = csr;
  if (!Number.isInteger(blockLength) || blockLength < 1 || blockLength > 64) throw new RangeError(`bfs: blockLength = ${blockLength} (expected an integer from 1 to 64)`);
  const L = blockLength;
  const order = descendingDegree(indptr, n);
  let ordered = true;
  for (let t = 0; t < n && ordered; t++) ordered = order[t] === t;

  // Slots with more than k blocks, for each k.
  const blocksOf = (v: number) => Math.ceil((indptr[v + 1] - indptr[v]) / L);
  const roundCount = n === 0 ? 0 : blocksOf(order[0]);
  const counts = new Float64Array(roundCount + 1);
  for (let v = 0; v < n; v++) counts[blocksOf(v)]++;
  const rounds = new Uint32Array(2 * roundCount);
  let slots = n - counts[0];
  let total = 0;
  for (let k = 0; k < roundCount; k++) {
    rounds[2 * k] = total;
    rounds[2 * k + 1] = slots;
    total += slots * L;
    slots -= counts[k + 1];
  }
  if (total > MAX_WORDS) throw new RangeError(`bfs: the blocked adjacency needs ${total} words with blocks of ${L}, beyond the ${MAX_WORDS} that u32 offsets address; use a shorter blockLength`);
  return { blockLength: L, n, order, ordered, rounds, total, rows: roundCount === 0 ? 0 : rounds[1] };
}

/** What {@link fillBlocks} reads and writes: the graph's arrays, the plan's order and rounds, and the slots it fills. */
export interface BlockFill {
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly order: Uint32Array;
  readonly rounds: Uint32Array;
  readonly blockLength: number;
  readonly words: Uint32Array;
  /** Slots [first, end) of round 0's: every block of theirs, padding included, and no other word. */
  readonly first: number;
  readonly end: number;
}

/**
 * Writes every block of the slots [first, end), padding included (so no fill pass over the whole array is
 * needed): disjoint slot ranges write disjoint words, so workers may fill one shared array side by side.
 */
export function fillBlocks(job: BlockFill): void {
  const { indptr, indices, order, rounds, words } = job;
  const L = job.blockLength;
  const blocksOf = (v: number) => Math.ceil((indptr[v + 1] - indptr[v]) / L);
  // Round by round within tiles of slots: a tile's lists stay in cache from one round to the next (block k + 1 of a
  // slot is in the cache line of block k), where whole rounds over all slots fetch every block from memory anew,
  // and each round writes L runs of a tile's width.
  for (let first = job.first; first < job.end; first += LAYOUT_TILE) {
    const end = Math.min(first + LAYOUT_TILE, job.end);
    for (let k = 0, tileRounds = blocksOf(order[first]); k < tileRounds; k++) {
      const start = rounds[2 * k];
      const count = rounds[2 * k + 1];
      const last = Math.min(end, count);
      for (let t = first; t < last; t++) {
        const v = order[t];
        const from = indptr[v] + k * L;
        const to = Math.min(from + L, indptr[v + 1]);
        let at = start + t;
        for (let p = from; p < to; p++, at += count) words[at] = indices[p];
        for (let p = to; p < from + L; p++, at += count) words[at] = NO_NEIGHBOUR;
      }
    }
  }
}

/** The layout from its plan and filled words: the slot map added when slots are not vertex ids. */
export function finishBlocks(plan: BlockPlan, words: Uint32Array): BlockedAdjacency {
  const { n, order, blockLength, rounds, ordered } = plan;
  if (ordered) return { blockLength, words, rounds, ordered };
  const perm = new Uint32Array(2 * n);
  perm.set(order);
  for (let t = 0; t < n; t++) perm[n + order[t]] = t;
  return { blockLength, words, rounds, ordered, perm };
}

/** Vertices by descending degree, ties by ascending id (a stable counting sort). */
function descendingDegree(indptr: Uint32Array, n: number): Uint32Array {
  let max = 0;
  for (let v = 0; v < n; v++) max = Math.max(max, indptr[v + 1] - indptr[v]);
  const start = new Float64Array(max + 2);
  for (let v = 0; v < n; v++) start[max - (indptr[v + 1] - indptr[v]) + 1]++;
  for (let d = 0; d <= max; d++) start[d + 1] += start[d];
  const order = new Uint32Array(n);
  for (let v = 0; v < n; v++) order[start[max - (indptr[v + 1] - indptr[v])]++] = v;
  return order;
}
