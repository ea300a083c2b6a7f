import { relabelByDegree, relabelByDegreeParallel, type Csr } from '@semiforge/graph-io';
import { BfsIds } from './bfs.ids.js';
import { bfsGraph, checkBfsGraph } from './bfs.input.js';
import { blockedAdjacency, type BlockedAdjacency } from './bfs.layout.js';
import { blockedAdjacencyParallel } from './bfs.layout-parallel.js';
import { PreparePhases } from '../kernels/prepare-phases.js';
import { BFS_DEFAULTS, checkBfsOptions, defaultBfsLanes, type BfsDirection, type BfsOptions } from './bfs.plan.js';

/** A graph made ready for the BFS kernels on the host, whatever the backend: checked, relabelled, laid out in blocks. */
export interface PreparedBfs {
  /** The graph searched, in the caller's ids (symmetrised if asked). */
  readonly graph: Csr;
  /** The graph in the kernels' ids. */
  readonly inner: Csr;
  readonly ids: BfsIds;
  readonly layout: BlockedAdjacency;
  readonly plan: BfsHostPlan;
  /** Host time of each step so far (the runner adds its uploads). */
  readonly phases: PreparePhases;
}

/** The plan's fields that do not depend on the device (a runner's plan adds the device's). */
export interface BfsHostPlan {
  readonly degreeOrder: boolean;
  readonly mfApprox: boolean;
  readonly alpha: number;
  readonly beta: number;
  readonly direction: 'hybrid' | BfsDirection;
  /** Levels a submit encodes (fixed), or undefined: the deepest search's levels plus one (16 before any), doubling per submit up to 512. */
  readonly levelsPerSubmit?: number;
  /** One level a submit, timed on the GPU (per-level times at the cost of a round trip per level). */
  readonly profileLevels: boolean;
  readonly fixedWorkgroups: number;
  readonly blockLength: number;
  readonly lanes: number;
  readonly workgroupSize: number;
  /** Words of the blocked adjacency (arcs plus padding) and its rounds. */
  readonly words: number;
  readonly rounds: number;
}

/** What {@link prepareBfs} is spared when its caller did it first, in worker threads ({@link bfsHostWork}). */
export interface BfsHostWork {
  /** `checkBfsGraph` ran on the caller's graph (and a directed one was symmetrised), taking this long. */
  readonly checkedMs: number;
  /** A directed graph given with `symmetrize: true`, with every arc's mirror added: the graph searched. */
  readonly symmetrized?: Csr;
  /** The graph searched renumbered by degree (`relabelByDegreeParallel`) and how long that took, when it needed it. */
  readonly relabelled?: { readonly graph: Csr; readonly ms: number };
  /** The blocked adjacency of the graph in the kernels' ids (`blockedAdjacencyParallel`), and how long it took. */
  readonly layout?: { readonly layout: BlockedAdjacency; readonly ms: number };
}

/**
 * The host work of {@link prepareBfs} that worker threads can take, done first by the runners: the checks of the
 * caller's graph (`checkBfsGraph`: structure, and mirrors split over workers), a directed graph's symmetrisation
 * when `symmetrize` asks for it (on this thread), the renumbering of the graph searched when it is not in degree
 * order (`relabelByDegreeParallel`, where `relabelByDegree` sorts on one thread), and its blocked adjacency
 * (`blockedAdjacencyParallel`). A directed graph without `symmetrize` is left to {@link prepareBfs}, which refuses it.
 *
 * @example
 * const prepared = prepareBfs(csr, options, await bfsHostWork(csr, options));
 */
export async function bfsHostWork(csr: Csr, options: BfsOptions = {}): Promise<BfsHostWork> {
  checkBfsOptions(options);
  const started = performance.now();
  await checkBfsGraph(csr);
  if (csr.directed && !options.symmetrize) return { checkedMs: performance.now() - started };
  const graph = bfsGraph(csr, options, true);
  const checked = { checkedMs: performance.now() - started, ...(graph === csr ? {} : { symmetrized: graph }) };
  const relabel = (options.degreeOrder ?? BFS_DEFAULTS.degreeOrder) && !inDegreeOrder(graph);
  const relabelStarted = performance.now();
  const relabelled = relabel ? { graph: await relabelByDegreeParallel({ ...graph, ids: undefined }), ms: performance.now() - relabelStarted } : undefined;
  const layoutStarted = performance.now();
  const layout = await blockedAdjacencyParallel(relabelled?.graph ?? graph, options.blockLength ?? BFS_DEFAULTS.blockLength);
  return { ...checked, ...(relabelled ? { relabelled } : {}), layout: { layout, ms: performance.now() - layoutStarted } };
}

/**
 * Checks the graph and options, relabels by degree (unless told not to, or the graph is in degree order
 * already) and builds the blocked adjacency: the host's part of every BFS runner. O(m log d). `done`: what
 * the caller did already, in worker threads ({@link bfsHostWork}: the checks, the renumbering, the layout), timed
 * in the phases `check`, `relabel` and `layout` as if done here.
 *
 * @example
 * const { inner, layout, plan } = prepareBfs(csr, { mfApprox: true });
 */
export function prepareBfs(csr: Csr, options: BfsOptions = {}, done?: BfsHostWork): PreparedBfs {
  checkBfsOptions(options);
  const phases = new PreparePhases(options.onPhase);
  const started = performance.now();
  const graph = done?.symmetrized ?? bfsGraph(csr, options, done !== undefined);
  phases.ended('check', (done?.checkedMs ?? 0) + performance.now() - started);
  const degreeOrder = options.degreeOrder ?? BFS_DEFAULTS.degreeOrder;
  // A graph already in degree order with sorted lists is its own relabelling: skip the O(m log d) pass.
  const relabel = degreeOrder && !phases.time('order_check', () => inDegreeOrder(graph));
  const relabelled = relabel ? done?.relabelled : undefined;
  if (relabelled) phases.ended('relabel', relabelled.ms);
  const inner = !relabel ? graph : (relabelled?.graph ?? phases.time('relabel', () => relabelByDegree({ ...graph, ids: undefined })));
  const blockLength = options.blockLength ?? BFS_DEFAULTS.blockLength;
  if (done?.layout) phases.ended('layout', done.layout.ms);
  const layout = done?.layout?.layout ?? phases.time('layout', () => blockedAdjacency(inner, blockLength));
  // The largest degree from the offsets alone (O(n)): degreeStats would also scan every arc for self-loops.
  const lanes = options.lanes === undefined || options.lanes === 'auto' ? defaultBfsLanes(maxDegree(inner), blockLength) : options.lanes;
  const ids = phases.time('ids', () => new BfsIds(relabel ? inner.ids : undefined));
  return {
    graph,
    inner,
    ids,
    layout,
    phases,
    plan: {
      degreeOrder,
      mfApprox: options.mfApprox ?? BFS_DEFAULTS.mfApprox,
      alpha: options.alpha ?? BFS_DEFAULTS.alpha,
      beta: options.beta ?? BFS_DEFAULTS.beta,
      direction: options.direction ?? BFS_DEFAULTS.direction,
      ...(options.levelsPerSubmit === undefined ? {} : { levelsPerSubmit: options.levelsPerSubmit }),
      profileLevels: options.profileLevels ?? false,
      fixedWorkgroups: options.fixedWorkgroups ?? BFS_DEFAULTS.fixedWorkgroups,
      blockLength,
      lanes,
      workgroupSize: options.workgroupSize ?? BFS_DEFAULTS.workgroupSize,
      words: layout.words.length,
      rounds: layout.rounds.length / 2,
    },
  };
}

function maxDegree(csr: Csr): number {
  let max = 0;
  for (let v = 0; v < csr.n; v++) max = Math.max(max, csr.indptr[v + 1] - csr.indptr[v]);
  return max;
}

/** Whether relabelling by degree would change nothing: sorted lists, degrees non-increasing with the id. */
function inDegreeOrder(csr: Csr): boolean {
  if (!csr.sorted) return false;
  for (let v = 1; v < csr.n; v++) if (csr.indptr[v + 1] - csr.indptr[v] > csr.indptr[v] - csr.indptr[v - 1]) return false;
  return true;
}
