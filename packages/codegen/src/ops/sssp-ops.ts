import { numberBindings } from '../render/bindings.js';
import type { SsspKernelSpec, SsspOp } from '../spec/sssp-spec.js';
import { DEFAULT_ARC_UNROLL, SSSP_PULL_CHUNK } from '../spec/validate-sssp-spec.js';
import { PARAMS_BINDING, type OpInfo } from './op-info.js';
import { MAX_GRID_X } from './spmv-ops.js';

const lanes = (spec: SsspKernelSpec) => spec.lanesPerVertex ?? 1;

/** Workgroups for `items` invocations, spilling into grid y past 65535 (the kernels number them x-fastest). */
function grid(spec: SsspKernelSpec, items: number): [number, number, number] {
  const groups = Math.max(1, Math.ceil((items * lanes(spec)) / spec.workgroupSize));
  return groups <= MAX_GRID_X ? [groups, 1, 1] : [MAX_GRID_X, Math.ceil(groups / MAX_GRID_X), 1];
}

/**
 * Queue entries a workgroup of `sssp_frontier` gathers in workgroup memory before one atomicAdd
 * reserves their place in the global queue (past this many, an invocation appends on its own).
 */
export const ssspAppendCapacity = (spec: SsspKernelSpec) => 2 * spec.workgroupSize;
/** Heavy arcs settled once per bucket: rows split into light and heavy arcs (see `SsspKernelSpec.heavyArcs`). */
const settles = (spec: SsspKernelSpec) => spec.heavyArcs === 'settle';
/** Hubs wait above the hub limit and are released from the hub list (see `SsspKernelSpec.deferHubs`). */
const defers = (spec: SsspKernelSpec) => spec.deferHubs === true;
/** Released hubs' arcs pulled (see `SsspKernelSpec.pullHubs`). */
const pulls = (spec: SsspKernelSpec) => spec.pullHubs === true;
/** Each arc one word, head and weight (see `SsspKernelSpec.arcWeightBits`). */
const packsArcs = (spec: SsspKernelSpec) => spec.arcWeightBits !== undefined;
/** Each queue one array of (vertex, chunk) pairs (see `SsspKernelSpec.packedQueue`). */
const packs = (spec: SsspKernelSpec) => spec.packedQueue === true;

/**
 * Workgroup memory of `sssp_frontier`: vertex and chunk offset per gathered entry, five counters, the pass's
 * size and kind, and the tail rule's three counts; settling heavy arcs, the flag of a visit that left some
 * waiting; deferring hubs, the smallest waiting hub key and the pass's hub limit and hub degree; pulling, the
 * released arcs, the hub count and each round's items' smallest sums and lanes.
 */
const frontierBytes = (spec: SsspKernelSpec) => (2 * ssspAppendCapacity(spec) + 10 + (settles(spec) ? 1 : 0) + (defers(spec) ? 3 : 0) + (pulls(spec) ? 2 + 2 * pullSlots(spec) : 0)) * 4;
/** Pull items a round (see `SsspKernelSpec.pullHubs`): a smallest sum and a lane each in workgroup memory. */
const pullSlots = (spec: SsspKernelSpec) => spec.workgroupSize / (spec.lanesPerVertex ?? 1);

const ro = (name: string, element: 'u32' | SsspKernelSpec['type']) => ({ name, kind: 'read-only-storage', element }) as const;
const atomic = (name: string) => ({ name, kind: 'storage', element: 'u32', atomic: true }) as const;
const rw = (name: string) => ({ name, kind: 'storage', element: 'u32' }) as const;

/** The arrays of a COO edge list: tails, heads and weights, one entry per stored pair. */
const coo = (spec: SsspKernelSpec) => [ro('src', 'u32'), ro('dst', 'u32'), ro('weight', spec.type)];

/** The CSR's arcs as a step reads them: packed, or the heads (when it reads them) and the weights apart. */
const csrArcs = (spec: SsspKernelSpec, heads: boolean) => (packsArcs(spec) ? [ro('arcs', 'u32')] : [heads && ro('indices', 'u32'), ro('weight', spec.type)]);

const BINDINGS: Record<SsspOp, (spec: SsspKernelSpec) => ReturnType<typeof numberBindings>> = {
  sssp_edges: (spec) =>
    numberBindings([PARAMS_BINDING, ...coo(spec), spec.reads === 'snapshot' && ro('dist_ro', 'u32'), atomic('dist'), rw('flag')]),
  sssp_frontier: (spec) =>
    numberBindings([
      // light_end: where each row's light arcs end and its heavy ones begin (rows split by weight); hubs: the
      // vertices of degree ≥ the hub degree, which a release pass looks at.
      PARAMS_BINDING, ro('indptr', 'u32'), settles(spec) && ro('light_end', 'u32'), ...csrArcs(spec, true), atomic('dist'),
      ...(packs(spec) ? [ro('items_in', 'u32'), rw('items_out')] : [ro('queue_in', 'u32'), ro('chunk_in', 'u32'), rw('queue_out'), rw('chunk_out')]),
      // hub_keys (pulling): the keys of the hubs the last release queued, the others UNREACHED, for the pull after it.
      atomic('mark'), rw('via'), atomic('state'), defers(spec) && ro('hubs', 'u32'), pulls(spec) && rw('hub_keys'),
    ]),
  sssp_advance: () => numberBindings([PARAMS_BINDING, ro('dist', 'u32'), rw('state'), rw('args')]),
  sssp_parents: (spec) => numberBindings([PARAMS_BINDING, ...coo(spec), ro('dist', 'u32'), atomic('parent'), rw('flag')]),
  // flag: the unfinished word, then (undirected) the length of the list `stale` of vertices left to sssp_tree_scan.
  sssp_tree: (spec) =>
    numberBindings([
      PARAMS_BINDING, ro('indptr', 'u32'), ...csrArcs(spec, spec.symmetric), ro('dist', 'u32'), ro('via', 'u32'), atomic('parent'), atomic('flag'),
      spec.symmetric && rw('stale'),
    ]),
  sssp_tree_scan: (spec) =>
    numberBindings([PARAMS_BINDING, ro('indptr', 'u32'), ...csrArcs(spec, true), ro('dist', 'u32'), ro('stale', 'u32'), atomic('parent'), atomic('flag')]),
};

function ssspOp(op: SsspOp, template: string): OpInfo<SsspKernelSpec> {
  return {
    template,
    bindings: BINDINGS[op],
    view: (spec) => ({
      threads: spec.workgroupSize,
      lanes: lanes(spec),
      chunk: spec.chunk ?? 1,
      arcUnroll: spec.arcUnroll ?? DEFAULT_ARC_UNROLL,
      heavy: settles(spec),
      hubs: defers(spec),
      packed: packs(spec),
      fused: spec.fusedAdvance === true,
      pull: pulls(spec),
      arcWeightBits: spec.arcWeightBits ?? 0,
      pullChunk: SSSP_PULL_CHUNK,
      capacity: ssspAppendCapacity(spec),
      symmetric: spec.symmetric,
      snapshot: spec.reads === 'snapshot',
      f32: spec.type === 'f32',
    }),
    // sssp_tree_scan: the workgroup's smallest tight arc and the list's length.
    workgroupStorageBytes: (spec) => (op === 'sssp_frontier' ? frontierBytes(spec) : op === 'sssp_tree_scan' ? 8 : 0),
    // sssp_frontier runs on the grid sssp_advance sizes, or on a fixed one it strides over; this grid covers n items (a scan).
    // sssp_tree_scan: workgroups that stride over a list of up to n vertices, a workgroup a vertex.
    grid: (spec, n) => (op === 'sssp_advance' ? [1, 1, 1] : op === 'sssp_tree_scan' ? [Math.max(1, Math.min(n, MAX_GRID_X)), 1, 1] : grid(spec, n)),
    workgroupSize: (spec) => (op === 'sssp_advance' ? [1, 1] : [spec.workgroupSize, 1]),
  };
}

/** The SSSP family: paper 001's Bellman-Ford pass, the near-far/frontier pass and its sizing step, parents. */
export const SSSP_OPS: Record<SsspOp, OpInfo<SsspKernelSpec>> = {
  sssp_edges: ssspOp('sssp_edges', 'sssp/edges'),
  sssp_frontier: ssspOp('sssp_frontier', 'sssp/frontier'),
  sssp_advance: ssspOp('sssp_advance', 'sssp/advance'),
  sssp_parents: ssspOp('sssp_parents', 'sssp/parents'),
  sssp_tree: ssspOp('sssp_tree', 'sssp/tree'),
  sssp_tree_scan: ssspOp('sssp_tree_scan', 'sssp/tree-scan'),
};
