import type { BfsRule } from './bfs.validate.js';
import type { BfsDirection } from './bfs.plan.js';

// What the BFS kernels agree on with whoever launches them, on any backend: where `bfs_control` keeps its
// counters in `state`, the parameter block, and the grids of the level's steps under fixed dispatch.

/** Where `bfs_control` keeps what it tracks in `state` (the WGSL and CUDA preludes' constants); `words`: the header's length. */
export const STATE = { found: 0, frontier: 2, previous: 3, frontierEdges: 4, unvisitedEdges: 5, visited: 6, direction: 7, level: 8, done: 9, stats: 16, words: 16 } as const;
export const DIRECTION_MODE = { hybrid: 0, 'top-down': 1, 'bottom-up': 2 } as const;
/** The rules in the order of `bfs_check`'s error words. */
export const CHECK_RULES: readonly BfsRule[] = ['root', 'tree', 'edge-levels', 'coverage', 'parent-edge'];
/** A frontier vertex with more than this many blocks per top-down lane goes to `bfs_top_down_hub`. */
export const HUB_ROUND_LANES = 4;
/** Blocks each invocation of `bfs_top_down_hub` takes of the largest hub (as `bfs_top_down` sizes the indirect grid). */
export const HUB_BLOCKS_PER_INVOCATION = 4;
/** Workgroups per grid dimension that WebGPU guarantees (CUDA's y limit too). */
export const MAX_GRID_X = 65535;
/** Words each invocation of a control step clears of the next frontier bitmap. */
export const CLEAR_WORDS_PER_INVOCATION = 8;
/** Levels of a multi-source search run between two reads of its counters (bottom-up needs no frontier size from the host). */
export const MULTI_BATCH = 4;
/** Searches one `bfs_multi` pass runs at once: a bit each in a u32. */
export const MAX_MULTI_SOURCES = 32;

/** The bits of a multi-source pass's `count` searches (`Params.source` of `bfs_multi`). */
export function multiSearchMask(count: number): number {
  return (count === 32 ? 0xffffffff : (1 << count) - 1) >>> 0;
}

/**
 * What a read of `bfs_multi`'s counters says of the {@link MULTI_BATCH} levels launched since the last: the levels
 * that ran, up to and including the first that found nothing, and whether one did (the searches are over).
 */
export function multiBatchOutcome(counts: Uint32Array): { readonly levels: number; readonly done: boolean } {
  for (let j = 0; j < MULTI_BATCH; j++) if (counts[2 * j] === 0) return { levels: j + 1, done: true };
  return { levels: MULTI_BATCH, done: false };
}

/** Words of a bitmap with a bit per vertex (at least one). */
export function bitmapWords(n: number): number {
  return Math.max(1, Math.ceil(n / 32));
}

/** Workgroups of a control step: enough to clear a frontier bitmap. */
export function controlGroups(n: number, workgroupSize: number): number {
  return Math.max(1, Math.min(MAX_GRID_X, Math.ceil(bitmapWords(n) / (workgroupSize * CLEAR_WORDS_PER_INVOCATION))));
}

/** The parameter block's word holding the level (`Params.level`): a launch prepared once sets it before each level. */
export const PARAMS_LEVEL_WORD = 6;

/** What the parameter block depends on besides the vertex count and the layout. */
export interface BfsParamsPlan {
  readonly alpha: number;
  readonly beta: number;
  readonly direction: 'hybrid' | BfsDirection;
  readonly lanes: number;
}

/**
 * The parameter block every BFS kernel reads (the preludes' `Params`, 16 words); fields not given are 0.
 *
 * @example
 * bfsParams(1000, layout.rounds, chunkWords, plan, { level: 3, count: controlGroups(1000, 256) });
 */
export function bfsParams(
  n: number,
  rounds: Uint32Array,
  chunkWords: number,
  plan: BfsParamsPlan,
  p: { count?: number; roundFirst?: number; roundEnd?: number; source?: number; level?: number; slot?: number },
): Uint32Array {
  const words = new Uint32Array(16);
  words.set([n, p.count ?? 0, p.roundFirst ?? 0, p.roundEnd ?? rounds.length / 2, chunkWords, p.source ?? 0, p.level ?? 0, p.slot ?? 0]);
  const floats = new Float32Array(words.buffer);
  floats[8] = plan.alpha;
  floats[9] = plan.beta;
  words[10] = DIRECTION_MODE[plan.direction];
  words[11] = bitmapWords(n);
  words[12] = HUB_ROUND_LANES * plan.lanes;
  return words;
}

/** Workgroups of each step under fixed dispatch (the hub step's: blocks of a hub × hubs). */
export interface FixedGrids {
  readonly topDown: number;
  readonly hub: readonly [number, number];
  readonly bottomUpFirst: number;
  readonly bottomUpLater: number;
}

/**
 * The steps' grids under fixed dispatch: `fixedWorkgroups`, or fewer where the graph cannot use them (top-down:
 * every vertex in the frontier; bottom-up: the slots of its pass; the hub step: the largest hub's blocks × the
 * vertices that can be hubs).
 *
 * @example
 * fixedGrids({ fixedWorkgroups: 1024, workgroupSize: 256, lanes: 8 }, csr.n, layout.rounds).topDown;
 */
export function fixedGrids(plan: { readonly fixedWorkgroups: number; readonly workgroupSize: number; readonly lanes: number }, n: number, rounds: Uint32Array): FixedGrids {
  const { fixedWorkgroups: most, workgroupSize: wg, lanes } = plan;
  const roundCount = rounds.length / 2;
  const cap = (groups: number) => Math.max(1, Math.min(most, MAX_GRID_X, groups));
  const hubRound = HUB_ROUND_LANES * lanes;
  const hubSlots = hubRound < roundCount ? rounds[2 * hubRound + 1] : 0;
  const hubBlocks = cap(Math.ceil(roundCount / (HUB_BLOCKS_PER_INVOCATION * wg)));
  return {
    topDown: cap(Math.ceil(n / (wg / lanes))),
    hub: [hubBlocks, Math.max(1, Math.min(MAX_GRID_X, hubSlots, Math.floor(most / hubBlocks)))],
    bottomUpFirst: cap(Math.ceil((rounds[1] ?? 0) / wg)),
    bottomUpLater: cap(Math.ceil((rounds[3] ?? 0) / wg)),
  };
}

/** Whether a level needs the hub step: some vertex has a block in the hub round (else bfs_top_down never lists a hub). */
export function hasHubRound(lanes: number, rounds: Uint32Array): boolean {
  return HUB_ROUND_LANES * lanes < rounds.length / 2;
}

/** The state header of a search from `source` before its first level (kernels' ids; `indptr` of the kernels' graph). */
export function initialState(indptr: Uint32Array, n: number, source: number, direction: 'hybrid' | BfsDirection): Uint32Array {
  const degree = indptr[source + 1] - indptr[source];
  const header = new Uint32Array(STATE.words);
  header[STATE.frontier] = 1;
  header[STATE.previous] = 1;
  header[STATE.frontierEdges] = degree;
  header[STATE.unvisitedEdges] = indptr[n] - degree;
  header[STATE.visited] = 1;
  header[STATE.direction] = direction === 'bottom-up' ? 1 : 0;
  return header;
}
