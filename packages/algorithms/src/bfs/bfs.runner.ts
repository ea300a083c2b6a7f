import { BFS_STATE_HEADER, BFS_STATS_RING, bfsBindingsBesideChunks, dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import { degreeStats, mapVertexIds, relabelByDegree, toUserOrder, type Csr } from '@semiforge/graph-io';
import { BufferUsage, MapMode, type Device, type DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { bfsGraph, checkSource, splitAdjacency } from './bfs.input.js';
import { blockedAdjacency, NO_NEIGHBOUR, type BlockedAdjacency } from './bfs.layout.js';
import type { BfsRule } from './bfs.validate.js';
import { BFS_DEFAULTS, bfsSpecs, checkBfsOptions, defaultBfsDispatch, defaultBfsLanes, type BfsDirection, type BfsDispatch, type BfsOptions } from './bfs.plan.js';

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
  /** GPU time of the level's dispatches (timestamp queries), with `profileLevels` and a device that has them. */
  readonly gpuMs?: number;
  /** Host wall time of the level: its submit's wall time (encoding excluded, the state's read-back included) shared evenly over the submit's levels. */
  readonly wallMs: number;
  /** Levels run in the same submit as this one, when more than one (so `gpuMs` and `wallMs` are shares). */
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
  /** Host wall time of the search, from encoding the first submit to reading the state after the last (the parents stay on the GPU). */
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
  /** Levels a submit encodes (fixed), or undefined: 16, doubling per submit up to 512. */
  readonly levelsPerSubmit?: number;
  /** One level a submit, timed on the GPU (per-level times at the cost of a round trip per level). */
  readonly profileLevels: boolean;
  /** How the steps are launched: indirect counts from `bfs_control`, or fixed grids of at most `fixedWorkgroups`. */
  readonly dispatch: BfsDispatch;
  readonly fixedWorkgroups: number;
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

/** The buffers of each kernel a level dispatches, by binding name. */
type LevelBindings = Record<'control' | 'topDown' | 'hub' | 'bottomUp', Record<string, GPUBuffer>>;

/** Workgroups of each step under fixed dispatch (the hub step's: blocks of a hub × hubs). */
interface FixedGrids {
  readonly topDown: number;
  readonly hub: readonly [number, number];
  readonly bottomUpFirst: number;
  readonly bottomUpLater: number;
}

/** The kernels of a runner. */
interface BfsKernels {
  readonly seed: GeneratedKernel;
  readonly control: GeneratedKernel;
  readonly topDown: GeneratedKernel;
  readonly hub: GeneratedKernel;
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

/** Levels the first submit of a search encodes (a scale-free graph's whole search), and the most any submit encodes. */
const FIRST_BATCH = 16;
const MAX_BATCH = 512;
/** Where `bfs_control` keeps what it tracks in `state` (the WGSL prelude's constants). */
const STATE = { frontier: 2, previous: 3, frontierEdges: 4, unvisitedEdges: 5, visited: 6, direction: 7, level: 8, done: 9, stats: 16, words: 16 } as const;
const DIRECTION_MODE = { hybrid: 0, 'top-down': 1, 'bottom-up': 2 } as const;
/** A frontier vertex with more than this many blocks per top-down lane goes to `bfs_top_down_hub`. */
const HUB_ROUND_LANES = 4;
/** Blocks each invocation of `bfs_top_down_hub` takes of the largest hub (as `bfs_top_down` sizes the indirect grid). */
const HUB_BLOCKS_PER_INVOCATION = 4;
/** Workgroups per grid dimension that WebGPU guarantees. */
const MAX_GRID_X = 65535;
/** Words each invocation of a control step clears of the next frontier bitmap. */
const CLEAR_WORDS_PER_INVOCATION = 8;
/** Usage of the buffers the GPU reads workgroup counts from and the control step writes. */
const INDIRECT_USAGE = BufferUsage.STORAGE | BufferUsage.INDIRECT | BufferUsage.COPY_DST | BufferUsage.COPY_SRC;

/**
 * A graph made ready for many BFS queries on a device (paper 003's setting): relabelled by degree, laid out
 * in blocks and uploaded once; `run(source)` searches from a source (a vertex id of the graph you gave) and
 * returns the parent array. The level loop runs on the GPU: a control step before each level picks the
 * direction from n_f, m_f and m_u and sizes the level's steps through indirect dispatch (with `dispatch: 'fixed'`
 * the steps run on fixed grids and read from the state whether the level is theirs), so a submit holds many
 * levels and the host reads the state back once per submit.
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
  /** The control steps' counts (by level parity), the level's steps' and the hub step's. */
  readonly #indirect: { readonly control: readonly GPUBuffer[]; readonly steps: GPUBuffer; readonly hubs: GPUBuffer };
  /** Workgroups of a control step: enough to clear a frontier bitmap. */
  readonly #clearGroups: number;
  /** Each kernel's buffers for even and odd levels. */
  readonly #levelBindings: readonly LevelBindings[];
  /** The steps' grids under fixed dispatch. */
  readonly #fixed: FixedGrids;

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
    indirect: { control: GPUBuffer[]; steps: GPUBuffer; hubs: GPUBuffer };
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
    this.#indirect = fields.indirect;
    this.#levelBindings = [this.#makeLevelBindings(0), this.#makeLevelBindings(1)];
    this.#clearGroups = Math.max(1, Math.min(MAX_GRID_X, Math.ceil(bitmapWords(this.n) / (fields.plan.workgroupSize * CLEAR_WORDS_PER_INVOCATION))));
    this.#fixed = this.#fixedGrids();
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
    const mfApprox = options.mfApprox ?? BFS_DEFAULTS.mfApprox;
    const split = splitAdjacency(device.limits, inner.n, layout.words.length, {
      chunkBytes: options.chunkBytes,
      slotMap: !layout.ordered,
      otherBindings: bfsBindingsBesideChunks({ ordered: layout.ordered, countEdges: !mfApprox }),
    });
    const aggregationOption = options.aggregation ?? 'auto';
    const aggregation = aggregationOption === 'auto' ? (device.gpu.features.has('subgroups') ? 'subgroup' : 'workgroup') : aggregationOption;
    const lanes = options.lanes === undefined || options.lanes === 'auto' ? defaultBfsLanes(degreeStats(inner).max, blockLength) : options.lanes;
    const workgroupSize = options.workgroupSize ?? BFS_DEFAULTS.workgroupSize;
    const specs = bfsSpecs({ workgroupSize, lanes, blockLength, ordered: layout.ordered, chunks: split.chunks, countEdges: !mfApprox, aggregation });
    const kernels = {
      seed: kernelFor(specs.seed),
      control: kernelFor(specs.control),
      topDown: kernelFor(specs.topDown),
      hub: kernelFor(specs.hub),
      bottomUp: kernelFor(specs.bottomUp),
      check: kernelFor(specs.check),
      multi: kernelFor(specs.multi),
    };
    const { buffers, own, indirect } = await upload(device, inner, layout, split.chunkWords, split.chunks);
    const plan: BfsRunnerPlan = {
      degreeOrder,
      mfApprox,
      alpha: options.alpha ?? BFS_DEFAULTS.alpha,
      beta: options.beta ?? BFS_DEFAULTS.beta,
      direction: options.direction ?? BFS_DEFAULTS.direction,
      ...(options.levelsPerSubmit === undefined ? {} : { levelsPerSubmit: options.levelsPerSubmit }),
      profileLevels: options.profileLevels ?? false,
      dispatch: options.dispatch ?? defaultBfsDispatch(device.describe().isFallbackAdapter),
      fixedWorkgroups: options.fixedWorkgroups ?? BFS_DEFAULTS.fixedWorkgroups,
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
    return new BfsRunner({ device, graph, inner, toUser, toInner, plan, kernels, rounds: layout.rounds, buffers, own, indirect });
  }

  /**
   * Searches from `source` (a vertex of the graph given to `create`). With `depths`, also returns each
   * vertex's level; with `check`, validates the search on the GPU by the Graph500 rules (`bfs_check`); `profile`
   * overrides the plan's `profileLevels` for this search (one level a submit, each timed on the GPU).
   */
  async run(source: number, options: { readonly depths?: boolean; readonly check?: boolean; readonly profile?: boolean } = {}): Promise<BfsResult> {
    checkSource(this.n, source);
    const inner = this.#toInner ? this.#toInner[source] : source;
    const { levels, searchMs, reached } = await this.#search(inner, options.profile ?? this.plan.profileLevels);
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
          batch.dispatch(k, { buffers: this.#bind(k, extra), params: this.#params({ count: n, source: all >>> 0, slot: j }), workgroups: dispatchGrid(k.spec, n) });
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
    for (const b of [...this.#indirect.control, this.#indirect.steps, this.#indirect.hubs]) b.destroy();
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
    batch.dispatch(k, { buffers: this.#bind(k, {}), params: this.#params({ count: this.n, source }), workgroups: dispatchGrid(k.spec, this.n) });
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

  /**
   * The level loop, in the kernels' ids, on the GPU: each submit encodes a batch of levels, each a
   * `bfs_control` step (which sizes the level's steps through indirect counts, zero once the frontier is
   * empty) and the steps; the host reads the state back once per batch. Batches grow from 16 levels (a
   * scale-free graph's whole search) to 512 (a road network's thousands); past the first, the next batch is
   * encoded and queued while the GPU runs the current one. The parents stay on the GPU.
   */
  async #search(source: number, profile: boolean): Promise<{ levels: BfsLevel[]; searchMs: number; reached: number }> {
    const { indptr } = this.#inner;
    const b = this.#buffers;
    const degree = indptr[source + 1] - indptr[source];
    const header = new Uint32Array(STATE.words);
    header[STATE.frontier] = 1;
    header[STATE.previous] = 1;
    header[STATE.frontierEdges] = degree;
    header[STATE.unvisitedEdges] = indptr[this.n] - degree;
    header[STATE.visited] = 1;
    header[STATE.direction] = this.plan.direction === 'bottom-up' ? 1 : 0;
    this.#device.upload(b.state, header);
    // Level 1 (odd) runs the control step from the second control buffer.
    if (this.plan.dispatch === 'indirect') this.#device.upload(this.#indirect.control[1], Uint32Array.of(this.#clearGroups, 1, 1));
    const started = performance.now();
    const first = this.#device.batch({ label: 'bfs search', timing: profile });
    first.clear(b.parent).clear(b.bitmapA).clear(b.bitmapB).clear(b.state, 4 * BFS_STATE_HEADER, b.state.size - 4 * BFS_STATE_HEADER);
    const seed = this.#kernels.seed;
    first.dispatch(seed, { buffers: this.#bind(seed, { bitmap_out: b.bitmapB }), params: this.#params({ source }), workgroups: [1] });
    const levels: BfsLevel[] = [];
    // Each submit's levels (first to last that ran) and times, which the levels it ran share.
    const submits: { first: number; last: number; wallMs: number; gpuMs?: number }[] = [];
    const grow = (size: number) => (profile || this.plan.levelsPerSubmit !== undefined ? size : Math.min(2 * size, MAX_BATCH));
    let current = this.#launch(first, 1, profile ? 1 : (this.plan.levelsPerSubmit ?? FIRST_BATCH), b.stateReadback);
    for (;;) {
      const after = current.first + current.size;
      const spare = current.readback === b.stateReadback ? b.stateReadbackB : b.stateReadback;
      // A search past its first submit is a long one: the next submit is encoded and queued while the GPU runs
      // this one (levels past the end do nothing, so queuing one too many costs only empty dispatches).
      const next = !profile && current.first > 1 ? this.#launch(this.#device.batch({ label: 'bfs search' }), after, grow(current.size), spare) : undefined;
      const { gpuTimeMs } = await current.result;
      await current.readback.mapAsync(MapMode.READ);
      const state = new Uint32Array(current.readback.getMappedRange().slice(0));
      current.readback.unmap();
      const wallMs = performance.now() - current.started;
      const done = state[STATE.done] === 1;
      submits.push({ first: current.first, last: done ? state[STATE.level] : after - 1, wallMs, gpuMs: gpuTimeMs });
      // The control step of level l + 1 closes level l: a submit not done has the statistics of all but its last
      // level, whose time is its own submit's.
      const closed = done ? state[STATE.level] : state[STATE.level] - 1;
      for (let l = levels.length + 1; l <= closed; l++) {
        const row = STATE.stats + 4 * (l % BFS_STATS_RING);
        const ran = submits.findLast((r) => r.first <= l && l <= r.last)!;
        const count = ran.last - ran.first + 1;
        const share = { wallMs: ran.wallMs / count, ...(ran.gpuMs === undefined ? {} : { gpuMs: ran.gpuMs / count }), ...(count > 1 ? { batched: count } : {}) };
        levels.push({ level: l, direction: state[row] === 1 ? 'bottom-up' : 'top-down', frontier: state[row + 1], frontierEdges: state[row + 2], discovered: state[row + 3], ...share });
      }
      if (done) {
        if (next) await next.result;
        return { levels, searchMs: performance.now() - started, reached: state[STATE.visited] };
      }
      current = next ?? this.#launch(this.#device.batch({ label: 'bfs search', timing: profile }), after, grow(current.size), spare);
    }
  }

  /** Encodes levels first … first + size − 1 and the state's read-back (in the same submit: one round trip), and submits. */
  #launch(batch: DispatchBatch, first: number, size: number, readback: GPUBuffer) {
    for (let j = 0; j < size; j++) this.#encodeLevel(batch, first + j);
    batch.copy(this.#buffers.state, readback, 4 * BFS_STATE_HEADER);
    const started = performance.now();
    const result = batch.submit();
    // Awaited by the search; a failure must not count as unhandled before that.
    result.catch(() => undefined);
    return { first, size, readback, started, result };
  }

  /**
   * Level `level`: its control step (indirect counts from the control buffer of the level's parity, its own
   * written to the other), then top-down and its hub step, then bottom-up round 0 over every slot and the
   * later rounds over the slots that have them (so vertices that found a parent in their first block drop out).
   * Under fixed dispatch the same steps go on fixed grids, and the kernels find from `state` whether they have work.
   */
  #encodeLevel(batch: DispatchBatch, level: number): void {
    const k = this.#kernels;
    const { control, steps, hubs } = this.#indirect;
    const fixed = this.plan.dispatch === 'fixed' ? this.#fixed : undefined;
    // A step sized by the counts at `offset` of `indirect`, or, under fixed dispatch, on the grid given.
    const step = (kernel: GeneratedKernel, args: { buffers: Record<string, GPUBuffer>; params: Uint32Array }, indirect: GPUBuffer, offset: number, grid: readonly [number, number?]) => {
      if (fixed) batch.dispatch(kernel, { ...args, workgroups: grid });
      else batch.dispatchIndirect(kernel, { ...args, indirect, indirectOffset: offset });
    };
    const bind = this.#levelBindings[level % 2];
    const roundCount = this.#rounds.length / 2;
    const params = this.#params({ level, count: this.#clearGroups, roundEnd: roundCount });
    step(k.control, { buffers: bind.control, params }, control[level % 2], 0, [this.#clearGroups]);
    if (this.plan.direction !== 'bottom-up') {
      step(k.topDown, { buffers: bind.topDown, params }, steps, 0, [this.#fixed.topDown]);
      // No vertex has a block in the hub round: bfs_top_down never lists a hub.
      if (HUB_ROUND_LANES * this.plan.lanes < roundCount) step(k.hub, { buffers: bind.hub, params }, hubs, 0, this.#fixed.hub);
    }
    if (this.plan.direction === 'top-down' || roundCount === 0) return;
    const first = this.#params({ level, count: this.#rounds[1], roundEnd: 1 });
    step(k.bottomUp, { buffers: bind.bottomUp, params: first }, steps, 12, [this.#fixed.bottomUpFirst]);
    if (roundCount === 1) return;
    const later = this.#params({ level, count: this.#rounds[3], roundFirst: 1, roundEnd: roundCount });
    step(k.bottomUp, { buffers: bind.bottomUp, params: later }, steps, 24, [this.#fixed.bottomUpLater]);
  }

  /**
   * The steps' grids under fixed dispatch: `fixedWorkgroups`, or fewer where the graph cannot use them (top-down:
   * every vertex in the frontier; bottom-up: the slots of its pass; the hub step: the largest hub's blocks × the
   * vertices that can be hubs).
   */
  #fixedGrids(): FixedGrids {
    const { fixedWorkgroups: most, workgroupSize: wg, lanes } = this.plan;
    const rounds = this.#rounds;
    const roundCount = rounds.length / 2;
    const cap = (groups: number) => Math.max(1, Math.min(most, MAX_GRID_X, groups));
    const hubRound = HUB_ROUND_LANES * lanes;
    const hubSlots = hubRound < roundCount ? rounds[2 * hubRound + 1] : 0;
    const hubBlocks = cap(Math.ceil(roundCount / (HUB_BLOCKS_PER_INVOCATION * wg)));
    return {
      topDown: cap(Math.ceil(this.n / (wg / lanes))),
      hub: [hubBlocks, Math.max(1, Math.min(MAX_GRID_X, hubSlots, Math.floor(most / hubBlocks)))],
      bottomUpFirst: cap(Math.ceil((rounds[1] ?? 0) / wg)),
      bottomUpLater: cap(Math.ceil((rounds[3] ?? 0) / wg)),
    };
  }

  /** The buffers of a level's dispatches, by the level's parity (which picks the bitmaps and the control buffers), made once. */
  #makeLevelBindings(parity: number): LevelBindings {
    const k = this.#kernels;
    const b = this.#buffers;
    const { control, steps, hubs } = this.#indirect;
    const bitmapIn = parity === 1 ? b.bitmapB : b.bitmapA;
    const bitmapOut = parity === 1 ? b.bitmapA : b.bitmapB;
    const extra = { hub_args: hubs, bitmap_in: bitmapIn, bitmap_out: bitmapOut };
    return {
      control: this.#bind(k.control, { control_next: control[(parity + 1) % 2], step_args: steps, hub_args: hubs, bitmap_out: bitmapOut }),
      topDown: this.#bind(k.topDown, extra),
      hub: this.#bind(k.hub, extra),
      bottomUp: this.#bind(k.bottomUp, extra),
    };
  }

  /** The parameter block every BFS kernel reads (the prelude's `Params`); fields not given are 0. */
  #params(p: { count?: number; roundFirst?: number; roundEnd?: number; source?: number; level?: number; slot?: number }): Uint32Array {
    const words = new Uint32Array(16);
    words.set([this.n, p.count ?? 0, p.roundFirst ?? 0, p.roundEnd ?? this.#rounds.length / 2, this.#chunkWords, p.source ?? 0, p.level ?? 0, p.slot ?? 0]);
    const floats = new Float32Array(words.buffer);
    floats[8] = this.plan.alpha;
    floats[9] = this.plan.beta;
    words[10] = DIRECTION_MODE[this.plan.direction];
    words[11] = bitmapWords(this.n);
    words[12] = HUB_ROUND_LANES * this.plan.lanes;
    return words;
  }
}

/** Whether relabelling by degree would change nothing: sorted lists, degrees non-increasing with the id. */
function inDegreeOrder(csr: Csr): boolean {
  if (!csr.sorted) return false;
  for (let v = 1; v < csr.n; v++) if (csr.indptr[v + 1] - csr.indptr[v] > csr.indptr[v] - csr.indptr[v - 1]) return false;
  return true;
}

function inverse(ids: Uint32Array): Uint32Array {
  const out = new Uint32Array(ids.length);
  for (let v = 0; v < ids.length; v++) out[ids[v]] = v;
  return out;
}

/** Words of a bitmap with a bit per vertex (at least one). */
function bitmapWords(n: number): number {
  return Math.max(1, Math.ceil(n / 32));
}

/**
 * Uploads the layout and makes the search state: parents, depths, the queues (two and the hub list), two
 * frontier bitmaps, `state` (header, statistics, visited bitmap), the multi-source counters, the check's
 * errors, and the indirect-count buffers.
 */
async function upload(device: Device, inner: Csr, layout: BlockedAdjacency, chunkWords: number, chunks: number) {
  const own: GPUBuffer[] = [];
  const buffers: Record<string, GPUBuffer> = {};
  const made: GPUBuffer[] = [];
  // WebGPU refuses empty bindings: every buffer has at least one word.
  const store = async (name: string, data: Uint32Array) => {
    const b = await device.createStorage(`bfs.${name}`, data.length > 0 ? data : new Uint32Array(1));
    own.push(b);
    buffers[name] = b;
  };
  const empty = async (name: string, words: number) => {
    const b = await device.createBuffer(`bfs.${name}`, words * 4, 'storage');
    own.push(b);
    buffers[name] = b;
  };
  const indirect = (name: string, words: number) => {
    const b = device.gpu.createBuffer({ label: `bfs.${name}`, size: words * 4, usage: INDIRECT_USAGE });
    made.push(b);
    return b;
  };
  try {
    for (let c = 0; c < chunks; c++) await store(`adj${c}`, layout.words.subarray(c * chunkWords, (c + 1) * chunkWords));
    await store('rounds', layout.rounds);
    if (layout.perm) await store('perm', layout.perm);
    await store('indptr', inner.indptr);
    const n = Math.max(inner.n, 1);
    const words = bitmapWords(n);
    for (const name of ['parent', 'depth']) await empty(name, n);
    await empty('queues', 3 * n);
    await empty('bitmapA', words);
    await empty('bitmapB', words);
    await empty('state', BFS_STATE_HEADER + words);
    await empty('counters', 2 * MULTI_BATCH);
    await empty('errors', 8);
    // Two, so that a submit's state can be read while the next one (queued behind it) will write the other.
    for (const name of ['stateReadback', 'stateReadbackB']) {
      const readback = await device.createBuffer(`bfs.${name}`, 4 * BFS_STATE_HEADER, 'readback');
      own.push(readback);
      buffers[name] = readback;
    }
    const control = [indirect('controlA', 3), indirect('controlB', 3)];
    return { buffers, own, indirect: { control, steps: indirect('steps', 9), hubs: indirect('hubs', 3) } };
  } catch (e) {
    for (const b of [...own, ...made]) b.destroy();
    throw e;
  }
}
