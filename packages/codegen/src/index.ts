/**
 * @semiforge/codegen: KernelSpec → WGSL or CUDA source. Semirings are data; templates are precompiled.
 * The catalog emitters (ts-morph) live in `@semiforge/codegen/emit`, the nvcc check in `@semiforge/codegen/nvcc`,
 * so that this entry stays browser-safe.
 */
export { ELEMENT_TYPES, CUDA_TYPE, allocElements, type ElementType, type ElementArray } from './spec/element-type.js';
export {
  FW_KERNEL_OPS,
  SPMV_KERNEL_OPS,
  isSpmvSpec,
  type KernelOp,
  type FwOp,
  type SpmvOp,
  type KernelSpec,
  type FwKernelSpec,
  type SpmvKernelSpec,
  type SpmvReduction,
  type Layout,
  type Target,
} from './spec/kernel-spec.js';
export { SpecError } from './spec/spec-error.js';
export { VECTOR_KERNEL_OPS, type VectorOp, type VectorKernelSpec } from './spec/vector-spec.js';
export { BFS_KERNEL_OPS, type BfsOp, type BfsKernelSpec, type BfsAggregation } from './spec/bfs-spec.js';
export { MAX_BFS_CHUNKS } from './spec/validate-bfs-spec.js';
export { BFS_STATE_HEADER, BFS_STATS_RING, bfsBindingsBesideChunks } from './ops/bfs-ops.js';
export { SSSP_KERNEL_OPS, type SsspOp, type SsspKernelSpec, type SsspReads, type SsspHeavyArcs } from './spec/sssp-spec.js';
export { ssspAppendCapacity } from './ops/sssp-ops.js';
export { DEFAULT_ARC_UNROLL as SSSP_DEFAULT_ARC_UNROLL, DEFAULT_CHUNK as SSSP_DEFAULT_CHUNK, SSSP_MAX_ARC_WEIGHT_BITS, SSSP_PULL_CHUNK } from './spec/validate-sssp-spec.js';
export { KERNEL_OPS, familyOf, familyOfOp } from './families/index.js';
export type { KernelFamily } from './families/kernel-family.js';
export type { OpInfo } from './ops/op-info.js';
export { normalizeSpec, validateSpec, stagingDepth, DEFAULT_K_UNROLL, DEFAULT_STAGE } from './spec/validate-spec.js';
export { kernelIdentity, parseKernelName, type KernelIdentity, type ParsedKernelName } from './spec/kernel-id.js';
export { stableStringify, hash64 } from './spec/stable-hash.js';
export { CONSTANTS, type TypeConstants } from './semiring/constants.js';
export {
  defineSemiring,
  SemiringError,
  type Semiring,
  type SemiringDefinition,
  type SemiringConstant,
  type HostOp,
  type TargetExpr,
} from './semiring/semiring.js';
export { registerSemiring, getSemiring, listSemirings } from './semiring/registry.js';
export { BUILTIN_SEMIRINGS, minPlus, plusTimes, maxMin, orAnd } from './semirings/index.js';
export { generateKernel, dispatchGrid, type GeneratedKernel } from './generate.js';
export { MAX_GRID_X } from './ops/spmv-ops.js';
export { DEFAULT_MERGE_ITEMS, mergeTile } from './spec/validate-spmv-merge.js';
export { DEFAULT_STREAM_ITEMS, streamBudget } from './spec/validate-spmv-stream.js';
export type { KernelBinding } from './render/bindings.js';
