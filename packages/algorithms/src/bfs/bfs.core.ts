import { connectedComponents, coreNumbers, inducedSubgraph, type Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import { bfsGraph, checkSource } from './bfs.input.js';
import { treeDepths } from './bfs.output.js';
import type { BfsOptions } from './bfs.plan.js';
import { BfsRunner, type BfsGpuCheck, type BfsLevel } from './bfs.runner.js';

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

/** What the precomputation found and how long it took. */
export interface CoreBfsStats {
  readonly giantVertices: number;
  readonly coreVertices: number;
  readonly coreArcs: number;
  /** The root of the precomputed tree (a core vertex, in the caller's ids). */
  readonly root: number;
  /** Host wall time of the whole precomputation: components, 2-core, both uploads, the root's search. */
  readonly preprocessMs: number;
}

/**
 * CoreBFS (paper 003): many BFS queries on one graph, each searching only the 2-core of the giant component.
 * The precomputation finds the giant component, its 2-core and a BFS tree from a root in the core; vertices
 * outside the core hang off it in trees whose parents do not depend on the source, so a query copies the
 * precomputed parents, reverses the path from the source into the core (when the source is in a tree),
 * searches the core from where that path enters it, and writes the core's parents over the copy. Sources
 * outside the giant component get a plain search of the whole graph, whose runner (it also computes the
 * precomputed tree and checks answers on the GPU) stays on the device beside the core's.
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
  readonly #core: BfsRunner | undefined;
  readonly #full: BfsRunner;
  /** Core-local id → the caller's id. */
  readonly #coreIds: Uint32Array;
  /** The caller's id → core-local id, or −1 outside the core. */
  readonly #coreOf: Int32Array;
  readonly #inGiant: Uint8Array;
  /** Parents of the precomputed tree from the root (−1 outside the giant component). */
  readonly #rootParent: Int32Array;

  private constructor(graph: Csr, full: BfsRunner, core: BfsRunner | undefined, coreIds: Uint32Array, coreOf: Int32Array, inGiant: Uint8Array, rootParent: Int32Array, stats: CoreBfsStats) {
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
  static async create(device: Device, csr: Csr, options: BfsOptions = {}): Promise<CoreBfs> {
    const started = performance.now();
    const graph = bfsGraph(csr, options);
    const plain = { ...graph, ids: undefined };
    const { label, sizes, count } = connectedComponents(plain);
    let giant = 0;
    for (let c = 1; c < count; c++) if (sizes[c] > sizes[giant]) giant = c;
    const inGiant = new Uint8Array(graph.n);
    for (let v = 0; v < graph.n; v++) inGiant[v] = count > 0 && label[v] === giant ? 1 : 0;
    const coreNumber = coreNumbers(plain);
    let coreCount = 0;
    for (let v = 0; v < graph.n; v++) if (inGiant[v] && coreNumber[v] >= 2) coreCount++;
    const coreVertices = new Uint32Array(coreCount);
    for (let v = 0, i = 0; v < graph.n; v++) if (inGiant[v] && coreNumber[v] >= 2) coreVertices[i++] = v;
    const coreOf = new Int32Array(graph.n).fill(-1);
    coreVertices.forEach((v, i) => (coreOf[v] = i));

    // Without a core (the giant component is a tree) every query is a tree walk from any root; root 0 of the giant component serves.
    let rootVertex = coreCount > 0 ? coreVertices[0] : 0;
    if (coreCount === 0) while (rootVertex < graph.n && !inGiant[rootVertex]) rootVertex++;
    const full = await BfsRunner.create(device, graph, { ...options, symmetrize: false });
    let core: BfsRunner | undefined;
    try {
      const rootParent = graph.n === 0 ? new Int32Array(0) : (await full.run(rootVertex)).parent;
      const coreGraph = inducedSubgraph(plain, coreVertices);
      core = coreCount > 0 ? await BfsRunner.create(device, coreGraph, { ...options, symmetrize: false }) : undefined;
      const stats: CoreBfsStats = {
        giantVertices: count > 0 ? sizes[giant] : 0,
        coreVertices: coreCount,
        coreArcs: coreGraph.indices.length,
        root: rootVertex,
        preprocessMs: performance.now() - started,
      };
      return new CoreBfs(graph, full, core, coreVertices, coreOf, inGiant, rootParent, stats);
    } catch (e) {
      full.destroy();
      core?.destroy();
      throw e;
    }
  }

  /** A query (paper 003's algorithm 3) from `source`, a vertex of the graph given to `create`. */
  async run(source: number, options: { readonly depths?: boolean; readonly profile?: boolean } = {}): Promise<CoreBfsResult> {
    checkSource(this.graph.n, source);
    if (!this.#inGiant[source]) {
      const r = await this.#full.run(source, options);
      return { source, mode: 'fallback', parent: r.parent, ...(r.depth ? { depth: r.depth } : {}), levels: r.levels, searchMs: r.searchMs, assembleMs: r.readMs };
    }
    // The path from the source into the core, along the precomputed tree (which leads every tree vertex towards the core).
    const path = [source];
    while (this.#coreOf[path[path.length - 1]] === -1 && this.#core) path.push(this.#rootParent[path[path.length - 1]]);
    const entry = path[path.length - 1];
    const search = this.#core ? await this.#core.run(this.#coreOf[entry], { profile: options.profile }) : undefined;
    const started = performance.now();
    const parent = Int32Array.from(this.#rootParent);
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
    if (!options.depths) return result;
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
