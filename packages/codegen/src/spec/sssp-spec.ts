import type { SpecBase } from './kernel-spec.js';

/**
 * Ops of the single-source shortest path family. `sssp_edges`: paper 001's Bellman-Ford pass over a COO
 * edge list; `sssp_frontier`: relaxes the CSR arcs of the near queue's vertices (all of them for frontier
 * Bellman-Ford, whose threshold is ∞), queueing heads lowered below the threshold and marking the others far,
 * or, after the threshold moved, scans the vertices for far ones now below it; `sssp_advance`: one invocation
 * before each pass that sizes it (for an indirect dispatch, or for a fixed grid that strides over the items),
 * moves the threshold when the near queue runs dry and notices the end; `sssp_parents`: a tight-edge pass over
 * COO pairs that picks parents once the distances have converged; `sssp_tree`: one invocation a vertex, taking
 * its parent from the arc of the relaxation that lowered it last when that arc is tight (else, undirected, from
 * its own arcs), and on an undirected graph the pull passes after it (a tight neighbour that has a parent);
 * `sssp_tree_scan` (undirected only): a workgroup a vertex that `sssp_tree` listed (its arc not tight), which
 * scans that vertex's arcs together for the first tight one (a hub's list is too long for one invocation).
 */
export type SsspOp = 'sssp_edges' | 'sssp_frontier' | 'sssp_advance' | 'sssp_parents' | 'sssp_tree' | 'sssp_tree_scan';

export const SSSP_KERNEL_OPS: readonly SsspOp[] = ['sssp_edges', 'sssp_frontier', 'sssp_advance', 'sssp_parents', 'sssp_tree', 'sssp_tree_scan'];

/**
 * How `sssp_edges` reads distances while other invocations lower them with atomicMin (WGSL cannot bind one
 * buffer both read-only and writable in a dispatch): `atomic` reads the live array with atomicLoad (each
 * relaxation sees the newest values, so fewer passes), `snapshot` reads a read-only copy refreshed before
 * each pass (plain cacheable loads, as paper 001's texture-cache alias, but Jacobi-style passes).
 */
export type SsspReads = 'atomic' | 'snapshot';

/**
 * A kernel of the SSSP family. Distances live as order-preserving u32 keys (u32 weights: the value; f32:
 * the sign-flip encoding, so that negative distances order correctly too) lowered with atomicMin, which is
 * min-plus's ⊕: the semiring is `min-plus`, the type (of the weights) `f32` or `u32`.
 *
 * @example
 * const spec: SsspKernelSpec = {
 *   op: 'sssp_edges', semiring: 'min-plus', type: 'f32', target: 'wgsl',
 *   workgroupSize: 256, symmetric: true, reads: 'atomic',
 * };
 * const settling: SsspKernelSpec = {
 *   op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'wgsl',
 *   workgroupSize: 256, symmetric: false, lanesPerVertex: 16, chunk: 256, heavyArcs: 'settle',
 * };
 */
export interface SsspKernelSpec extends SpecBase {
  readonly op: SsspOp;
  /**
   * Invocations per workgroup, a power of two up to 1024. `sssp_advance` runs one invocation and sizes the
   * queue kernels' grids with it (it must equal theirs).
   */
  readonly workgroupSize: number;
  /**
   * `sssp_edges`, `sssp_parents`: each stored pair is an undirected edge, relaxed both ways; `sssp_tree`: the CSR
   * is undirected, so a vertex may look for its parent among its own arcs (`sssp_tree_scan` needs it true).
   * Must be false for the others.
   */
  readonly symmetric: boolean;
  /** `sssp_edges` only (default `atomic`). */
  readonly reads?: SsspReads;
  /**
   * `sssp_frontier` (and `sssp_advance`, which sizes it): invocations sharing one
   * queue item's arcs, a power of two ≤ workgroupSize (default 1).
   */
  readonly lanesPerVertex?: number;
  /**
   * The queue kernels: a queued vertex's arcs are cut into chunks of this many, each its own queue item, so
   * that a hub's arcs spread over many invocations (a power of two ≥ lanesPerVertex; default 256).
   */
  readonly chunk?: number;
  /**
   * `sssp_frontier`: `settle` reads rows that hold their light arcs (weight < near-far's delta) first, up to
   * `light_end[v]`, and relaxes a vertex's heavy arcs once per bucket instead of on every visit (see
   * {@link SsspHeavyArcs}); `inline` (the default) relaxes every arc on every visit.
   */
  readonly heavyArcs?: SsspHeavyArcs;
  /**
   * `sssp_frontier` and `sssp_advance` (near-far): hubs wait. A head lowered into the bucket whose degree is at
   * least the state's hub degree is queued only below the state's hub limit (the bucket's lower bound + the hub
   * step); above it, it is marked and waits. When the near queue runs dry with hubs waiting, the pass is a release
   * over the hub list instead of the next bucket's scan: the hub limit rises to the nearest waiting key + the hub
   * step, and the hubs below it are queued. A hub's long row is then relaxed from a key that can fall by less
   * than the hub step, not by up to delta. Never with `heavyArcs: 'settle'` (both use the same mark bit). Default false.
   */
  readonly deferHubs?: boolean;
  /**
   * `sssp_frontier`: arcs an invocation relaxes a step, their heads' keys loaded together before any is compared
   * (a power of two from 1 to 16; default `SSSP_DEFAULT_ARC_UNROLL`, 4). With 1, each arc's loads wait for the
   * previous arc's comparison and atomicMin.
   */
  readonly arcUnroll?: number;
  /**
   * `sssp_frontier`, WGSL only: each queue is one array of (vertex, chunk) pairs, `items_in` and `items_out`,
   * instead of two arrays apiece, so the pass binds two storage buffers fewer (9 instead of 11; 10 with hubs
   * deferred or heavy arcs settled): near-far then fits browsers, which offer 8 to 10. CUDA has no such limit.
   * Default false.
   */
  readonly packedQueue?: boolean;
  /**
   * `sssp_frontier`, WGSL only, on a fixed grid: the pass makes the advance step's decision itself (size, scan,
   * release, next bucket, end) instead of a one-invocation `sssp_advance` dispatched before it: one dispatch a
   * pass instead of two. Every workgroup decides alike from the state bank the previous pass filled (it does not
   * change during this pass); the counters this pass gathers go to a bank of their own (three in turn, see
   * `SSSP_STATE` in the algorithms package), workgroup 0 carrying the totals over and emptying the next bank.
   * `params.count` is then the target vertex (or 0xffffffff), and the bucket width is a state word. Default false.
   */
  readonly fusedAdvance?: boolean;
  /**
   * `sssp_frontier` and `sssp_advance`, WGSL only, with `deferHubs`, on rows renumbered by descending degree and
   * sorted (the hubs are vertices 0 to h − 1 and lead each row; undirected, so a vertex's arc to a hub is the hub's
   * arc to it): the pass after a release whose hubs hold at least the state's pull minimum of arcs pulls instead of
   * relaxing them. Each vertex reads its arcs to hubs (items of up to `SSSP_PULL_CHUNK` arcs, listed past the hub list,
   * `lanesPerVertex` invocations an item reading them side by side) and takes the smallest sum a hub that release
   * queued offers, its key from `hub_keys` (written by the release, read with plain loads: the hubs' keys can stay
   * in cache, where pushed, each of their arcs loads a key anywhere in the graph atomically); the item's lanes agree
   * on one lowering in workgroup memory. The lowering's arc is noted as the vertex's own arc, tagged in bit 31 of via
   * (the tree step reads the hub as its head). Default false.
   */
  readonly pullHubs?: boolean;
  /**
   * `sssp_frontier`, `sssp_tree` and `sssp_tree_scan`, u32 weights (WGSL and CUDA): each arc is one word, head <<
   * arcWeightBits | weight, bound as `arcs` instead of `indices` and `weight` (an integer from 1 to 24; the weights
   * must be below 2^arcWeightBits and the heads below 2^(32 − arcWeightBits)). A relaxed arc then costs one 4-byte
   * load instead of two, each step one storage binding fewer, and the CSR's own arrays need not be on the device
   * (the pair passes, `sssp_parents`, still read them). Default: absent (unpacked).
   */
  readonly arcWeightBits?: number;
}

/**
 * When near-far relaxes a vertex's heavy arcs (weight ≥ delta). `inline`: with the light ones, on every visit;
 * `settle`: a visit relaxes only the light arcs, and the scan that opens the next bucket queues each vertex
 * visited in the last one once more for its heavy arcs, now relaxed once from its final distance (Meyer and
 * Sanders's Δ-stepping light/heavy split: a heavy arc's key is past the bucket, so it cannot lower a head in it).
 */
export type SsspHeavyArcs = 'inline' | 'settle';
