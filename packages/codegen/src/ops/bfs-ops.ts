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

function stepBindings(spec: BfsKernelSpec): KernelBinding[] {
  const frontier = spec.op === 'bfs_top_down' ? read('queue_in') : read('bitmap_in');
  // Top-down claims a vertex with a compare-exchange; bottom-up gives each vertex one invocation, which writes its parent plainly.
  const parent = spec.op === 'bfs_top_down' ? atomic('parent') : write('parent');
  return numberBindings([PARAMS_BINDING, ...adjacency(spec), parent, write('depth'), frontier, write('queue_out'), atomic('bitmap_out'), atomic('counters')]);
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
    step: spec.op === 'bfs_top_down' || spec.op === 'bfs_bottom_up',
    lanes: spec.lanes,
    blockLength: spec.blockLength,
    ordered: spec.ordered,
    countEdges: spec.countEdges,
    subgroup: spec.aggregation === 'subgroup',
    chunkIndices: Array.from({ length: spec.chunks }, (_, c) => c),
    lastChunk: spec.chunks - 1,
  }),
  grid,
  workgroupSize: (spec: BfsKernelSpec): [number, number] => [spec.workgroupSize, 1],
};

/** The BFS family (paper 003): level-1 scatter, top-down and bottom-up steps over the blocked adjacency. */
export const BFS_OPS: Record<BfsOp, OpInfo<BfsKernelSpec>> = {
  bfs_seed: {
    ...common,
    template: 'bfs/seed',
    bindings: () => numberBindings([PARAMS_BINDING, read('seeds'), write('parent'), write('depth'), atomic('bitmap_out')]),
    workgroupStorageBytes: () => 0,
  },
  bfs_top_down: { ...common, template: 'bfs/top-down', bindings: stepBindings, workgroupStorageBytes: () => 0 },
  bfs_bottom_up: {
    ...common,
    template: 'bfs/bottom-up',
    bindings: stepBindings,
    // Workgroup aggregation: the group's count, its edge sum and its base in the queue.
    workgroupStorageBytes: (spec) => (spec.aggregation === 'subgroup' ? 0 : 12),
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
