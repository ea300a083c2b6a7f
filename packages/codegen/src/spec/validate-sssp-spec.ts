import type { SsspKernelSpec, SsspOp } from './sssp-spec.js';
import { SpecError, shown } from './spec-error.js';
import { isPowerOfTwo, MAX_INVOCATIONS } from './spec-limits.js';

/** Arcs per queue item of `sssp_frontier` unless the spec says. */
export const DEFAULT_CHUNK = 256;
/** Arcs of a vertex's row a pull item of `sssp_frontier` reads at most (see `SsspKernelSpec.pullHubs`). */
export const SSSP_PULL_CHUNK = 32;
/** Arcs an invocation of `sssp_frontier` relaxes a step unless the spec says. */
export const DEFAULT_ARC_UNROLL = 4;
/** The most arcs a step: their heads, keys and loaded keys sit in registers. */
const MAX_ARC_UNROLL = 16;

/**
 * The SSSP family's rules; `validateSpec` has checked the fields every kernel has. Relaxation is atomicMin
 * on u32 keys, which is min-plus's ⊕, so the semiring is fixed; the weights are u32 or f32.
 */
export function validateSsspSpec(spec: SsspKernelSpec): void {
  if (spec.semiring !== 'min-plus') {
    throw new SpecError('semiring', `SSSP relaxes with atomicMin over min-plus, got '${shown(spec.semiring)}'`);
  }
  if (spec.type !== 'f32' && spec.type !== 'u32') {
    throw new SpecError('type', `SSSP weights are f32 or u32 (distances become u32 keys for atomicMin), got ${shown(spec.type)}`);
  }
  if (!isPowerOfTwo(spec.workgroupSize) || spec.workgroupSize > MAX_INVOCATIONS) {
    throw new SpecError('workgroupSize', `must be a power of two up to ${MAX_INVOCATIONS}, got ${shown(spec.workgroupSize)}`);
  }
  if (typeof spec.symmetric !== 'boolean') throw new SpecError('symmetric', `must be true or false, got ${shown(spec.symmetric)}`);
  if (spec.symmetric && spec.op !== 'sssp_edges' && spec.op !== 'sssp_parents' && spec.op !== 'sssp_tree' && spec.op !== 'sssp_tree_scan') {
    throw new SpecError('symmetric', `${spec.op} reads CSR arcs, each relaxed one way, so it must be false`);
  }
  if (!spec.symmetric && spec.op === 'sssp_tree_scan') {
    throw new SpecError('symmetric', "sssp_tree_scan looks for parents among a vertex's own arcs, which needs an undirected CSR: it must be true");
  }
  validateHeavyArcs(spec);
  validateDeferHubs(spec);
  validatePackedQueue(spec);
  validateFusedAdvance(spec);
  validatePullHubs(spec);
  validateArcWeightBits(spec);
  const reads = spec.reads ?? 'atomic';
  if (reads !== 'atomic' && reads !== 'snapshot') throw new SpecError('reads', `must be 'atomic' or 'snapshot', got '${shown(reads)}'`);
  const lanes = spec.lanesPerVertex ?? 1;
  if (!isPowerOfTwo(lanes) || lanes > spec.workgroupSize) {
    throw new SpecError('lanesPerVertex', `must be a power of two no larger than workgroupSize ${spec.workgroupSize}, got ${shown(lanes)}`);
  }
  const queued = spec.op === 'sssp_frontier' || spec.op === 'sssp_advance';
  if (lanes !== 1 && !queued) {
    throw new SpecError('lanesPerVertex', `only the queue kernels (sssp_frontier and the advance step that sizes it) take lanes, so ${spec.op} needs 1, got ${shown(lanes)}`);
  }
  if (!queued) return;
  const chunk = spec.chunk ?? DEFAULT_CHUNK;
  if (!isPowerOfTwo(chunk) || chunk < lanes) {
    throw new SpecError('chunk', `must be a power of two no smaller than lanesPerVertex ${lanes} (arcs per queue item), got ${shown(chunk)}`);
  }
  const unroll = spec.arcUnroll ?? DEFAULT_ARC_UNROLL;
  if (!isPowerOfTwo(unroll) || unroll > MAX_ARC_UNROLL) {
    throw new SpecError('arcUnroll', `must be a power of two from 1 to ${MAX_ARC_UNROLL} (arcs an invocation relaxes a step), got ${shown(unroll)}`);
  }
}

function validateHeavyArcs(spec: SsspKernelSpec): void {
  if (spec.heavyArcs === undefined || spec.heavyArcs === 'inline') return;
  if (spec.heavyArcs !== 'settle') throw new SpecError('heavyArcs', `must be 'inline', 'settle' or absent, got '${shown(spec.heavyArcs)}'`);
  if (spec.op !== 'sssp_frontier') throw new SpecError('heavyArcs', `only sssp_frontier reads rows split into light and heavy arcs, so ${spec.op} takes 'inline'`);
}

function validateDeferHubs(spec: SsspKernelSpec): void {
  if (spec.deferHubs === undefined || spec.deferHubs === false) return;
  if (spec.deferHubs !== true) throw new SpecError('deferHubs', `must be true, false or absent, got ${shown(spec.deferHubs)}`);
  if (spec.op !== 'sssp_frontier' && spec.op !== 'sssp_advance') throw new SpecError('deferHubs', `only near-far's queue kernels (sssp_frontier, sssp_advance) defer hubs, so ${spec.op} takes false`);
  if (spec.heavyArcs === 'settle') throw new SpecError('deferHubs', "a hub's wait and heavy arcs settled use the same mark bit: take one of deferHubs and heavyArcs 'settle'");
}

function validatePackedQueue(spec: SsspKernelSpec): void {
  if (spec.packedQueue === undefined || spec.packedQueue === false) return;
  if (spec.packedQueue !== true) throw new SpecError('packedQueue', `must be true, false or absent, got ${shown(spec.packedQueue)}`);
  if (spec.op !== 'sssp_frontier') throw new SpecError('packedQueue', `only sssp_frontier reads and writes the queues, so ${spec.op} takes false`);
  if (spec.target !== 'wgsl') throw new SpecError('packedQueue', `packs the queues to save WebGPU storage bindings; the ${spec.target} target has no such limit, so it takes false`);
}

function validateFusedAdvance(spec: SsspKernelSpec): void {
  if (spec.fusedAdvance === undefined || spec.fusedAdvance === false) return;
  if (spec.fusedAdvance !== true) throw new SpecError('fusedAdvance', `must be true, false or absent, got ${shown(spec.fusedAdvance)}`);
  if (spec.op !== 'sssp_frontier') throw new SpecError('fusedAdvance', `only sssp_frontier takes the advance step in, so ${spec.op} takes false`);
  if (spec.target !== 'wgsl') throw new SpecError('fusedAdvance', `is written for WGSL so far; the ${spec.target} target runs sssp_advance before each pass, so it takes false`);
}

function validatePullHubs(spec: SsspKernelSpec): void {
  if (spec.pullHubs === undefined || spec.pullHubs === false) return;
  if (spec.pullHubs !== true) throw new SpecError('pullHubs', `must be true, false or absent, got ${shown(spec.pullHubs)}`);
  if (spec.op !== 'sssp_frontier' && spec.op !== 'sssp_advance') throw new SpecError('pullHubs', `only near-far's queue kernels (sssp_frontier, sssp_advance) pull, so ${spec.op} takes false`);
  if (spec.deferHubs !== true) throw new SpecError('pullHubs', 'pulls the arcs of released hubs, so it needs deferHubs');
  if (spec.target !== 'wgsl') throw new SpecError('pullHubs', `is written for WGSL so far; the ${spec.target} target takes false`);
}

/** The widest weight field of a packed arc (`SsspKernelSpec.arcWeightBits`): heads keep at least 8 bits. */
export const SSSP_MAX_ARC_WEIGHT_BITS = 24;

/** The ops that read the CSR's arcs, so that they may read them packed (the pair passes read the edge list). */
const PACKED_ARC_OPS: readonly SsspOp[] = ['sssp_frontier', 'sssp_tree', 'sssp_tree_scan'];

function validateArcWeightBits(spec: SsspKernelSpec): void {
  if (spec.arcWeightBits === undefined) return;
  const bits = spec.arcWeightBits;
  if (!Number.isInteger(bits) || bits < 1 || bits > SSSP_MAX_ARC_WEIGHT_BITS) {
    throw new SpecError('arcWeightBits', `must be an integer from 1 to ${SSSP_MAX_ARC_WEIGHT_BITS} (the weight's bits in a packed arc), got ${shown(bits)}`);
  }
  if (!PACKED_ARC_OPS.includes(spec.op)) throw new SpecError('arcWeightBits', `only ${PACKED_ARC_OPS.join(', ')} read packed arcs, so ${spec.op} leaves it out`);
  if (spec.type !== 'u32') throw new SpecError('arcWeightBits', `packs integer weights beside the head; ${spec.type} weights keep their own array, so leave it out`);
}

/** The canonical SSSP spec: fields an op does not read are fixed, so equal text gets one id. */
export function normalizeSsspSpec(spec: SsspKernelSpec): SsspKernelSpec {
  const base: SsspKernelSpec = {
    op: spec.op,
    semiring: spec.semiring,
    type: spec.type,
    target: spec.target,
    workgroupSize: spec.workgroupSize,
    symmetric: spec.symmetric,
  };
  if (spec.op === 'sssp_edges') return { ...base, reads: spec.reads ?? 'atomic' };
  if (spec.op === 'sssp_frontier' || spec.op === 'sssp_advance') {
    // The default unroll stays out of the spec, so that kernel ids name it only when it is not the default.
    const unroll = spec.op === 'sssp_frontier' && (spec.arcUnroll ?? DEFAULT_ARC_UNROLL) !== DEFAULT_ARC_UNROLL ? { arcUnroll: spec.arcUnroll } : {};
    const packed = spec.op === 'sssp_frontier' && spec.packedQueue === true ? { packedQueue: true } : {};
    const fused = spec.op === 'sssp_frontier' && spec.fusedAdvance === true ? { fusedAdvance: true } : {};
    const arcs = spec.op === 'sssp_frontier' && spec.arcWeightBits !== undefined ? { arcWeightBits: spec.arcWeightBits } : {};
    const queue = { ...base, lanesPerVertex: spec.lanesPerVertex ?? 1, chunk: spec.chunk ?? DEFAULT_CHUNK, ...unroll, ...packed, ...fused, ...arcs };
    if (spec.deferHubs === true) return { ...queue, deferHubs: true, ...(spec.pullHubs === true ? { pullHubs: true } : {}) };
    return spec.op === 'sssp_frontier' && spec.heavyArcs === 'settle' ? { ...queue, heavyArcs: 'settle' } : queue;
  }
  if ((spec.op === 'sssp_tree' || spec.op === 'sssp_tree_scan') && spec.arcWeightBits !== undefined) return { ...base, arcWeightBits: spec.arcWeightBits };
  return base;
}
