import type { KernelBinding } from '../render/bindings.js';
import { numberBindings } from '../render/bindings.js';
import type { BfsKernelSpec, BfsOp } from '../spec/bfs-spec.js';
import { PARAMS_BINDING, type OpInfo } from './op-info.js';
import { MAX_GRID_X } from './spmv-ops.js';

const read = (name: string) => ({ name, kind: 'read-only-storage', element: 'u32' }) as const;
const write = (name: string) => ({ name, kind: 'storage', element: 'u32' }) as const;
const atomic = (name: string) => ({ name, kind: 'storage', element: 'u32', atomic: true }) as const;

/** The blocked adjacency's bindings: its chunks, the rounds table, and the slot ↔ vertex maps when vertices are not degree-ordered. */
function adjacency(spec: BfsKernelSpec) {
  return [...Array.from({ length: spec.chunks }, (_, c) => read(`adj${c}`)), read('rounds'), !spec.ordered && read('perm'), spec.countEdges && read('indptr')];
}

/**
 * A level's step: `queues` holds both frontier queues (the level's parity picks which it reads) and the hub
 * list; `state` the counters, the per-level statistics and the visited bitmap. Top-down claims a vertex with
 * a compare-exchange; bottom-up gives each vertex one invocation, which writes its parent plainly and reads
 * the frontier bitmap the level before wrote. Top-down also raises the hub step's indirect counts.
 */
function stepBindings(spec: BfsKernelSpec): KernelBinding[] {
  const topDown = spec.op !== 'bfs_bottom_up';
  const parent = topDown ? atomic('parent') : write('parent');
  const frontier = topDown ? [] : [read('bitmap_in')];
  const hubArgs = spec.op === 'bfs_top_down' ? [atomic('hub_args')] : [];
  return numberBindings([PARAMS_BINDING, ...adjacency(spec), parent, write('depth'), write('queues'), ...frontier, atomic('bitmap_out'), atomic('state'), ...hubArgs]);
}

/** Storage bindings of the widest step besides the adjacency chunks: what the device's per-stage limit leaves for chunks. */
export function bfsBindingsBesideChunks(spec: Pick<BfsKernelSpec, 'ordered' | 'countEdges'>): number {
  // bfs_top_down: rounds, perm?, indptr?, parent, depth, queues, bitmap_out, state, hub_args.
  return 7 + (spec.ordered ? 0 : 1) + (spec.countEdges ? 1 : 0);
}

/** Invocations over `items` (queue entries or vertex slots), on a grid the kernels stride over. */
const grid = (spec: BfsKernelSpec, items: number): [number, number, number] => [
  Math.min(MAX_GRID_X, Math.max(1, Math.ceil((items * spec.lanes) / spec.workgroupSize))),
  1,
  1,
];

const common = {
  view: (spec: BfsKernelSpec) => ({
    workgroupSize: spec.workgroupSize,
    lanes: spec.lanes,
    blockLength: spec.blockLength,
    ordered: spec.ordered,
    countEdges: spec.countEdges,
    subgroup: spec.aggregation === 'subgroup',
    chunkIndices: Array.from({ length: spec.chunks }, (_, c) => c),
    lastChunk: spec.chunks - 1,
    queues: spec.op === 'bfs_seed' || spec.op === 'bfs_top_down' || spec.op === 'bfs_top_down_hub' || spec.op === 'bfs_bottom_up',
    step: spec.op === 'bfs_top_down' || spec.op === 'bfs_top_down_hub' || spec.op === 'bfs_bottom_up',
    maxGrid: MAX_GRID_X,
    ring: BFS_STATS_RING,
    hubBlocks: HUB_BLOCKS_PER_INVOCATION,
    hubGroups: MAX_HUB_GROUPS,
    gather: GATHER_CAPACITY,
  }),
  grid,
  workgroupSize: (spec: BfsKernelSpec): [number, number] => [spec.workgroupSize, 1],
};

/** Levels whose statistics `state` keeps (a ring): more than a batch of levels between two read-backs. */
export const BFS_STATS_RING = 1024;
/** Words of `state` before the visited bitmap: the header and the statistics ring. */
export const BFS_STATE_HEADER = 16 + 4 * BFS_STATS_RING;
/** Blocks each invocation of bfs_top_down_hub takes of the largest hub, at the most workgroups per hub. */
const HUB_BLOCKS_PER_INVOCATION = 4;
const MAX_HUB_GROUPS = 256;
/** Vertices a top-down workgroup gathers before one append to the next queue (u32 words of workgroup memory). */
const GATHER_CAPACITY = 2048;
/** Workgroup memory of the top-down steps: the gathered list, its count, edge sum, base and total, and the kernel's own words. */
const GATHER_BYTES = 4 * GATHER_CAPACITY + 24;

/** The BFS family (paper 003): the start, the per-level control, top-down (with a hub step) and bottom-up over the blocked adjacency. */
export const BFS_OPS: Record<BfsOp, OpInfo<BfsKernelSpec>> = {
  bfs_seed: {
    ...common,
    template: 'bfs/seed',
    bindings: () => numberBindings([PARAMS_BINDING, write('parent'), write('depth'), write('queues'), atomic('bitmap_out'), atomic('state')]),
    workgroupStorageBytes: () => 0,
  },
  bfs_control: {
    ...common,
    template: 'bfs/control',
    // control_next: the next control's indirect counts; step_args: this level's top-down and two bottom-up passes'.
    bindings: () =>
      numberBindings([PARAMS_BINDING, read('rounds'), read('indptr'), atomic('state'), write('control_next'), write('step_args'), atomic('hub_args'), write('bitmap_out')]),
    workgroupStorageBytes: () => 0,
  },
  bfs_top_down: { ...common, template: 'bfs/top-down', bindings: stepBindings, workgroupStorageBytes: () => GATHER_BYTES },
  bfs_top_down_hub: { ...common, template: 'bfs/top-down-hub', bindings: stepBindings, workgroupStorageBytes: () => GATHER_BYTES },
  bfs_bottom_up: {
    ...common,
    template: 'bfs/bottom-up',
    bindings: stepBindings,
    // Whether the level is bottom-up; workgroup aggregation adds the group's count, its edge sum and its base in the queue.
    workgroupStorageBytes: (spec) => (spec.aggregation === 'subgroup' ? 4 : 16),
  },
  bfs_check: {
    ...common,
    template: 'bfs/check',
    // The adjacency without indptr (the check reads every list to its end), the search's result, one error word per rule.
    bindings: (spec) => numberBindings([PARAMS_BINDING, ...adjacency({ ...spec, countEdges: false }), read('parent'), read('depth'), atomic('errors')]),
    workgroupStorageBytes: () => 0,
  },
  bfs_multi: {
    ...common,
    template: 'bfs/multi',
    // seen / frontier: a bit per search for each vertex; parents: search i's parent (plus one) of v at i·n + v.
    bindings: (spec) =>
      numberBindings([PARAMS_BINDING, ...adjacency({ ...spec, countEdges: false }), write('seen'), read('frontier_in'), write('frontier_out'), write('parents'), atomic('counters')]),
    workgroupStorageBytes: () => 0,
  },
};
