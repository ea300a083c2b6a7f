import type { BfsAggregation, BfsKernelSpec } from '@semiforge/codegen';
import { checkDispatchOptions, defaultDispatch, type DispatchMode } from '../kernels/dispatch-mode.js';

/** Which way a BFS level searches. */
export type BfsDirection = 'top-down' | 'bottom-up';

/** How the BFS runs; every field has a default (see {@link BFS_DEFAULTS}). */
export interface BfsOptions {
  /** Relabel vertices by descending degree with sorted lists (paper 003's degree ordering); results stay in your ids. Default true. */
  readonly degreeOrder?: boolean;
  /** Estimate m_f as indptr[visited after] − indptr[visited before] (paper 003's m_f approximation; needs degreeOrder). Default false. */
  readonly mfApprox?: boolean;
  /** Switch top-down → bottom-up when α·m_f > m_u. Default 16. */
  readonly alpha?: number;
  /** Switch bottom-up → top-down when the frontier shrinks and β·m_f < m_u. Default 16. */
  readonly beta?: number;
  /** `hybrid` switches by α and β; the others force one direction (for tests and ablations). Default `hybrid`. */
  readonly direction?: 'hybrid' | BfsDirection;
  /** L: neighbours per adjacency block. Default 8. */
  readonly blockLength?: number;
  /** Top-down invocations per frontier vertex, or `auto` (1 when no vertex has more than 4 blocks, else 8). */
  readonly lanes?: number | 'auto';
  /** Invocations per workgroup. Default 256. */
  readonly workgroupSize?: number;
  /** How bottom-up gathers new vertices: `auto` takes subgroups when the device has them. */
  readonly aggregation?: BfsAggregation | 'auto';
  /** Largest adjacency binding in bytes (default: the device's limit); smaller values force the split over several bindings. */
  readonly chunkBytes?: number;
  /** Add the mirror of every arc of a directed graph instead of refusing it. Default false. */
  readonly symmetrize?: boolean;
  /** Levels each submit encodes; default: a search's first submit encodes what the runner's deepest search so far needed plus one (16 before any), doubling up to 512 (tests set it small to end submits mid-search). On CUDA: the groups of levels in flight, launched before the host reads the state after the first of them (default 2, see cudaLevelGroup). */
  readonly levelsPerSubmit?: number;
  /** One level per submit, timed with GPU timestamps: per-level GPU times, at a round trip per level. Default false. */
  readonly profileLevels?: boolean;
  /**
   * How a level's steps are launched (default: {@link defaultBfsDispatch}). `indirect`: `bfs_control` writes each step's workgroup
   * counts and the steps are dispatched indirectly, sized to the frontier (zero when idle). `fixed`: direct
   * dispatches of at most `fixedWorkgroups` workgroups each; the kernels stride over the work and return at
   * once on a level of the other direction or after the search, so no indirect counts (nor Dawn's validation
   * of them) are involved. Results are identical.
   */
  readonly dispatch?: BfsDispatch;
  /** Workgroups of each step under `dispatch: 'fixed'` (fewer where the graph needs fewer). Default 1024. */
  readonly fixedWorkgroups?: number;
  /**
   * Called as each preprocessing step ends, with its name (as in the runner's `plan.phases`; CoreBFS's own steps
   * and its runners' under `full.` and `core.`) and host time in ms: progress while a large graph is prepared.
   */
  readonly onPhase?: (step: string, ms: number) => void;
}

/** How a level's steps are launched: sized by the GPU (indirect dispatch) or a fixed grid. */
export type BfsDispatch = DispatchMode;

export const BFS_DEFAULTS = {
  degreeOrder: true,
  mfApprox: false,
  alpha: 16,
  beta: 16,
  direction: 'hybrid',
  blockLength: 8,
  workgroupSize: 256,
  fixedWorkgroups: 1024,
} as const;

/** BFS's dispatch default: the rule every GPU-sized loop shares ({@link defaultDispatch}). */
export const defaultBfsDispatch: (softwareAdapter: boolean) => BfsDispatch = defaultDispatch;

/** Top-down lanes per vertex when not given: 1 for graphs of short lists, 8 when some list spans more than 4 blocks. */
export function defaultBfsLanes(maxDegree: number, blockLength: number): number {
  return maxDegree <= 4 * blockLength ? 1 : 8;
}

/** The state a direction choice reads after a level: the new frontier's size and edges, and the edges of unvisited vertices. */
export interface FrontierCounts {
  /** n_f: vertices in the new frontier. */
  readonly vertices: number;
  /** n_f of the frontier before it. */
  readonly previousVertices: number;
  /** m_f: edges of the new frontier (exact or approximated). */
  readonly edges: number;
  /** m_u: edges of the vertices not yet visited. */
  readonly unvisitedEdges: number;
}

/**
 * The direction of the next level (Beamer's hybrid as paper 003 states it): top-down goes bottom-up once
 * α·m_f > m_u; bottom-up goes back once the frontier shrinks and β·m_f < m_u. (The paper writes the second
 * test as β·m_u > m_f, which holds from the first bottom-up level on and would switch straight back; the
 * edge test above is its reading that keeps bottom-up through the middle levels.)
 *
 * @example
 * nextDirection('top-down', { vertices: 900, previousVertices: 30, edges: 5e6, unvisitedEdges: 3e7 }, 16, 16); // 'bottom-up'
 */
export function nextDirection(current: BfsDirection, f: FrontierCounts, alpha: number, beta: number): BfsDirection {
  if (current === 'top-down') return alpha * f.edges > f.unvisitedEdges ? 'bottom-up' : 'top-down';
  return f.vertices < f.previousVertices && beta * f.edges < f.unvisitedEdges ? 'top-down' : 'bottom-up';
}

/** The kernels of one BFS configuration. */
export interface BfsKernelSpecs {
  readonly seed: BfsKernelSpec;
  readonly control: BfsKernelSpec;
  readonly topDown: BfsKernelSpec;
  readonly hub: BfsKernelSpec;
  readonly bottomUp: BfsKernelSpec;
  readonly check: BfsKernelSpec;
  readonly multi: BfsKernelSpec;
}

/** Kernel specs for a layout and the options, all WGSL. */
export function bfsSpecs(p: { workgroupSize: number; lanes: number; blockLength: number; ordered: boolean; chunks: number; countEdges: boolean; aggregation: BfsAggregation }): BfsKernelSpecs {
  const base = { semiring: 'or-and', type: 'u32', target: 'wgsl', workgroupSize: p.workgroupSize, blockLength: p.blockLength, ordered: p.ordered, chunks: p.chunks, countEdges: p.countEdges } as const;
  return {
    seed: { ...base, op: 'bfs_seed', lanes: 1 },
    control: { ...base, op: 'bfs_control', lanes: p.lanes },
    topDown: { ...base, op: 'bfs_top_down', lanes: p.lanes },
    hub: { ...base, op: 'bfs_top_down_hub', lanes: 1 },
    bottomUp: { ...base, op: 'bfs_bottom_up', lanes: 1, aggregation: p.aggregation },
    check: { ...base, op: 'bfs_check', lanes: 1 },
    multi: { ...base, op: 'bfs_multi', lanes: 1 },
  };
}

/** Checks the numeric options, naming the one that is wrong. */
export function checkBfsOptions(o: BfsOptions): void {
  for (const key of ['alpha', 'beta'] as const) {
    const v = o[key];
    if (v !== undefined && !(Number.isFinite(v) && v > 0)) throw new RangeError(`bfs: ${key} = ${v} (expected a positive number)`);
  }
  if (o.mfApprox && o.degreeOrder === false) {
    throw new Error('bfs: mfApprox assumes vertices are visited in degree order, so it needs degreeOrder: true');
  }
  if (o.levelsPerSubmit !== undefined && !(Number.isInteger(o.levelsPerSubmit) && o.levelsPerSubmit >= 1 && o.levelsPerSubmit <= 512)) {
    throw new RangeError(`bfs: levelsPerSubmit = ${o.levelsPerSubmit} (expected an integer from 1 to 512)`);
  }
  checkDispatchOptions('bfs', o.dispatch, o.fixedWorkgroups);
  if (o.direction !== undefined && !['hybrid', 'top-down', 'bottom-up'].includes(o.direction)) {
    throw new RangeError(`bfs: direction = ${String(o.direction)} (expected hybrid, top-down or bottom-up)`);
  }
}
