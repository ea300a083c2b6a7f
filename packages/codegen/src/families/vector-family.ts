import { VECTOR_OPS } from '../ops/vector-ops.js';
import { VECTOR_KERNEL_OPS, type VectorKernelSpec } from '../spec/vector-spec.js';
import { normalizeVectorSpec, validateVectorSpec } from '../spec/validate-vector-spec.js';
import type { KernelFamily } from './kernel-family.js';

const SHAPE_RE = /^w(\d+)$/;

/** Kernels over dense vectors: ⊕-reductions for any semiring, PageRank's update. */
export const VECTOR_FAMILY: KernelFamily<VectorKernelSpec> = {
  ops: VECTOR_KERNEL_OPS,
  opInfo: VECTOR_OPS,
  validate: validateVectorSpec,
  normalize: normalizeVectorSpec,
  // `dense`: every element of 0..n takes part (room for a masked or sparse mode beside it).
  nameParts: (spec) => ['dense', `w${spec.workgroupSize}`],
  parseNameParts(mode, shape) {
    const m = SHAPE_RE.exec(shape);
    return mode === 'dense' && m ? { workgroupSize: Number(m[1]) } : undefined;
  },
  describe: (spec) => `${spec.workgroupSize} invocations a workgroup`,
};
