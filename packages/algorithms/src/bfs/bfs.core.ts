import { connectedComponents, coreNumbers, inducedSubgraph, NO_VERTEX, relabelByDegreeParallel, type Csr } from '@semiforge/graph-io';
import { checkSource } from './bfs.input.js';
import { treeDepths } from './bfs.output.js';
import { PreparePhases } from '../kernels/prepare-phases.js';
import { BFS_DEFAULTS, type BfsOptions } from './bfs.plan.js';
import { createBfsEngine, type BfsDevice, type BfsEngine } from './bfs.engine.js';
import { BfsRunner, type BfsEachUse, type BfsGpuCheck, type BfsLevel, type BfsManyOptions, type BfsResult } from './bfs.runner.js';

/** How a CoreBFS query was answered. */
export type CoreBfsMode =
  /** The source is in the 2-core: a search of the core. */
  | 'core'
  /** The source hangs off the core in a tree: its path into the core is reversed, then the core is searched. */
  | 'tree'
  /** The source is outside the giant component: a plain search of the whole graph. */
  | 'fallback';

/** One CoreBFS answer, in the caller's vertex ids. */
export interface CoreBfsResult {
  readonly source: number;
  readonly mode: CoreBfsMode;
  /** parent[v]: −1 when unreachable; the source is its own parent. */
  readonly parent: Int32Array;
  readonly depth?: Int32Array;
  /** The levels of the core search (of the whole graph for `fallback`). */
  readonly levels: readonly BfsLevel[];
  /** Host wall time of the search on the GPU, its parents left there (without a core: of the host's walk). */
  readonly searchMs: number;
  /** Host wall time of reading the parents back and combining the core's with the precomputed tree. */
  readonly assembleMs: number;
}

/** What {@link CoreBfs.runEach} returns once every answer has been handed over. */
export interface CoreBfsEachResult {
  /** Host wall time of all the searches: the core's, the fallback searches and the walks of sources without a core. */
  readonly searchMs: number;
  /** Core searches that needed more levels than encoded and ran again alone (see {@link BfsRunner.runMany}). */
  readonly rerun: number;
}

/** What {@link CoreBfs.runMany} returns: one answer per source, in the order given. */
export interface CoreBfsManyResult extends CoreBfsEachResult {
  /** Each answer as `run` gives it; a batched core search's `searchMs` is its share of its group's wall time. */
  readonly results: readonly CoreBfsResult[];
}

/** What the precomputation found and how long it took. */
export interface CoreBfsStats {
  readonly giantVertices: number;
  readonly coreVertices: number;
  readonly coreArcs: number;
  /** The root of the precomputed tree (a core vertex, in the caller's ids). */
  readonly root: number;
  /** Host wall time of the whole precomputation: components, 2-core, both uploads, the root's search. */
  readonly preprocessMs: number;
  /**
   * `preprocessMs` by step, in ms: `full_engine` and `core_engine` (each runner's creation, its own steps
   * under `full.` and `core.`), `giant`, `two_core`, `core_list`, `root_search`, `core_graph` (cut out and in degree order), `core_ids`.
   */
  readonly phases: Readonly<Record<string, number>>;
}

/**
 * CoreBFS (paper 003): many BFS queries on one graph, each searching only the 2-core of the giant component.
 * The precomputation finds the giant component, its 2-core and a BFS tree from a root in the core; vertices
 * outside the core hang off it in trees whose parents do not depend on the source, so a query copies the
 * precomputed parents, reverses the path from the source into the core (when the source is in a tree),
 * searches the core from where that path enters it, and writes the core's parents over the copy. Sources
 * outside the giant component get a plain search of the whole graph, whose runner (it also computes the
 * precomputed tree and checks answers on the GPU) stays on the device beside the core's. The device may be
 * a WebGPU or a CUDA device: the precomputation is the host's, the searches run on the device's backend.
 *
 * @example
 * const core = await CoreBfs.create(device, csr, { mfApprox: true });
 * const { parent, mode } = await core.run(17);
 * core.destroy();
 */
export class CoreBfs {
  readonly stats: CoreBfsStats;
  /** The graph searched, in the caller's ids (symmetrised if asked). */
  readonly graph: Csr;
  readonly #core: BfsEngine | undefined;
  readonly #full: BfsEngine;
  /** Core-local id → the caller's id. */
  readonly #coreIds: Uint32Array;
  /** The caller's id → core-local id, or −1 outside the core. */
  readonly #coreOf: Int32Array;
  readonly #inGiant: Uint8Array;
  /** Parents of the precomputed tree from the root (−1 outside the giant component). */
  readonly #rootParent: Int32Array;

  private constructor(graph: Csr, full: BfsEngine, core: BfsEngine | undefined, coreIds: Uint32Array, coreOf: Int32Array, inGiant: Uint8Array, rootParent: Int32Array, stats: CoreBfsStats) {
    this.graph = graph;
    this.#full = full;
    this.#core = core;
    this.#coreIds = coreIds;
    this.#coreOf = coreOf;
    this.#inGiant = inGiant;
    this.#rootParent = rootParent;
    this.stats = stats;
  }

  /** The precomputation (paper 003's algorithm 2), then the core's upload. */
  static async create(device: BfsDevice, csr: Csr, options: BfsOptions = {}): Promise<CoreBfs> {
    const started = performance.now();
    const phases = new PreparePhases(options.onPhase);
    const engineOptions = (prefix: string, symmetrize = false): BfsOptions => ({ ...options, symmetrize, onPhase: options.onPhase && ((step, ms) => options.onPhase!(`${prefix}.${step}`, ms)) });
    // The whole graph's runner checks the caller's graph (in worker threads) and symmetrises a directed one when
    // asked: its graph is the one searched here, so nothing is checked or symmetrised twice.
    const full = await phases.timeAsync('full_engine', () => createBfsEngine(device, csr, engineOptions('full', options.symmetrize)));
    addPhases(phases, 'full', full.plan.phases);
    const graph = full.graph;
    const plain = { ...graph, ids: undefined };
    let core: BfsEngine | undefined;
    try {
      const { inGiant, giantVertices } = await phases.timeAsync('giant', () => giantComponent(full, plain));
      const inCore = phases.time('two_core', () => twoCore(plain));
      const coreVertices = phases.time('core_list', () => coreList(inGiant, inCore));
      const coreCount = coreVertices.length;
      // Without a core (the giant component is a tree) every query is a tree walk from any root; root 0 of the giant component serves.
      let rootVertex = coreCount > 0 ? coreVertices[0] : 0;
      if (coreCount === 0) while (rootVertex < graph.n && !inGiant[rootVertex]) rootVertex++;
      const rootParent = graph.n === 0 ? new Int32Array(0) : (await phases.timeAsync('root_search', () => full.run(rootVertex))).parent;
      // The core cut out and put in degree order at once, in worker threads (the engine then finds it ordered
      // and skips its own single-threaded pass): the induced subgraph's own pass over every arc, a cache miss
      // each at scale 26, is left out. Its vertex i is the caller's coreIds[i].
      const degreeOrder = options.degreeOrder ?? BFS_DEFAULTS.degreeOrder;
      const coreGraph = degreeOrder
        ? await phases.timeAsync('core_graph', () => relabelByDegreeParallel(plain, { keep: coreVertices }))
        : phases.time('core_graph', () => inducedSubgraph(plain, coreVertices));
      const coreIds = coreGraph.ids!;
      const coreOf = phases.time('core_ids', () => {
        const of = new Int32Array(graph.n).fill(-1);
        for (let i = 0; i < coreIds.length; i++) of[coreIds[i]] = i;
        return of;
      });
      core = coreCount > 0 ? await phases.timeAsync('core_engine', () => createBfsEngine(device, { ...coreGraph, ids: undefined }, engineOptions('core'))) : undefined;
      if (core) addPhases(phases, 'core', core.plan.phases);
      const stats: CoreBfsStats = {
        giantVertices,
        coreVertices: coreCount,
        coreArcs: coreGraph.indices.length,
        root: rootVertex,
        preprocessMs: performance.now() - started,
        phases: phases.record,
      };
      return new CoreBfs(graph, full, core, coreIds, coreOf, inGiant, rootParent, stats);
    } catch (e) {
      full.destroy();
      core?.destroy();
      throw e;
    }
  }

  /** A query (paper 003's algorithm 3) from `source`, a vertex of the graph given to `create`. */
  async run(source: number, options: { readonly depths?: boolean; readonly profile?: boolean } = {}): Promise<CoreBfsResult> {
    checkSource(this.graph.n, source);
    return this.#alone(source, this.#inGiant[source] ? this.#pathIntoCore(source) : undefined, options);
  }

  /**
   * Queries from every source: the answers {@link CoreBfs.runEach} hands over, collected. On WebGPU the core's
   * searches are batched (a pass each, several a submit, no read-back between them); elsewhere they run one at a
   * time. Sources outside the giant component are searched one at a time as `run` does.
   *
   * @example
   * const { results, searchMs } = await core.runMany(sources);
   * console.log(`${searchMs / sources.length} ms a query`);
   */
  async runMany(sources: readonly number[], options: BfsManyOptions = {}): Promise<CoreBfsManyResult> {
    const results: CoreBfsResult[] = [];
    const batch = await this.runEach(sources, (result) => results.push(result), options);
    return { results, ...batch };
  }

  /**
   * Queries from every source as {@link CoreBfs.runMany} does, but hands each answer to `use` (with its index in
   * `sources`), in the order given, as soon as it is assembled, and keeps none: at Kronecker scale 26 an answer
   * is a 256 MiB parent array. On WebGPU the core's searches stream through {@link BfsRunner.runEach}; a source
   * outside the giant component is searched when its turn comes. A promise `use` returns is awaited before the
   * next answer is made; an error it throws rejects runEach. `use` may call `run` and `check`, not `runMany`,
   * `runEach` or `destroy`.
   *
   * @example
   * const { searchMs } = await core.runEach(sources, (r, i) => {
   *   if (!validateBfs(csr, r.source, r.parent).ok) throw new Error(`query ${i} from ${r.source} (${r.mode}) is wrong`);
   * });
   */
  async runEach(sources: readonly number[], use: BfsEachUse<CoreBfsResult>, options: BfsManyOptions = {}): Promise<CoreBfsEachResult> {
    for (const s of sources) checkSource(this.graph.n, s);
    const depths = options.depths ?? false;
    const paths = sources.map((s) => (this.#inGiant[s] ? this.#pathIntoCore(s) : undefined));
    let handed = 0;
    let searchMs = 0;
    const hand = async (answer: CoreBfsResult) => {
      searchMs += answer.searchMs;
      await use(answer, handed++);
    };
    // The sources before `end` that no batched core search answers: one at a time, as `run` answers them.
    const aloneUntil = async (end: number) => {
      while (handed < end) await hand(await this.#alone(sources[handed], paths[handed], { depths }));
    };
    const core = this.#core;
    let rerun = 0;
    if (core instanceof BfsRunner) {
      const inGiant = paths.flatMap((path, i) => (path ? [i] : []));
      const entries = inGiant.map((i) => this.#coreOf[paths[i]!.at(-1)!]);
      const batched = await core.runEach(entries, async (search, j) => {
        const i = inGiant[j];
        await aloneUntil(i);
        await hand(this.#assemble(sources[i], paths[i]!, search, depths));
      }, { ...options, depths: false });
      rerun = batched.rerun;
    }
    await aloneUntil(sources.length);
    return { searchMs, rerun };
  }

  /** A query searched on its own: the whole graph's search without a path (outside the giant component), else the core's from where `path` enters it. */
  async #alone(source: number, path: number[] | undefined, options: { readonly depths?: boolean; readonly profile?: boolean }): Promise<CoreBfsResult> {
    if (!path) return fallback(await this.#full.run(source, options));
    const search = this.#core ? await this.#core.run(this.#coreOf[path[path.length - 1]], { profile: options.profile }) : undefined;
    return this.#assemble(source, path, search, options.depths ?? false);
  }

  /** The path from a giant-component source into the core along the precomputed tree (which leads every tree vertex towards the core). */
  #pathIntoCore(source: number): number[] {
    const path = [source];
    while (this.#coreOf[path[path.length - 1]] === -1 && this.#core) path.push(this.#rootParent[path[path.length - 1]]);
    return path;
  }

  /** The answer from the core's search (entered at the end of `path`) and the precomputed tree, the path from the source reversed. */
  #assemble(source: number, path: number[], search: BfsResult | undefined, depths: boolean): CoreBfsResult {
    const started = performance.now();
    const parent = this.#rootParent.slice();
    if (search) {
      const ids = this.#coreIds;
      for (let i = 0; i < ids.length; i++) parent[ids[i]] = ids[search.parent[i]];
    } else {
      // No core: the giant component is a tree, so reverse the whole path to the root.
      let v = source;
      while (this.#rootParent[v] !== v) {
        path.push(this.#rootParent[v]);
        v = this.#rootParent[v];
      }
    }
    for (let i = path.length - 1; i > 0; i--) parent[path[i]] = path[i - 1];
    parent[source] = source;
    const mode: CoreBfsMode = this.#coreOf[source] === -1 ? 'tree' : 'core';
    const hostMs = performance.now() - started;
    // Without a core the whole answer is the host's walk: it counts as the search.
    const timing = search ? { searchMs: search.searchMs, assembleMs: hostMs + search.readMs } : { searchMs: hostMs, assembleMs: 0 };
    const result = { source, mode, parent, levels: search?.levels ?? [], ...timing };
    if (!depths) return result;
    const tree = treeDepths(parent, source);
    if ('brokenAt' in tree) throw new Error(`bfs: internal error: the CoreBFS parents from ${source} do not form a tree at vertex ${tree.brokenAt}`);
    return { ...result, depth: tree.depth };
  }

  /** Checks an answer (parents and depths, your ids) by the Graph500 rules on the GPU, over the whole graph. */
  check(source: number, parent: Int32Array, depth: Int32Array): Promise<BfsGpuCheck> {
    return this.#full.check(source, parent, depth);
  }

  destroy(): void {
    this.#full.destroy();
    this.#core?.destroy();
  }
}

/**
 * The largest component: the vertices a search (on the device) from the vertex of highest degree reaches, when
 * they outnumber the unreached vertices that have arcs (no other component can then be as large: one without
 * arcs is a single vertex); else the host's union-find ({@link connectedComponents}), the first of the largest.
 * The search takes milliseconds where the union-find over 2^31 arcs made the phase take 89 s (Kronecker 26, H100
 * host): a Kronecker graph's giant component shrinks below half of its vertices as the scale grows (71% at scale
 * 16, 57% at 22; the rest mostly without arcs), so the earlier test, more than half of all vertices reached, sent
 * the large scales to the union-find.
 */
async function giantComponent(full: BfsEngine, csr: Csr): Promise<{ inGiant: Uint8Array; giantVertices: number }> {
  const { n, indptr } = csr;
  const inGiant = new Uint8Array(n);
  if (n === 0) return { inGiant, giantVertices: 0 };
  let hub = 0;
  for (let v = 1; v < n; v++) if (indptr[v + 1] - indptr[v] > indptr[hub + 1] - indptr[hub]) hub = v;
  const { parent, reached } = await full.run(hub);
  // The largest other component holds at most every unreached vertex with arcs, or one without.
  let unreachedWithArcs = 0;
  for (let v = 0; v < n; v++) if (parent[v] === -1 && indptr[v + 1] > indptr[v]) unreachedWithArcs++;
  if (reached > Math.max(unreachedWithArcs, reached < n ? 1 : 0)) {
    for (let v = 0; v < n; v++) inGiant[v] = parent[v] === -1 ? 0 : 1;
    return { inGiant, giantVertices: reached };
  }
  const { label, sizes, count } = connectedComponents(csr);
  let giant = 0;
  for (let c = 1; c < count; c++) if (sizes[c] > sizes[giant]) giant = c;
  for (let v = 0; v < n; v++) inGiant[v] = label[v] === giant ? 1 : 0;
  return { inGiant, giantVertices: sizes[giant] };
}

/**
 * Membership of the 2-core (core number ≥ 2 on the simple undirected view, as {@link coreNumbers} defines
 * it): vertices with fewer than two distinct neighbours other than themselves are peeled until none is left.
 * Peeling touches only the arcs of the peeled vertices besides one pass counting degrees, where the full
 * core decomposition orders every vertex; rows must be sorted (repeats adjacent), else the decomposition runs.
 */
function twoCore(csr: Csr): Uint8Array {
  const { n, indptr, indices } = csr;
  const inCore = new Uint8Array(n);
  if (csr.directed || !csr.sorted) {
    const core = coreNumbers(csr);
    for (let v = 0; v < n; v++) inCore[v] = core[v] >= 2 ? 1 : 0;
    return inCore;
  }
  // A distinct neighbour: not the vertex itself, and not a repeat of the arc before it.
  const distinct = (v: number, p: number) => indices[p] !== v && (p === indptr[v] || indices[p - 1] !== indices[p]);
  const degree = new Uint32Array(n);
  const peel = new Uint32Array(n);
  let top = 0;
  for (let v = 0; v < n; v++) {
    // Repeats are adjacent in a sorted row: a head differing from the one before it (and from v) is new.
    let d = 0;
    for (let p = indptr[v], end = indptr[v + 1], before = NO_VERTEX; p < end; p++) {
      const u = indices[p];
      if (u !== v && u !== before) d++;
      before = u;
    }
    degree[v] = d;
    inCore[v] = 1;
    if (d < 2) {
      inCore[v] = 0;
      peel[top++] = v;
    }
  }
  while (top > 0) {
    const v = peel[--top];
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      const u = indices[p];
      if (!distinct(v, p) || !inCore[u]) continue;
      if (--degree[u] < 2) {
        inCore[u] = 0;
        peel[top++] = u;
      }
    }
  }
  return inCore;
}

/** The vertices in both the giant component and the 2-core, ascending. */
function coreList(inGiant: Uint8Array, inCore: Uint8Array): Uint32Array {
  const n = inGiant.length;
  let count = 0;
  for (let v = 0; v < n; v++) count += inGiant[v] & inCore[v];
  const vertices = new Uint32Array(count);
  for (let v = 0, i = 0; v < n; v++) if (inGiant[v] & inCore[v]) vertices[i++] = v;
  return vertices;
}

/** A runner's own preprocessing steps, under `prefix.`. */
function addPhases(phases: PreparePhases, prefix: string, steps: Readonly<Record<string, number>>): void {
  for (const [name, ms] of Object.entries(steps)) phases.add(`${prefix}.${name}`, ms);
}

/** A source outside the giant component: the whole graph's search is the answer. */
function fallback(r: BfsResult): CoreBfsResult {
  return { source: r.source, mode: 'fallback', parent: r.parent, ...(r.depth ? { depth: r.depth } : {}), levels: r.levels, searchMs: r.searchMs, assembleMs: r.readMs };
}
