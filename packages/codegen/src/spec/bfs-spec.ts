import type { SpecBase } from './kernel-spec.js';

/**
 * Ops of the BFS family (paper 003): `bfs_seed` starts a search at its source; `bfs_control` runs before each
 * level on the GPU, closes the level before (statistics, n_f, m_f, m_u), picks the direction and writes the
 * indirect workgroup counts of the level's steps (zero once the frontier is empty), so that many levels go
 * in one submit; `bfs_top_down` expands a frontier queue, handing hubs to `bfs_top_down_hub`, which spreads
 * each over many workgroups; `bfs_bottom_up` lets every unvisited vertex look for a parent in a frontier
 * bitmap. The steps write the next frontier as a queue and as a bitmap and count it, so a level may switch
 * direction without a conversion pass; each also writes the depth of the vertices it reaches. `bfs_check` validates a finished search on the GPU by the Graph500
 * rules (depths tied to parents, every arc's levels, coverage, parents among the neighbours). `bfs_multi` is
 * one bottom-up level of up to 32 searches at once, a bit per search in a u32 per vertex.
 */
export type BfsOp = 'bfs_seed' | 'bfs_control' | 'bfs_top_down' | 'bfs_top_down_hub' | 'bfs_bottom_up' | 'bfs_check' | 'bfs_multi';

export const BFS_KERNEL_OPS: readonly BfsOp[] = ['bfs_seed', 'bfs_control', 'bfs_top_down', 'bfs_top_down_hub', 'bfs_bottom_up', 'bfs_check', 'bfs_multi'];

/** How `bfs_bottom_up` gathers its new vertices into one queue append per group: subgroup operations or workgroup memory. */
export type BfsAggregation = 'subgroup' | 'workgroup';

/**
 * A BFS step over the blocked adjacency: each vertex's list is cut into blocks of `blockLength`
 * neighbours; round k holds block k of every vertex of degree > k·L, vertices in descending degree order,
 * element j of the vertex in slot t at `rounds[k].start + j · rounds[k].count + t` (the paper's Metal layout:
 * consecutive invocations read consecutive words). Not semiring-generic: semiring `or-and`, type `u32`.
 * Parents are stored plus one, so a cleared buffer means "unvisited".
 *
 * @example
 * const spec: BfsKernelSpec = {
 *   op: 'bfs_bottom_up', semiring: 'or-and', type: 'u32', target: 'wgsl', workgroupSize: 256, lanes: 1,
 *   blockLength: 8, ordered: true, chunks: 1, countEdges: true, aggregation: 'subgroup',
 * };
 */
export interface BfsKernelSpec extends SpecBase {
  readonly op: BfsOp;
  /** Invocations per workgroup, a power of two from 32 to 1024. */
  readonly workgroupSize: number;
  /** `bfs_top_down` (and `bfs_control`, which sizes its grid): invocations that share one frontier vertex, taking its blocks in turn (a power of two ≤ workgroupSize); 1 elsewhere. */
  readonly lanes: number;
  /** L: neighbours per block, 1 to 64. */
  readonly blockLength: number;
  /** Vertices are numbered in descending degree order (degree ordering), so slot t is vertex t; otherwise `perm` maps slots and vertices. */
  readonly ordered: boolean;
  /** Storage bindings the blocked adjacency is split over (1 to 24, within the device's storage buffers per stage), for graphs beyond one binding. */
  readonly chunks: number;
  /** Sum the degrees of the new frontier (the exact m_f; `bfs_control` reads it); false under the m_f approximation. `bfs_seed` normalises it to false. */
  readonly countEdges: boolean;
  /** `bfs_bottom_up` only (others normalise it away): how new vertices are gathered before the queue append. */
  readonly aggregation?: BfsAggregation;
}
