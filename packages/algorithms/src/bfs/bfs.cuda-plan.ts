import { bfsBindingsBesideChunks, MAX_BFS_CHUNKS, type BfsKernelSpec } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { splitAdjacency } from './bfs.input.js';
import { bfsSpecs, type BfsKernelSpecs, type BfsOptions } from './bfs.plan.js';
import { prepareBfs, type BfsHostWork, type PreparedBfs } from './bfs.prepare.js';
import type { BfsRunnerPlan } from './bfs.runner.js';

/** Groups of levels in flight by default on CUDA: the next group queued while the host reads the state after the current one. */
export const CUDA_LEVELS_IN_FLIGHT = 2;
/** Levels of a search read one at a time: every level of a scale-free graph's search is read as soon as it ends. */
export const CUDA_SINGLE_LEVELS = 32;
/** Most levels one read of the state headers covers, past the first {@link CUDA_SINGLE_LEVELS}. */
export const CUDA_MAX_LEVEL_GROUP = 32;

/**
 * Levels in the group of a search's level loop that starts at level `first` (from 1), on CUDA: one at a time
 * for the first {@link CUDA_SINGLE_LEVELS} levels and whenever a single group is in flight (`inFlight` 1: each
 * level read before the next is launched), then the largest power of two within a sixteenth of the levels
 * before it (2 from level 33, 4 from 65, … at most {@link CUDA_MAX_LEVEL_GROUP} from 513): a long search (a road
 * network's thousands of levels) reads its state once a group, saving the read's driver calls on most levels,
 * while the levels launched past its end (at most two groups) stay within an eighth of its depth. Each group
 * starts at a multiple of its size, so that its headers never wrap the ring they are kept in.
 *
 * @example
 * cudaLevelGroup(65, 2); // 4: levels 65–68 are read together
 */
export function cudaLevelGroup(first: number, inFlight: number): number {
  const index = first - 1;
  if (inFlight === 1 || index < CUDA_SINGLE_LEVELS) return 1;
  let size = 1;
  while (2 * size <= index / 16 && 2 * size <= CUDA_MAX_LEVEL_GROUP) size *= 2;
  return size;
}

/** Levels whose state headers the device keeps for the host's reads: a power of two beyond every level in flight twice over. */
export function cudaHeaderRing(inFlight: number): number {
  let ring = 1024;
  while (ring < 2 * inFlight * CUDA_MAX_LEVEL_GROUP) ring *= 2;
  return ring;
}
/** Bytes of adjacency one kernel may address: its word offsets are u32. */
const MAX_ADJACENCY_BYTES = 4 * 0xffffffff;

/** A BFS planned for CUDA: the host's preparation, the plan, and the kernels' specs (`target: 'cuda'`). */
export interface CudaBfsPlan {
  readonly prepared: PreparedBfs;
  readonly plan: BfsRunnerPlan;
  readonly specs: BfsKernelSpecs;
}

/**
 * Plans a BFS for the CUDA backend, without a device: the same preparation, layout and kernel specs as
 * WebGPU's, for `target: 'cuda'`. CUDA has no indirect launches in our driver API, so the steps always run
 * on fixed grids (`dispatch: 'indirect'` is refused); bottom-up gathers with warp ballots unless told
 * otherwise; the adjacency is one allocation, split over several kernel parameters only when `chunkBytes`
 * asks for it (a single pointer reaches any u32 offset). `levelsPerSubmit` is the groups of levels in flight
 * (see {@link cudaLevelGroup}): launched before the host has read the state after the first of them (default
 * {@link CUDA_LEVELS_IN_FLIGHT}). `done`: as {@link prepareBfs}'s (the runner's {@link bfsHostWork}).
 *
 * @example
 * const { plan, specs } = planCudaBfs(csr, { mfApprox: true });
 * specs.bottomUp.aggregation; // 'subgroup'
 */
export function planCudaBfs(csr: Csr, options: BfsOptions = {}, done?: BfsHostWork): CudaBfsPlan {
  if (options.dispatch === 'indirect') {
    throw new Error("bfs: the CUDA backend launches every step on a fixed grid (no indirect launches); leave dispatch unset or pass dispatch: 'fixed'");
  }
  const started = performance.now();
  const prepared = prepareBfs(csr, options, done);
  const { inner, layout } = prepared;
  const countEdges = !prepared.plan.mfApprox;
  const otherBindings = bfsBindingsBesideChunks({ ordered: layout.ordered, countEdges });
  const split = splitAdjacency({ maxStorageBufferBindingSize: MAX_ADJACENCY_BYTES, maxStorageBuffersPerShaderStage: MAX_BFS_CHUNKS + otherBindings }, inner.n, layout.words.length, {
    chunkBytes: options.chunkBytes,
    slotMap: !layout.ordered,
    otherBindings,
  });
  const aggregationOption = options.aggregation ?? 'auto';
  const aggregation = aggregationOption === 'auto' ? 'subgroup' : aggregationOption;
  const { lanes, blockLength, workgroupSize } = prepared.plan;
  const wgsl = bfsSpecs({ workgroupSize, lanes, blockLength, ordered: layout.ordered, chunks: split.chunks, countEdges, aggregation });
  const cuda = (spec: BfsKernelSpec): BfsKernelSpec => ({ ...spec, target: 'cuda' });
  const specs: BfsKernelSpecs = {
    seed: cuda(wgsl.seed),
    control: cuda(wgsl.control),
    topDown: cuda(wgsl.topDown),
    hub: cuda(wgsl.hub),
    bottomUp: cuda(wgsl.bottomUp),
    check: cuda(wgsl.check),
    multi: cuda(wgsl.multi),
  };
  const plan: BfsRunnerPlan = {
    ...prepared.plan,
    levelsPerSubmit: options.levelsPerSubmit ?? CUDA_LEVELS_IN_FLIGHT,
    dispatch: 'fixed',
    aggregation,
    chunks: split.chunks,
    chunkWords: split.chunkWords,
    preprocessMs: performance.now() - started,
    phases: prepared.phases.record,
  };
  return { prepared, plan, specs };
}
