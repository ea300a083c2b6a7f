import { dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import { degreeStats, mapVertexIds, relabelByDegree, toUserOrder, type Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { bfsGraph, checkSource, splitAdjacency } from './bfs.input.js';
import { blockedAdjacency, NO_NEIGHBOUR, type BlockedAdjacency } from './bfs.layout.js';
import type { BfsRule } from './bfs.validate.js';
import { BFS_DEFAULTS, bfsSpecs, checkBfsOptions, defaultBfsLanes, nextDirection, type BfsDirection, type BfsOptions } from './bfs.plan.js';

/** One level of a search: the frontier it expanded and what it found. */
export interface BfsLevel {
  readonly level: number;
  readonly direction: BfsDirection;
  /** n_f: vertices of the frontier this level expanded. */
  readonly frontier: number;
  /** m_f used for the direction choice (exact, or the approximation). */
  readonly frontierEdges: number;
  /** Vertices this level reached. */
  readonly discovered: number;
  /** GPU time of the level's dispatches (timestamp queries), when the device has them. */
  readonly gpuMs?: number;
  /** Host wall time of the level: submit, wait, read of the counters (a batch's shared evenly). */
  readonly wallMs: number;
  /** Levels run in the same submit as this one (top-down levels batched), when more than one. */
  readonly batched?: number;
}

/** The result of one search, in the caller's vertex ids. */
export interface BfsResult {
  readonly source: number;
  /** parent[v]: −1 when v is unreachable; the source is its own parent. */
  readonly parent: Int32Array;
  /** depth[v] (−1 when unreachable), when asked for. */
  readonly depth?: Int32Array;
  readonly levels: readonly BfsLevel[];
  /** Vertices reached, the source included. */
  readonly reached: number;
  /** Host wall time of the search, from the first submit to the last level's counters (the parents stay on the GPU). */
  readonly searchMs: number;
  /** Wall time of reading the parents back and mapping them to the caller's ids. */
  readonly readMs: number;
  /** The GPU check by the Graph500 rules, when asked for. */
  readonly check?: BfsGpuCheck;
}

/** What `bfs_check` found: `ok`, or a rule broken and the least vertex (your ids) that breaks it. */
export type BfsGpuCheck = { readonly ok: true } | { readonly ok: false; readonly rule: BfsRule; readonly vertex: number };

/** The rules in the order of `bfs_check`'s error words. */
const CHECK_RULES: readonly BfsRule[] = ['root', 'tree', 'edge-levels', 'coverage', 'parent-edge'];

/** What the runner settled on for a graph. */
export interface BfsRunnerPlan {
  readonly degreeOrder: boolean;
  readonly mfApprox: boolean;
  readonly alpha: number;
  readonly beta: number;
  readonly direction: 'hybrid' | BfsDirection;
  readonly blockLength: number;
  readonly lanes: number;
  readonly workgroupSize: number;
  readonly aggregation: 'subgroup' | 'workgroup';
  /** Words of the blocked adjacency (arcs plus padding), its rounds and the bindings it spans. */
  readonly words: number;
  readonly rounds: number;
  readonly chunks: number;
  readonly chunkWords: number;
  /** Host time to relabel, lay out and upload the graph. */
  readonly preprocessMs: number;
}

/** The three kernels of a runner. */
interface BfsKernels {
  readonly seed: GeneratedKernel;
  readonly topDown: GeneratedKernel;
  readonly bottomUp: GeneratedKernel;
  readonly check: GeneratedKernel;
  readonly multi: GeneratedKernel;
}

/** The result of {@link BfsRunner.runMulti}: one parent array per source (your ids), in the order given. */
export interface BfsMultiResult {
  readonly sources: readonly number[];
  readonly parents: readonly Int32Array[];
  /** Bottom-up levels run (the deepest search's depth, plus the level that found nothing). */
  readonly levels: number;
  /** Host wall time of the searches, the parents left on the GPU. */
  readonly searchMs: number;
}

/** Searches one `bfs_multi` pass runs at once: a bit each in a u32. */
export const MAX_MULTI_SOURCES = 32;
/** Levels of a multi-source search encoded per submit (bottom-up needs no frontier size from the host). */
const MULTI_BATCH = 4;

/** Top-down levels that one submit runs when the frontier is far from a switch and not growing fast. */
const TOP_DOWN_BATCH = 8;

/**
 * A graph made ready for many BFS queries on a device (paper 003's setting): relabelled by degree, laid out
 * in blocks and uploaded once; `run(source)` searches from a source (a vertex id of the graph you gave) and
 * returns the parent array. Each level is one submit followed by a read of two counters (n_f, m_f), from
 * which the host picks the next direction.
 *
 * @example
 * const runner = await BfsRunner.create(device, csr, { mfApprox: true });
 * const { parent, levels } = await runner.run(0);
 * for (const s of sources) validateBfs(csr, s, (await runner.run(s)).parent);
 * runner.destroy();
 */
export class BfsRunner {
  readonly n: number;
  readonly plan: BfsRunnerPlan;
  /** The graph searched, in the caller's ids (symmetrised if asked). */
  readonly graph: Csr;
  readonly #device: Device;
  /** The graph in the kernels' ids, and the maps between those and the caller's (absent without degree ordering). */
  readonly #inner: Csr;
  readonly #toUser?: Uint32Array;
  readonly #toInner?: Uint32Array;
  readonly #kernels: BfsKernels;
  readonly #rounds: Uint32Array;
  readonly #chunkWords: number;
  readonly #buffers: Record<string, GPUBuffer>;
  readonly #own: GPUBuffer[];
  /** Query stamps for de-duplicating the source's neighbours without clearing an n-array per query. */
  readonly #seen: Uint32Array;
  #stamp = 0;

  private constructor(fields: {
    device: Device;
    graph: Csr;
    inner: Csr;
    toUser?: Uint32Array;
    toInner?: Uint32Array;
    plan: BfsRunnerPlan;
    kernels: BfsKernels;
    rounds: Uint32Array;
    buffers: Record<string, GPUBuffer>;
    own: GPUBuffer[];
  }) {
    this.#device = fields.device;
    this.graph = fields.graph;
    this.n = fields.graph.n;
    this.#inner = fields.inner;
    this.#toUser = fields.toUser;
    this.#toInner = fields.toInner;
    this.plan = fields.plan;
    this.#kernels = fields.kernels;
    this.#rounds = fields.rounds;
    this.#chunkWords = fields.plan.chunkWords;
    this.#buffers = fields.buffers;
    this.#own = fields.own;
    this.#seen = new Uint32Array(this.n);
  }

  /** Checks the graph and options, relabels by degree (unless told not to), builds the blocked adjacency and uploads it. */
  static async create(device: Device, csr: Csr, options: BfsOptions = {}): Promise<BfsRunner> {
    checkBfsOptions(options);
    const started = performance.now();
    const graph = bfsGraph(csr, options);
    const degreeOrder = options.degreeOrder ?? BFS_DEFAULTS.degreeOrder;
    // A graph already in degree order with sorted lists is its own relabelling: skip the O(m log d) pass.
    const relabel = degreeOrder && !inDegreeOrder(graph);
    const inner = relabel ? relabelByDegree({ ...graph, ids: undefined }) : graph;
    const toUser = relabel ? inner.ids : undefined;
    const toInner = toUser && inverse(toUser);
    const blockLength = options.blockLength ?? BFS_DEFAULTS.blockLength;
    const layout = blockedAdjacency(inner, blockLength);
    const split = splitAdjacency(device.limits, inner.n, layout.words.length, { chunkBytes: options.chunkBytes, slotMap: !layout.ordered });
    const mfApprox = options.mfApprox ?? BFS_DEFAULTS.mfApprox;
    const aggregationOption = options.aggregation ?? 'auto';
    const aggregation = aggregationOption === 'auto' ? (device.gpu.features.has('subgroups') ? 'subgroup' : 'workgroup') : aggregationOption;
    const lanes = options.lanes === undefined || options.lanes === 'auto' ? defaultBfsLanes(degreeStats(inner).max, blockLength) : options.lanes;
    const workgroupSize = options.workgroupSize ?? BFS_DEFAULTS.workgroupSize;
    const specs = bfsSpecs({ workgroupSize, lanes, blockLength, ordered: layout.ordered, chunks: split.chunks, countEdges: !mfApprox, aggregation });
    const kernels = { seed: kernelFor(specs.seed), topDown: kernelFor(specs.topDown), bottomUp: kernelFor(specs.bottomUp), check: kernelFor(specs.check), multi: kernelFor(specs.multi) };
    const { buffers, own } = await upload(device, inner, layout, split.chunkWords, split.chunks, !mfApprox);
    const plan: BfsRunnerPlan = {
      degreeOrder,
      mfApprox,
      alpha: options.alpha ?? BFS_DEFAULTS.alpha,
      beta: options.beta ?? BFS_DEFAULTS.beta,
      direction: options.direction ?? BFS_DEFAULTS.direction,
      blockLength,
      lanes,
      workgroupSize,
      aggregation,
      words: layout.words.length,
      rounds: layout.rounds.length / 2,
      chunks: split.chunks,
      chunkWords: split.chunkWords,
      preprocessMs: performance.now() - started,
    };
    return new BfsRunner({ device, graph, inner, toUser, toInner, plan, kernels, rounds: layout.rounds, buffers, own });
  }

  /**
   * Searches from `source` (a vertex of the graph given to `create`). With `depths`, also returns each
   * vertex's level; with `check`, validates the search on the GPU by the Graph500 rules (`bfs_check`).
   */
  async run(source: number, options: { readonly depths?: boolean; readonly check?: boolean } = {}): Promise<BfsResult> {
    checkSource(this.n, source);
    const inner = this.#toInner ? this.#toInner[source] : source;
    const { levels, searchMs, reached } = await this.#search(inner);
    const check = options.check ? await this.#check(inner) : undefined;
    const readStarted = performance.now();
    const parent = this.#parentsToCaller(await this.#device.read(this.#buffers.parent, Uint32Array, 0, this.n));
    const readMs = performance.now() - readStarted;
    const result = { source, parent, levels, reached, searchMs, readMs, ...(check ? { check } : {}) };
    if (!options.depths) return result;
    const depth = this.#depthsToCaller(await this.#device.read(this.#buffers.depth, Uint32Array, 0, this.n));
    // Depths are written only where a vertex is reached: the others read as −1.
    for (let v = 0; v < depth.length; v++) if (parent[v] === -1) depth[v] = -1;
    return { ...result, depth };
  }

  /**
   * Checks a parent array and its depths (your ids; −1 where unreached) by the Graph500 rules on the GPU, as
   * `run(…, { check: true })` checks its own: for answers computed elsewhere, e.g. by {@link CoreBfs}.
   * Overwrites the runner's last result on the GPU.
   */
  async check(source: number, parent: Int32Array, depth: Int32Array): Promise<BfsGpuCheck> {
    checkSource(this.n, source);
    if (parent.length !== this.n || depth.length !== this.n) throw new RangeError(`bfs: check needs ${this.n} parents and depths, got ${parent.length} and ${depth.length}`);
    const stored = new Uint32Array(this.n);
    const depths = new Uint32Array(this.n);
    for (let v = 0; v < this.n; v++) {
      const user = this.#toUser ? this.#toUser[v] : v;
      const p = parent[user];
      if (!Number.isInteger(p) || p < -1 || p >= this.n) throw new RangeError(`bfs: parent[${user}] = ${p} is neither −1 nor a vertex below ${this.n}`);
      stored[v] = p === -1 ? 0 : (this.#toInner ? this.#toInner[p] : p) + 1;
      depths[v] = depth[user] >>> 0;
    }
    this.#device.upload(this.#buffers.parent, stored);
    this.#device.upload(this.#buffers.depth, depths);
    return this.#check(this.#toInner ? this.#toInner[source] : source);
  }

  /**
   * Up to {@link MAX_MULTI_SOURCES} searches in one pass per level (`bfs_multi`: bottom-up, a bit per search in
   * a u32 per vertex, each vertex's list read once for all the searches still missing it). Pays when many
   * searches share the graph's levels (closeness-style workloads); each search's parents come back as `run`'s.
   * Needs sources × n u32 parents within one storage binding.
   */
  async runMulti(sources: readonly number[]): Promise<BfsMultiResult> {
    if (sources.length === 0 || sources.length > MAX_MULTI_SOURCES) throw new RangeError(`bfs: runMulti takes 1 to ${MAX_MULTI_SOURCES} sources, got ${sources.length}`);
    for (const s of sources) checkSource(this.n, s);
    const n = this.n;
    const inner = sources.map((s) => (this.#toInner ? this.#toInner[s] : s));
    const seen = new Uint32Array(n);
    inner.forEach((s, i) => (seen[s] |= 1 << i));
    const own: GPUBuffer[] = [];
    const make = async (name: string, words: number) => {
      const b = await this.#device.createBuffer(`bfs.multi.${name}`, words * 4, 'storage');
      own.push(b);
      return b;
    };
    try {
      const buffers = { seen: await make('seen', n), parents: await make('parents', sources.length * n) };
      let frontiers = [await make('frontierA', n), await make('frontierB', n)];
      // New buffers are zero: only the seeds' bits and the sources' own parents are written.
      this.#device.upload(buffers.seen, seen);
      this.#device.upload(frontiers[0], seen);
      inner.forEach((s, i) => this.#device.upload(buffers.parents, Uint32Array.of(s + 1), 4 * (i * n + s)));
      const all = sources.length === 32 ? 0xffffffff : (1 << sources.length) - 1;
      const k = this.#kernels.multi;
      const started = performance.now();
      let levels = 0;
      for (let done = false; !done; ) {
        const batch = this.#device.batch({ label: 'bfs multi', timing: false });
        batch.clear(this.#buffers.counters, 0, 8 * MULTI_BATCH);
        for (let j = 0; j < MULTI_BATCH; j++) {
          const extra = { ...buffers, frontier_in: frontiers[0], frontier_out: frontiers[1] };
          batch.dispatch(k, { buffers: this.#bind(k, extra), params: this.#params(n, 0, this.#rounds.length / 2, all >>> 0, 0, j), workgroups: dispatchGrid(k.spec, n) });
          frontiers = [frontiers[1], frontiers[0]];
        }
        await batch.submit();
        const counts = await this.#device.read(this.#buffers.counters, Uint32Array, 0, 2 * MULTI_BATCH);
        for (let j = 0; j < MULTI_BATCH && !done; j++) {
          levels++;
          done = counts[2 * j] === 0;
        }
      }
      const searchMs = performance.now() - started;
      const stored = await this.#device.read(buffers.parents, Uint32Array, 0, sources.length * n);
      const parents = sources.map((_, i) => this.#parentsToCaller(stored.slice(i * n, (i + 1) * n)));
      return { sources, parents, levels, searchMs };
    } finally {
      for (const b of own) b.destroy();
    }
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    for (const b of this.#own) b.destroy();
    this.#own.length = 0;
  }

  /** Parents as stored (plus one, 0 = unvisited, the kernels' ids) → the caller's ids, −1 for unvisited. */
  #parentsToCaller(stored: Uint32Array): Int32Array {
    const parent = new Int32Array(stored.buffer, stored.byteOffset, stored.length);
    for (let v = 0; v < parent.length; v++) parent[v] -= 1;
    return this.#toUser ? toUserOrder(mapVertexIds(parent, this.#toUser), this.#toUser) : parent;
  }

  /** Depths (the kernels' vertex order) → the caller's order. */
  #depthsToCaller(stored: Uint32Array): Int32Array {
    const depth = new Int32Array(stored.buffer, stored.byteOffset, stored.length);
    return this.#toUser ? toUserOrder(depth, this.#toUser) : depth;
  }

  /** Runs `bfs_check` over the search just finished from `source` (kernels' ids). */
  async #check(source: number): Promise<BfsGpuCheck> {
    const errors = this.#buffers.errors;
    this.#device.upload(errors, new Uint32Array(CHECK_RULES.length).fill(NO_NEIGHBOUR));
    const batch = this.#device.batch({ label: 'bfs check', timing: false });
    const k = this.#kernels.check;
    batch.dispatch(k, { buffers: this.#bind(k, {}), params: this.#params(this.n, 0, this.#rounds.length / 2, source), workgroups: dispatchGrid(k.spec, this.n) });
    await batch.submit();
    const found = await this.#device.read(errors, Uint32Array, 0, CHECK_RULES.length);
    const broken = found.findIndex((v) => v !== NO_NEIGHBOUR);
    if (broken === -1) return { ok: true };
    return { ok: false, rule: CHECK_RULES[broken], vertex: this.#toUser ? this.#toUser[found[broken]] : found[broken] };
  }

  /** The buffers a kernel binds, by name, from the runner's and `extra`. */
  #bind(kernel: GeneratedKernel, extra: Record<string, GPUBuffer>): Record<string, GPUBuffer> {
    const pool = { ...this.#buffers, ...extra };
    return Object.fromEntries(kernel.bindings.filter((b) => b.kind !== 'uniform').map((b) => [b.name, pool[b.name]]));
  }

  /** The level loop, in the kernels' ids; the parents are left on the GPU. */
  async #search(source: number): Promise<{ levels: BfsLevel[]; searchMs: number; reached: number }> {
    const { indptr } = this.#inner;
    const totalEdges = indptr[this.n];
    const seeds = this.#neighbours(source);
    const b = this.#buffers;
    let queues = [b.queueA, b.queueB];
    let bitmaps = [b.bitmapA, b.bitmapB];
    if (seeds.length > 0) this.#device.upload(queues[0], seeds);
    const started = performance.now();
    const levels: BfsLevel[] = [];
    let visited = 1 + seeds.length;
    let frontier = seeds.length;
    let previous = 1;
    // m_f of the frontier and m_u of the unvisited vertices, exact or under the approximation.
    const degreeSum = this.plan.mfApprox ? indptr[visited] - indptr[1] : sumDegrees(indptr, seeds);
    let frontierEdges = degreeSum;
    let unvisitedEdges = this.plan.mfApprox ? totalEdges - indptr[visited] : totalEdges - (indptr[source + 1] - indptr[source]) - degreeSum;
    let direction: BfsDirection = this.plan.direction === 'hybrid' ? 'top-down' : this.plan.direction;
    // The first batch also resets the parents and scatters level 1.
    let pending: DispatchBatch | undefined = this.#device.batch({ label: 'bfs seed' });
    pending.clear(b.parent).clear(bitmaps[0]);
    pending.dispatch(this.#kernels.seed, {
      buffers: { seeds: queues[0], parent: b.parent, depth: b.depth, bitmap_out: bitmaps[0] },
      params: this.#params(seeds.length, 0, 0, source),
      workgroups: dispatchGrid(this.#kernels.seed.spec, seeds.length),
    });
    while (frontier > 0) {
      if (this.plan.direction === 'hybrid') {
        direction = nextDirection(direction, { vertices: frontier, previousVertices: previous, edges: frontierEdges, unvisitedEdges }, this.plan.alpha, this.plan.beta);
      }
      // Top-down levels far from a switch, on a frontier neither growing nor shrinking fast (a road network's long
      // run of levels, not a search's last few), run TOP_DOWN_BATCH to a submit, each reading its frontier's size
      // from the level before.
      const far = this.plan.direction === 'top-down' || this.plan.alpha * frontierEdges * TOP_DOWN_BATCH < unvisitedEdges;
      const steady = 2 * frontier >= previous && frontier <= 2 * previous;
      const levelCount = direction === 'top-down' && steady && far ? TOP_DOWN_BATCH : 1;
      const levelStarted = performance.now();
      const batch = pending ?? this.#device.batch({ label: `bfs level ${levels.length + 1}` });
      pending = undefined;
      batch.clear(b.counters, 0, 8 * levelCount);
      for (let j = 0; j < levelCount; j++) {
        batch.clear(bitmaps[1]);
        this.#encodeStep(batch, direction, j === 0 ? frontier : NO_NEIGHBOUR, Math.max(frontier, previous), levels.length + 2 + j, j, queues, bitmaps);
        queues = [queues[1], queues[0]];
        bitmaps = [bitmaps[1], bitmaps[0]];
      }
      const { gpuTimeMs } = await batch.submit();
      const counts = await this.#device.read(b.counters, Uint32Array, 0, 2 * levelCount);
      const wallMs = performance.now() - levelStarted;
      // Levels of a batch past the end of the search ran on an empty frontier: they did nothing.
      let ran = 0;
      while (ran < levelCount && (ran === 0 || counts[2 * ran - 2] > 0)) ran++;
      for (let j = 0; j < ran; j++) {
        const discovered = counts[2 * j];
        const share = { wallMs: wallMs / ran, ...(gpuTimeMs === undefined ? {} : { gpuMs: gpuTimeMs / ran }), ...(ran > 1 ? { batched: ran } : {}) };
        levels.push({ level: levels.length + 1, direction, frontier, frontierEdges, discovered, ...share });
        previous = frontier;
        frontier = discovered;
        if (this.plan.mfApprox) {
          frontierEdges = indptr[visited + discovered] - indptr[visited];
          unvisitedEdges = totalEdges - indptr[visited + discovered];
        } else {
          frontierEdges = counts[2 * j + 1];
          unvisitedEdges -= frontierEdges;
        }
        visited += discovered;
      }
      // The buffers rotated once per encoded level; the next level reads those of the last level that ran.
      if ((levelCount - ran) % 2 === 1) {
        queues = [queues[1], queues[0]];
        bitmaps = [bitmaps[1], bitmaps[0]];
      }
    }
    // A source without neighbours: only the seed batch.
    if (pending) await pending.submit();
    return { levels, searchMs: performance.now() - started, reached: visited };
  }

  /** One level: top-down over the queue, or bottom-up in two passes (round 0 over every slot, then the later rounds). */
  /**
   * One level writing counter slot `slot`: top-down over the queue (`frontier` entries, or NO_NEIGHBOUR: the
   * count the level before wrote; the grid is then sized for `recent` · 4), or bottom-up in two passes (round 0
   * over every slot, then the later rounds).
   */
  #encodeStep(batch: DispatchBatch, direction: BfsDirection, frontier: number, recent: number, depth: number, slot: number, queues: GPUBuffer[], bitmaps: GPUBuffer[]): void {
    const extra = { queue_in: queues[0], queue_out: queues[1], bitmap_in: bitmaps[0], bitmap_out: bitmaps[1] };
    const roundCount = this.#rounds.length / 2;
    const dispatch = (kernel: GeneratedKernel, items: number, params: Uint32Array) =>
      batch.dispatch(kernel, { buffers: this.#bind(kernel, extra), params, workgroups: dispatchGrid(kernel.spec, items) });
    if (direction === 'top-down') {
      const items = frontier === NO_NEIGHBOUR ? Math.min(this.n, 4 * recent) : frontier;
      dispatch(this.#kernels.topDown, items, this.#params(frontier, 0, roundCount, 0, depth, slot));
      return;
    }
    if (roundCount === 0) return;
    dispatch(this.#kernels.bottomUp, this.#rounds[1], this.#params(this.#rounds[1], 0, 1, 0, depth, slot));
    if (roundCount > 1) dispatch(this.#kernels.bottomUp, this.#rounds[3], this.#params(this.#rounds[3], 1, roundCount, 0, depth, slot));
  }

  #params(count: number, roundFirst: number, roundEnd: number, source: number, depth = 0, slot = 0): Uint32Array {
    return Uint32Array.of(this.n, count, roundFirst, roundEnd, this.#chunkWords, source, depth, slot);
  }

  /** The source's distinct neighbours other than itself: level 1, which the host expands (paper 003 runs level 0 on the CPU). */
  #neighbours(source: number): Uint32Array {
    const { indptr, indices } = this.#inner;
    this.#stamp = (this.#stamp + 1) >>> 0;
    if (this.#stamp === 0) {
      this.#seen.fill(0);
      this.#stamp = 1;
    }
    const out = new Uint32Array(indptr[source + 1] - indptr[source]);
    let count = 0;
    this.#seen[source] = this.#stamp;
    for (let p = indptr[source]; p < indptr[source + 1]; p++) {
      const u = indices[p];
      if (this.#seen[u] === this.#stamp) continue;
      this.#seen[u] = this.#stamp;
      out[count++] = u;
    }
    return out.subarray(0, count);
  }
}

/** Whether relabelling by degree would change nothing: sorted lists, degrees non-increasing with the id. */
function inDegreeOrder(csr: Csr): boolean {
  if (!csr.sorted) return false;
  for (let v = 1; v < csr.n; v++) if (csr.indptr[v + 1] - csr.indptr[v] > csr.indptr[v] - csr.indptr[v - 1]) return false;
  return true;
}

function sumDegrees(indptr: Uint32Array, vertices: Uint32Array): number {
  let sum = 0;
  for (const v of vertices) sum += indptr[v + 1] - indptr[v];
  return sum;
}

function inverse(ids: Uint32Array): Uint32Array {
  const out = new Uint32Array(ids.length);
  for (let v = 0; v < ids.length; v++) out[ids[v]] = v;
  return out;
}

/** Uploads the layout and makes the search state: parents, two queues, two bitmaps, the counters. */
async function upload(device: Device, inner: Csr, layout: BlockedAdjacency, chunkWords: number, chunks: number, countEdges: boolean) {
  const own: GPUBuffer[] = [];
  const buffers: Record<string, GPUBuffer> = {};
  // WebGPU refuses empty bindings: every buffer has at least one word.
  const store = async (name: string, data: Uint32Array) => {
    const b = await device.createStorage(`bfs.${name}`, data.length > 0 ? data : new Uint32Array(1));
    own.push(b);
    buffers[name] = b;
  };
  try {
    for (let c = 0; c < chunks; c++) await store(`adj${c}`, layout.words.subarray(c * chunkWords, (c + 1) * chunkWords));
    await store('rounds', layout.rounds);
    if (layout.perm) await store('perm', layout.perm);
    if (countEdges) await store('indptr', inner.indptr);
    const n = Math.max(inner.n, 1);
    const words = Math.ceil(n / 32);
    for (const name of ['parent', 'depth', 'queueA', 'queueB']) {
      const b = await device.createBuffer(`bfs.${name}`, n * 4, 'storage');
      own.push(b);
      buffers[name] = b;
    }
    const sizes: Record<string, number> = { bitmapA: words, bitmapB: words, counters: 2 * TOP_DOWN_BATCH, errors: 8 };
    for (const [name, count] of Object.entries(sizes)) {
      const b = await device.createBuffer(`bfs.${name}`, count * 4, 'storage');
      own.push(b);
      buffers[name] = b;
    }
    return { buffers, own };
  } catch (e) {
    for (const b of own) b.destroy();
    throw e;
  }
}
