import { SSSP_OPS } from '../ops/sssp-ops.js';
import { SSSP_KERNEL_OPS, type SsspKernelSpec } from '../spec/sssp-spec.js';
import { normalizeSsspSpec, validateSsspSpec } from '../spec/validate-sssp-spec.js';
import type { KernelFamily } from './kernel-family.js';

const MODE_RE = /^(sym|dir)(_atomic|_snapshot)?$/;
const SHAPE_RE = /^w(\d+)(?:l(\d+)c(\d+)(h)?(d)?(?:u(\d+))?(p)?(f)?(g)?)?(?:a(\d+))?$/;

/** Single-source shortest paths (paper 001's Bellman-Ford, frontier and near-far), distances as u32 keys. */
export const SSSP_FAMILY: KernelFamily<SsspKernelSpec> = {
  ops: SSSP_KERNEL_OPS,
  opInfo: SSSP_OPS,
  validate: validateSsspSpec,
  normalize: normalizeSsspSpec,
  nameParts(spec) {
    const lanes = spec.lanesPerVertex === undefined ? '' : `l${spec.lanesPerVertex}c${spec.chunk}${spec.heavyArcs === 'settle' ? 'h' : ''}${spec.deferHubs ? 'd' : ''}${spec.arcUnroll === undefined ? '' : `u${spec.arcUnroll}`}${spec.packedQueue ? 'p' : ''}${spec.fusedAdvance ? 'f' : ''}${spec.pullHubs ? 'g' : ''}`;
    // Packed arcs (the frontier pass and the tree steps) after the queue's shape.
    const arcs = spec.arcWeightBits === undefined ? '' : `a${spec.arcWeightBits}`;
    return [`${spec.symmetric ? 'sym' : 'dir'}${spec.reads ? `_${spec.reads}` : ''}`, `w${spec.workgroupSize}${lanes}${arcs}`];
  },
  parseNameParts(mode, shape) {
    const m = MODE_RE.exec(mode);
    const s = SHAPE_RE.exec(shape);
    if (!m || !s) return undefined;
    return {
      symmetric: m[1] === 'sym',
      ...(m[2] === undefined ? {} : { reads: m[2] === '_atomic' ? 'atomic' : 'snapshot' }),
      workgroupSize: Number(s[1]),
      ...(s[2] === undefined ? {} : { lanesPerVertex: Number(s[2]), chunk: Number(s[3]) }),
      ...(s[4] === undefined ? {} : { heavyArcs: 'settle' as const }),
      ...(s[5] === undefined ? {} : { deferHubs: true }),
      ...(s[6] === undefined ? {} : { arcUnroll: Number(s[6]) }),
      ...(s[7] === undefined ? {} : { packedQueue: true }),
      ...(s[8] === undefined ? {} : { fusedAdvance: true }),
      ...(s[9] === undefined ? {} : { pullHubs: true }),
      ...(s[10] === undefined ? {} : { arcWeightBits: Number(s[10]) }),
    };
  },
  describe(spec) {
    const parts = [spec.symmetric ? 'pairs relaxed both ways' : 'arcs relaxed one way', `${spec.workgroupSize} invocations a workgroup`];
    if (spec.reads) parts.push(`${spec.reads} distance reads`);
    if (spec.lanesPerVertex !== undefined) parts.push(`${spec.lanesPerVertex} lanes per queue item of ${spec.chunk} arcs`);
    if (spec.heavyArcs === 'settle') parts.push('heavy arcs relaxed once per bucket');
    if (spec.deferHubs) parts.push('hubs deferred');
    if (spec.arcUnroll !== undefined) parts.push(`${spec.arcUnroll} arcs a step`);
    if (spec.packedQueue) parts.push('queues packed as (vertex, chunk) pairs');
    if (spec.fusedAdvance) parts.push('the advance step decided in the pass');
    if (spec.pullHubs) parts.push("released hubs' arcs pulled");
    if (spec.arcWeightBits !== undefined) parts.push(`arcs packed as head and ${spec.arcWeightBits}-bit weight`);
    return parts.join(', ');
  },
};
