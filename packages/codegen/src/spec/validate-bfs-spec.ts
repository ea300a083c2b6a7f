import type { BfsKernelSpec } from './bfs-spec.js';
import { SpecError, shown } from './spec-error.js';
import { CUDA_WARP, isPowerOfTwo, MAX_INVOCATIONS } from './spec-limits.js';

const MIN_WORKGROUP = 32;
const MAX_BLOCK = 64;
/** Adjacency bindings a step may take (the device's storage buffers per stage, less a step's other bindings, bound it further). */
export const MAX_BFS_CHUNKS = 24;

/** The BFS family's rules; `validateSpec` has checked the fields every kernel has. */
export function validateBfsSpec(spec: BfsKernelSpec): void {
  if (spec.semiring !== 'or-and' || spec.type !== 'u32') {
    throw new SpecError('semiring', `BFS kernels are fixed to or-and u32 (visited flags and vertex ids), got ${shown(spec.semiring)} ${spec.type}`);
  }
  const w = spec.workgroupSize;
  if (!isPowerOfTwo(w) || w < MIN_WORKGROUP || w > MAX_INVOCATIONS) {
    throw new SpecError('workgroupSize', `must be a power of two from ${MIN_WORKGROUP} to ${MAX_INVOCATIONS}, got ${shown(w)}`);
  }
  if (!isPowerOfTwo(spec.lanes) || spec.lanes > w) throw new SpecError('lanes', `must be a power of two up to workgroupSize ${w}, got ${shown(spec.lanes)}`);
  if (spec.op !== 'bfs_top_down' && spec.op !== 'bfs_control' && spec.lanes !== 1) {
    throw new SpecError('lanes', `${spec.op} gives each vertex one invocation, so it must be 1, got ${shown(spec.lanes)}`);
  }
  if (!Number.isInteger(spec.blockLength) || spec.blockLength < 1 || spec.blockLength > MAX_BLOCK) {
    throw new SpecError('blockLength', `must be an integer from 1 to ${MAX_BLOCK}, got ${shown(spec.blockLength)}`);
  }
  if (!Number.isInteger(spec.chunks) || spec.chunks < 1 || spec.chunks > MAX_BFS_CHUNKS) {
    throw new SpecError('chunks', `must be an integer from 1 to ${MAX_BFS_CHUNKS}, got ${shown(spec.chunks)}`);
  }
  if (typeof spec.ordered !== 'boolean') throw new SpecError('ordered', `must be true or false, got ${shown(spec.ordered)}`);
  if (typeof spec.countEdges !== 'boolean') throw new SpecError('countEdges', `must be true or false, got ${shown(spec.countEdges)}`);
  if (spec.op !== 'bfs_bottom_up') return;
  const aggregation = spec.aggregation ?? 'workgroup';
  if (aggregation !== 'subgroup' && aggregation !== 'workgroup') {
    throw new SpecError('aggregation', `must be 'subgroup' or 'workgroup', got '${shown(aggregation)}'`);
  }
  if (spec.target === 'cuda' && w % CUDA_WARP !== 0) {
    throw new SpecError('workgroupSize', `${w} threads is not a whole number of ${CUDA_WARP}-thread warps`);
  }
}

/** The canonical BFS spec: fields an op does not read are fixed, so equal text gets one id. */
export function normalizeBfsSpec(spec: BfsKernelSpec): BfsKernelSpec {
  const base = { op: spec.op, semiring: spec.semiring, type: spec.type, target: spec.target, workgroupSize: spec.workgroupSize };
  if (spec.op === 'bfs_seed') return { ...base, lanes: 1, blockLength: 1, ordered: true, chunks: 1, countEdges: false };
  // The control reads the rounds table and indptr, never the adjacency: only the lanes (for the top-down grid) and m_f's source matter.
  if (spec.op === 'bfs_control') return { ...base, lanes: spec.lanes, blockLength: 1, ordered: true, chunks: 1, countEdges: spec.countEdges };
  if (spec.op === 'bfs_top_down_hub') return { ...base, lanes: 1, blockLength: spec.blockLength, ordered: spec.ordered, chunks: spec.chunks, countEdges: spec.countEdges };
  if (spec.op === 'bfs_check' || spec.op === 'bfs_multi') return { ...base, lanes: 1, blockLength: spec.blockLength, ordered: spec.ordered, chunks: spec.chunks, countEdges: false };
  const step = { ...base, lanes: spec.lanes, blockLength: spec.blockLength, ordered: spec.ordered, chunks: spec.chunks, countEdges: spec.countEdges };
  return spec.op === 'bfs_bottom_up' ? { ...step, aggregation: spec.aggregation ?? 'workgroup' } : step;
}
