import type { VectorKernelSpec } from './vector-spec.js';
import { SpecError, shown } from './spec-error.js';
import { MAX_INVOCATIONS } from './spec-limits.js';

/** The vector family's rules; `validateSpec` has checked the fields every kernel has. */
export function validateVectorSpec(spec: VectorKernelSpec): void {
  const w = spec.workgroupSize;
  if (!Number.isInteger(w) || w < 1 || w > MAX_INVOCATIONS) throw new SpecError('workgroupSize', `must be an integer from 1 to ${MAX_INVOCATIONS}, got ${shown(w)}`);
  const update = spec.op === 'vec_pagerank_update' || spec.op === 'vec_pagerank_update_folded';
  if ((spec.op === 'vec_reduce' || update) && (w & (w - 1)) !== 0) {
    throw new SpecError('workgroupSize', `${spec.op} halves its workgroup in a tree, so it must be a power of two, got ${shown(w)}`);
  }
  if (update && (spec.semiring !== 'plus-times' || spec.type !== 'f32')) {
    throw new SpecError('semiring', `${spec.op} is PageRank's step over the reals: it needs plus-times f32, got ${shown(spec.semiring)} ${spec.type}`);
  }
  if (spec.op === 'vec_gather' && (spec.semiring !== 'or-and' || spec.type !== 'u32')) {
    throw new SpecError('semiring', `vec_gather moves 4-byte words of any element type: its spec is or-and u32, got ${shown(spec.semiring)} ${spec.type}`);
  }
}

/** The canonical vector spec: only the fields the text depends on. */
export function normalizeVectorSpec(spec: VectorKernelSpec): VectorKernelSpec {
  return { op: spec.op, semiring: spec.semiring, type: spec.type, target: spec.target, workgroupSize: spec.workgroupSize };
}
