import { BFS_OPS } from '../ops/bfs-ops.js';
import { BFS_KERNEL_OPS, type BfsKernelSpec } from '../spec/bfs-spec.js';
import { normalizeBfsSpec, validateBfsSpec } from '../spec/validate-bfs-spec.js';
import type { KernelFamily } from './kernel-family.js';

const MODE_RE = /^(ord|perm)(_mf)?$/;
const SHAPE_RE = /^w(\d+)t(\d+)b(\d+)c(\d+)(sg|wg)?$/;

/** Breadth-first search steps (paper 003): direction-optimising, over a blocked adjacency. */
export const BFS_FAMILY: KernelFamily<BfsKernelSpec> = {
  ops: BFS_KERNEL_OPS,
  opInfo: BFS_OPS,
  validate: validateBfsSpec,
  normalize: normalizeBfsSpec,
  nameParts(spec) {
    const aggregation = spec.aggregation === undefined ? '' : spec.aggregation === 'subgroup' ? 'sg' : 'wg';
    return [`${spec.ordered ? 'ord' : 'perm'}${spec.countEdges ? '_mf' : ''}`, `w${spec.workgroupSize}t${spec.lanes}b${spec.blockLength}c${spec.chunks}${aggregation}`];
  },
  parseNameParts(mode, shape) {
    const m = MODE_RE.exec(mode);
    const s = SHAPE_RE.exec(shape);
    if (!m || !s) return undefined;
    return {
      ordered: m[1] === 'ord',
      countEdges: m[2] !== undefined,
      workgroupSize: Number(s[1]),
      lanes: Number(s[2]),
      blockLength: Number(s[3]),
      chunks: Number(s[4]),
      ...(s[5] === undefined ? {} : { aggregation: s[5] === 'sg' ? 'subgroup' : 'workgroup' }),
    };
  },
  describe(spec) {
    const order = spec.ordered ? 'degree-ordered vertices' : 'vertices through a slot map';
    const gather = spec.aggregation ? `, ${spec.aggregation} aggregation` : '';
    return `${spec.workgroupSize} invocations, ${spec.lanes} per vertex, blocks of ${spec.blockLength}, ${spec.chunks} adjacency binding(s), ${order}${spec.countEdges ? ', exact m_f' : ''}${gather}`;
  },
};
