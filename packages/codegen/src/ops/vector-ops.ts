import { numberBindings } from '../render/bindings.js';
import { ELEMENT_BYTES } from '../spec/element-type.js';
import type { VectorKernelSpec, VectorOp } from '../spec/vector-spec.js';
import { PARAMS_BINDING, type OpInfo } from './op-info.js';
import { MAX_GRID_X } from './spmv-ops.js';

const common = {
  view: (spec: VectorKernelSpec) => ({ workgroupSize: spec.workgroupSize }),
  workgroupSize: (spec: VectorKernelSpec): [number, number] => [spec.workgroupSize, 1],
};

/** At most workgroupSize workgroups (each writes one partial), so that one workgroup reduces their partials. */
const partialsGrid = (spec: VectorKernelSpec, n: number): [number, number, number] => [Math.min(spec.workgroupSize, Math.max(1, Math.ceil(n / spec.workgroupSize))), 1, 1];

/**
 * PageRank's update, plain or `folded` (it then adds each row's extra pieces of a fold product from `partial`,
 * their ranges in `rowExtra`). Its one tree sums |Δ| and the dangling mass together (a vec2 a slot).
 */
function pagerankUpdate(folded: boolean): OpInfo<VectorKernelSpec> {
  return {
    ...common,
    view: (spec) => ({ ...common.view(spec), folded }),
    template: 'vector/pagerank-update',
    bindings: () =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'teleport', kind: 'read-only-storage', element: 'f32' },
        { name: 'previous', kind: 'read-only-storage', element: 'f32' },
        { name: 'sums', kind: 'read-only-storage', element: 'f32' },
        { name: 'next', kind: 'storage', element: 'f32' },
        { name: 'deltaParts', kind: 'storage', element: 'f32' },
        { name: 'outDegree', kind: 'read-only-storage', element: 'u32' },
        { name: 'scaled', kind: 'storage', element: 'f32' },
        folded && { name: 'rowExtra', kind: 'read-only-storage', element: 'u32' },
        folded && { name: 'partial', kind: 'read-only-storage', element: 'f32' },
      ]),
    workgroupStorageBytes: (spec) => 2 * spec.workgroupSize * ELEMENT_BYTES,
    // vec_reduce's first-pass grid: at most workgroupSize workgroups, so deltaParts holds 2·workgroupSize partials.
    grid: partialsGrid,
  };
}

/** The dense-vector family: reductions over any semiring, PageRank's update, and a gather into another order. */
export const VECTOR_OPS: Record<VectorOp, OpInfo<VectorKernelSpec>> = {
  vec_reduce: {
    ...common,
    template: 'vector/reduce',
    bindings: (spec) =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'src', kind: 'read-only-storage', element: spec.type },
        { name: 'dst', kind: 'storage', element: spec.type },
      ]),
    workgroupStorageBytes: (spec) => spec.workgroupSize * ELEMENT_BYTES,
    grid: partialsGrid,
  },
  vec_pagerank_update: pagerankUpdate(false),
  vec_pagerank_update_folded: pagerankUpdate(true),
  vec_gather: {
    ...common,
    template: 'vector/gather',
    bindings: () =>
      numberBindings([
        PARAMS_BINDING,
        { name: 'index', kind: 'read-only-storage', element: 'u32' },
        { name: 'src', kind: 'read-only-storage', element: 'u32' },
        { name: 'dst', kind: 'storage', element: 'u32' },
      ]),
    workgroupStorageBytes: () => 0,
    grid: (spec, n) => [Math.min(MAX_GRID_X, Math.max(1, Math.ceil(n / spec.workgroupSize))), 1, 1],
  },
};
