import { BFS_STATE_HEADER, BFS_STATS_RING, bfsBindingsBesideChunks, dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { BufferUsage, MapMode, type Device } from '@semiforge/runtime';
import { kernelBuffers } from '../kernels/kernel-buffers.js';
import { kernelFor } from '../kernels/kernel-source.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { RunnerLife } from '../kernels/runner-life.js';
import { checkAnswer, checkMultiSources, checkSource, splitAdjacency } from './bfs.input.js';
import { NO_NEIGHBOUR, type BlockedAdjacency } from './bfs.layout.js';
import type { BfsRule } from './bfs.validate.js';
import { bfsSpecs, defaultBfsDispatch, type BfsDirection, type BfsDispatch, type BfsOptions } from './bfs.plan.js';
import type { BfsIds } from './bfs.ids.js';
import { bfsHostWork, prepareBfs, type BfsHostPlan } from './bfs.prepare.js';
import { BfsCommands, MAX_TIMED_PASSES, type BfsCommandsSpec, type LevelStep } from './bfs.commands.js';
import { bfsParams, bitmapWords, CHECK_RULES, controlGroups, fixedGrids, hasHubRound, initialState, MAX_MULTI_SOURCES, MULTI_BATCH, multiBatchOutcome, multiSearchMask, STATE, type FixedGrids } from './bfs.steps.js';

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


/** What the runner settled on for a graph: the host's plan and the device's part. */
export interface BfsRunnerPlan extends BfsHostPlan {
  /** How the steps are launched: indirect counts from `bfs_control`, or fixed grids of at most `fixedWorkgroups`. */
  readonly dispatch: BfsDispatch;
  readonly aggregation: 'subgroup' | 'workgroup';
  /** The bindings the blocked adjacency spans, and the words of each. */
  readonly chunks: number;
  readonly chunkWords: number;
  /** Host time to relabel, lay out and upload the graph. */
  readonly preprocessMs: number;
  /** `preprocessMs` by step (check, order_check, relabel, layout, ids, upload), then the pipelines' compile (`commands`), in ms. */
  readonly phases: Readonly<Record<string, number>>;
}

/** The buffers of each kernel a level dispatches, by binding name. */
type LevelBindings = Record<'control' | 'topDown' | 'hub' | 'bottomUp', Record<string, GPUBuffer>>;

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

/** What {@link BfsRunner.runEach} returns once every result has been handed over: the batch's times. */
export interface BfsEachResult {
  /** Host wall time of the searches: per group, from encoding its first submit to reading its searches' states (the parents left on the GPU); the searches run again included. */
  readonly searchMs: number;
  /** GPU time of each search (timestamps at the start and end of its compute pass: its seed and levels), where the device has them. */
  readonly gpuMs?: readonly number[];
  /** Host time of reading the parents (and depths) back and mapping them to your ids. */
  readonly readMs: number;
  /** Levels encoded per search. */
  readonly levelsPerSearch: number;
  /** Searches that had not ended within `levelsPerSearch` levels and were run again one at a time. */
  readonly rerun: number;
  /** Searches a group held: a group's outputs are read back before the next group starts. */
  readonly groupSize: number;
}

/** What `runEach` ({@link BfsRunner.runEach}, {@link CoreBfs.runEach}) hands each result to, with its index in the sources; what it returns is awaited before the next result. */
export type BfsEachUse<R> = (result: R, index: number) => unknown;

/** What {@link BfsRunner.runMany} returns: one result per source, in the order given, and the batch's times. */
export interface BfsManyResult extends BfsEachResult {
  /** Each search as `run` returns it; its `searchMs` is its share of its group's wall time (plus its own search when run again). */
  readonly results: readonly BfsResult[];
}

/** Options of {@link BfsRunner.runMany} and {@link BfsRunner.runEach}. */
export interface BfsManyOptions {
  readonly depths?: boolean;
  /** Levels encoded per search, up to 512 (a search that needs more is run again alone); default: as many as the deepest search this runner has run needed, plus one (16 before any), at most 512. */
  readonly levels?: number;
  /** GPU memory for the searches' output slots (parents, and depths when asked for), which sets the group size (at most 2048 searches, the passes one query set times). Default 2 GiB. */
  readonly outputBytes?: number;
}

export { MAX_MULTI_SOURCES } from './bfs.steps.js';

/** Levels the first submit of a runner's first search encodes (a scale-free graph's whole search), and the most any submit encodes. */
const FIRST_BATCH = 16;
const MAX_BATCH = 512;
/** Default GPU memory of runMany's output slots. */
const MANY_OUTPUT_BYTES = 2 ** 31;
/** Levels a first submit (and runMany) encodes past the deepest search seen: Kronecker searches from different sources differ by a level or so, and a level past a search's end costs empty dispatches. */
const MANY_SPARE_LEVELS = 1;
/** Searches one runMany submit holds at most: the first holds one, so that the GPU starts at once, and each next twice as many up to this. */
const SEARCHES_PER_SUBMIT = 8;
/** Which of a level's parameter blocks a step reads (see `#commandsSpec`). */
const LEVEL_BLOCK = { level: 0, bottomUpFirst: 1, bottomUpLater: 2 } as const;
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
  readonly #ids: BfsIds;
  readonly #kernels: BfsKernels;
  readonly #rounds: Uint32Array;
  readonly #chunkWords: number;
  readonly #buffers: Record<string, GPUBuffer>;
  readonly #own: GPUBuffer[];
  readonly #life = new RunnerLife('BfsRunner');
  /** The control steps' counts (by level parity), the level's steps' and the hub step's. */
  readonly #indirect: { readonly control: readonly GPUBuffer[]; readonly steps: GPUBuffer; readonly hubs: GPUBuffer };
  /** Workgroups of a control step: enough to clear a frontier bitmap. */
  readonly #clearGroups: number;
  /** Each kernel's buffers for even and odd levels. */
  readonly #levelBindings: readonly LevelBindings[];
  /** The steps' grids under fixed dispatch. */
  readonly #fixed: FixedGrids;
  /** Levels the deepest search so far needed (its last level, plus the control step that found the frontier empty). */
  #deepest = 0;
  /** runMany's output slots and headers, grown to the largest group seen. */
  #many: ManySlots | undefined;
  /** runMulti's buffers and bindings, the parents grown to the most sources seen. */
  #multi: MultiBuffers | undefined;
  /** The searches' pipelines, bind groups and parameter blocks, prepared once (set by `create`). */
  #commands!: BfsCommands;

  private constructor(fields: {
    device: Device;
    graph: Csr;
    inner: Csr;
    ids: BfsIds;
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
    this.#ids = fields.ids;
    this.plan = fields.plan;
    this.#kernels = fields.kernels;
    this.#rounds = fields.rounds;
    this.#chunkWords = fields.plan.chunkWords;
    this.#buffers = fields.buffers;
    this.#own = fields.own;
    this.#indirect = fields.indirect;
    this.#levelBindings = [this.#makeLevelBindings(0), this.#makeLevelBindings(1)];
    this.#clearGroups = controlGroups(this.n, fields.plan.workgroupSize);
    this.#fixed = fixedGrids(fields.plan, this.n, fields.rounds);
  }

  /** Checks the graph and options, relabels by degree (unless told not to), builds the blocked adjacency and uploads it. */
  static async create(device: Device, csr: Csr, options: BfsOptions = {}): Promise<BfsRunner> {
    const started = performance.now();
    const { graph, inner, ids, layout, plan: base, phases } = prepareBfs(csr, options, await bfsHostWork(csr, options));
    const split = splitAdjacency(device.limits, inner.n, layout.words.length, {
      chunkBytes: options.chunkBytes,
      slotMap: !layout.ordered,
      otherBindings: bfsBindingsBesideChunks({ ordered: layout.ordered, countEdges: !base.mfApprox }),
    });
    const aggregationOption = options.aggregation ?? 'auto';
    const aggregation = aggregationOption === 'auto' ? (device.gpu.features.has('subgroups') ? 'subgroup' : 'workgroup') : aggregationOption;
    const { workgroupSize, lanes, blockLength } = base;
    const specs = bfsSpecs({ workgroupSize, lanes, blockLength, ordered: layout.ordered, chunks: split.chunks, countEdges: !base.mfApprox, aggregation });
    const kernels = {
      seed: kernelFor(specs.seed),
      control: kernelFor(specs.control),
      topDown: kernelFor(specs.topDown),
      hub: kernelFor(specs.hub),
      bottomUp: kernelFor(specs.bottomUp),
      check: kernelFor(specs.check),
      multi: kernelFor(specs.multi),
    };
    const { buffers, own, indirect } = await phases.timeAsync('upload', () => upload(device, inner, layout, split.chunkWords, split.chunks));
    const preprocessMs = performance.now() - started;
    const plan: BfsRunnerPlan = {
      ...base,
      dispatch: options.dispatch ?? defaultBfsDispatch(device.describe().isFallbackAdapter),
      aggregation,
      chunks: split.chunks,
      chunkWords: split.chunkWords,
      preprocessMs,
      // Live: the commands step below ends after the runner (which holds the plan) exists.
      phases: phases.live,
    };
    const runner = new BfsRunner({ device, graph, inner, ids, plan, kernels, rounds: layout.rounds, buffers, own, indirect });
    // The pipelines compile here (outside preprocessMs, as when the first search compiled them).
    try {
      runner.#commands = await phases.timeAsync('commands', () => BfsCommands.create(device, runner.#commandsSpec()));
    } catch (e) {
      runner.destroy();
      throw e;
    }
    return runner;
  }

  /**
   * Searches from `source` (a vertex of the graph given to `create`). With `depths`, also returns each
   * vertex's level; with `check`, validates the search on the GPU by the Graph500 rules (`bfs_check`); `profile`
   * overrides the plan's `profileLevels` for this search (one level a submit, each timed on the GPU).
   */
  async run(source: number, options: { readonly depths?: boolean; readonly check?: boolean; readonly profile?: boolean } = {}): Promise<BfsResult> {
    this.#life.check('run');
    checkSource(this.n, source);
    const inner = this.#ids.inner(source);
    const { levels, searchMs, reached } = await this.#search(inner, options.profile ?? this.plan.profileLevels);
    const check = options.check ? await this.#check(inner) : undefined;
    const readStarted = performance.now();
    const output = await this.#readOutput(this.#buffers.parent, options.depths ? this.#buffers.depth : undefined);
    const readMs = performance.now() - readStarted;
    return { source, ...output, levels, reached, searchMs, readMs, ...(check ? { check } : {}) };
  }

  /**
   * Searches from every source with no read-back between the searches: each search is one compute pass, timed
   * on its own (its state header copied in on the GPU, the seed, `levels` levels, then its state and parents
   * copied to slots of its own); the first submit holds one search and each next twice as many up to 8, queued
   * back to back, so the GPU starts at once and runs one search after another while the host encodes the next.
   * Encoding a search is only its WebGPU calls: bind groups and parameter blocks are the runner's, made once.
   * The sources go in groups whose output slots fit `outputBytes`; a group's outputs are read back once its
   * last search is done. A search still running after its levels (its state says so) is run again with `run`,
   * its time added to its share. Levels past a search's end cost only kernels that return at once.
   *
   * @example
   * const { results, searchMs, gpuMs } = await runner.runMany(sources, { depths: true });
   * console.log(`${searchMs / sources.length} ms a search (wall), GPU ${gpuMs?.[0]} ms for the first`);
   */
  async runMany(sources: readonly number[], options: BfsManyOptions = {}): Promise<BfsManyResult> {
    const results: BfsResult[] = [];
    const batch = await this.#each('runMany', sources, (result) => results.push(result), options);
    return { results, ...batch };
  }

  /**
   * Searches from every source as {@link BfsRunner.runMany} does, but hands each result to `use` (with its index
   * in `sources`) as soon as its group is read back, and keeps none: at Kronecker scale 26 a result's parents are
   * 256 MiB, runMany's 64 of them 16 GiB of host memory. A promise `use` returns is awaited before the next
   * result is read (so the next group starts only after the last result's `use`); an error it throws rejects
   * runEach with nothing left running. `use` may call `run` and `check` (the group's outputs wait in slots of
   * their own), not `runMany`, `runEach` or `destroy`. The times are runMany's: `use` counts in none of them.
   *
   * @example
   * const { searchMs } = await runner.runEach(sources, async (r) => {
   *   if (!(await runner.check(r.source, r.parent, r.depth!)).ok) throw new Error(`bad search from ${r.source}`);
   * }, { depths: true });
   */
  runEach(sources: readonly number[], use: BfsEachUse<BfsResult>, options: BfsManyOptions = {}): Promise<BfsEachResult> {
    return this.#each('runEach', sources, use, options);
  }

  /**
   * Checks a parent array and its depths (your ids; −1 where unreached) by the Graph500 rules on the GPU, as
   * `run(…, { check: true })` checks its own: for answers computed elsewhere, e.g. by {@link CoreBfs}.
   * Overwrites the runner's last result on the GPU.
   */
  async check(source: number, parent: Int32Array, depth: Int32Array): Promise<BfsGpuCheck> {
    this.#life.check('check');
    checkAnswer(this.n, source, parent, depth);
    const stored = this.#ids.storedForCheck(parent, depth);
    this.#device.upload(this.#buffers.parent, stored.parent);
    this.#device.upload(this.#buffers.depth, stored.depth);
    return this.#check(this.#ids.inner(source));
  }

  /**
   * Up to {@link MAX_MULTI_SOURCES} searches in one pass per level (`bfs_multi`: bottom-up, a bit per search in
   * a u32 per vertex, each vertex's list read once for all the searches still missing it). Pays when many
   * searches share the graph's levels (closeness-style workloads); each search's parents come back as `run`'s.
   * Needs sources × n u32 parents within one storage binding.
   */
  async runMulti(sources: readonly number[]): Promise<BfsMultiResult> {
    this.#life.check('runMulti');
    checkMultiSources(this.n, sources);
    const n = this.n;
    const m = await this.#multiBuffers(sources.length);
    const inner = sources.map((s) => this.#ids.inner(s));
    // The seeds, written on the GPU after the clears: each distinct source's mask of searches, then each search's own parent.
    const masks = new Map<number, number>();
    inner.forEach((s, i) => masks.set(s, (masks.get(s) ?? 0) | (1 << i)));
    const seeds = Uint32Array.from([...masks.values(), ...inner.map((s) => s + 1)]);
    this.#device.upload(m.seeds, seeds);
    const all = multiSearchMask(sources.length);
    const k = this.#kernels.multi;
    // Each launch of a batch writes its own counter slot: the batch's parameter blocks, made once.
    const params = Array.from({ length: MULTI_BATCH }, (_, j) => this.#params({ count: n, source: all, slot: j }));
    const started = performance.now();
    let levels = 0;
    for (let done = false; !done; ) {
      const batch = this.#device.batch({ label: 'bfs multi', timing: false });
      if (levels === 0) {
        batch.clear(m.seen).clear(m.frontiers[0]).clear(m.parents, 0, 4 * sources.length * n);
        [...masks.keys()].forEach((s, j) => batch.copy(m.seeds, m.seen, 4, 4 * j, 4 * s).copy(m.seeds, m.frontiers[0], 4, 4 * j, 4 * s));
        inner.forEach((s, i) => batch.copy(m.seeds, m.parents, 4, 4 * (masks.size + i), 4 * (i * n + s)));
      }
      batch.clear(this.#buffers.counters, 0, 8 * MULTI_BATCH);
      for (let j = 0; j < MULTI_BATCH; j++) {
        // Level 1 reads frontier A; the parity of the level picks the bindings.
        batch.dispatch(k, { buffers: m.bindings[(levels + j) % 2], params: params[j], workgroups: dispatchGrid(k.spec, n) });
      }
      await batch.submit();
      const outcome = multiBatchOutcome(await this.#device.read(this.#buffers.counters, Uint32Array, 0, 2 * MULTI_BATCH));
      levels += outcome.levels;
      done = outcome.done;
    }
    const searchMs = performance.now() - started;
    const parents = this.#ids.multiParentsToCaller(await this.#device.read(m.parents, Uint32Array, 0, sources.length * n), sources.length);
    return { sources, parents, levels, searchMs };
  }

  /** runMulti's buffers, made on its first call and the parents grown to `sources` × n when fewer; the bindings of both parities with them. */
  async #multiBuffers(sources: number): Promise<MultiBuffers> {
    const have = this.#multi;
    if (have && have.capacity >= sources) return have;
    const words = Math.max(this.n, 1);
    const [m] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep): Promise<MultiBuffers> => {
      const make = async (name: string, count: number) => keep(await this.#device.createBuffer(`bfs.multi.${name}`, count * 4, 'storage'));
      const parents = await make('parents', sources * words);
      have?.parents.destroy();
      const kept = have ?? { seen: await make('seen', words), frontiers: [await make('frontierA', words), await make('frontierB', words)] as const, seeds: await make('seeds', 2 * MAX_MULTI_SOURCES) };
      const k = this.#kernels.multi;
      const bind = (p: number) => this.#bind(k, { seen: kept.seen, parents, frontier_in: kept.frontiers[p], frontier_out: kept.frontiers[1 - p] });
      return { capacity: sources, seen: kept.seen, frontiers: kept.frontiers, seeds: kept.seeds, parents, bindings: [bind(0), bind(1)] };
    });
    this.#multi = m;
    return m;
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    if (!this.#life.end()) return;
    if (this.#many) destroyManySlots(this.#many);
    this.#many = undefined;
    if (this.#multi) for (const b of multiBuffers(this.#multi)) b.destroy();
    this.#multi = undefined;
    this.#commands?.destroy();
    for (const b of this.#own) b.destroy();
    this.#own.length = 0;
  }

  /** Runs `bfs_check` over the search just finished from `source` (kernels' ids). */
  async #check(source: number): Promise<BfsGpuCheck> {
    const errors = this.#buffers.errors;
    this.#device.upload(errors, new Uint32Array(CHECK_RULES.length).fill(NO_NEIGHBOUR));
    const batch = this.#device.batch({ label: 'bfs check', timing: false });
    const k = this.#kernels.check;
    batch.dispatch(k, { buffers: this.#bind(k, {}), params: this.#params({ count: this.n, source }), workgroups: dispatchGrid(k.spec, this.n) });
    await batch.submit();
    return this.#ids.checkOutcome(await this.#device.read(errors, Uint32Array, 0, CHECK_RULES.length));
  }

  /** The buffers a kernel binds, by name, from the runner's and `extra`. */
  #bind(kernel: GeneratedKernel, extra: Record<string, GPUBuffer>): Record<string, GPUBuffer> {
    const pool = { ...this.#buffers, ...extra };
    return kernelBuffers(kernel.bindings, (name) => pool[name]);
  }

  /**
   * The level loop, in the kernels' ids, on the GPU: each submit encodes a batch of levels, each a
   * `bfs_control` step (which sizes the level's steps through indirect counts, zero once the frontier is
   * empty) and the steps; the host reads the state back once per batch. The first batch holds as many levels
   * as the deepest search so far needed plus one (16 before any: a scale-free graph's whole search), and
   * batches double up to 512 (a road network's thousands); past the first, the next batch is
   * encoded and queued while the GPU runs the current one. The parents stay on the GPU.
   */
  async #search(source: number, profile: boolean): Promise<{ levels: BfsLevel[]; searchMs: number; reached: number }> {
    const b = this.#buffers;
    this.#device.upload(b.state, this.#header(source));
    // Level 1 (odd) runs the control step from the second control buffer.
    if (this.plan.dispatch === 'indirect') this.#device.upload(this.#indirect.control[1], this.#firstControl());
    this.#commands.writeSeeds([this.#params({ source })]);
    const started = performance.now();
    const levels: BfsLevel[] = [];
    // Each submit's levels (first to last that ran) and times, which the levels it ran share.
    const submits: { first: number; last: number; wallMs: number; gpuMs?: number }[] = [];
    const grow = (size: number) => (profile || this.plan.levelsPerSubmit !== undefined ? size : Math.min(2 * size, MAX_BATCH));
    let current = this.#launch({ first: 1, size: profile ? 1 : (this.plan.levelsPerSubmit ?? this.#learntLevels()), readback: b.stateReadback, seed: true, timed: profile });
    for (;;) {
      const after = current.first + current.size;
      const spare = current.readback === b.stateReadback ? b.stateReadbackB : b.stateReadback;
      // A search past its first submit is a long one: the next submit is encoded and queued while the GPU runs
      // this one (levels past the end do nothing, so queuing one too many costs only empty dispatches).
      const next = !profile && current.first > 1 ? this.#launch({ first: after, size: grow(current.size), readback: spare, seed: false, timed: false }) : undefined;
      // The submit's error scopes are waited for beside the GPU, not before it (see errorScoped in the runtime).
      const [ran, mapped] = await Promise.allSettled([current.result, current.readback.mapAsync(MapMode.READ)]);
      if (ran.status === 'rejected') {
        if (mapped.status === 'fulfilled') current.readback.unmap();
        throw ran.reason;
      }
      if (mapped.status === 'rejected') throw mapped.reason;
      const { gpuTimeMs } = ran.value;
      const state = new Uint32Array(current.readback.getMappedRange().slice(0));
      current.readback.unmap();
      const wallMs = performance.now() - current.started;
      const done = state[STATE.done] === 1;
      if (done) this.#deepest = Math.max(this.#deepest, state[STATE.level] + 1);
      submits.push({ first: current.first, last: done ? state[STATE.level] : after - 1, wallMs, gpuMs: gpuTimeMs });
      // The control step of level l + 1 closes level l: a submit not done has the statistics of all but its last
      // level, whose time is its own submit's.
      const closed = done ? state[STATE.level] : state[STATE.level] - 1;
      for (let l = levels.length + 1; l <= closed; l++) {
        const ran = submits.findLast((r) => r.first <= l && l <= r.last)!;
        const count = ran.last - ran.first + 1;
        levels.push(levelFromState(state, l, ran.wallMs, ran.gpuMs, count));
      }
      if (done) {
        if (next) await next.result;
        return { levels, searchMs: performance.now() - started, reached: state[STATE.visited] };
      }
      current = next ?? this.#launch({ first: after, size: grow(current.size), readback: spare, seed: false, timed: profile });
    }
  }

  /**
   * Levels a search's first submit encodes: as many as the deepest search so far needed plus one, at most 512, or
   * 16 before any search. Under fixed dispatch every level past a search's end still launches its (idle) grids.
   */
  #learntLevels(): number {
    return this.#deepest === 0 ? FIRST_BATCH : Math.min(MAX_BATCH, this.#deepest + MANY_SPARE_LEVELS);
  }

  /** The state header a search from `source` (kernels' ids) starts from: the source alone in the frontier. */
  #header(source: number): Uint32Array {
    return initialState(this.#inner.indptr, this.n, source, this.plan.direction);
  }

  /** The indirect counts of level 1's control step (a clear of the bitmap): the control buffer of odd levels starts with these. */
  #firstControl(): Uint32Array {
    return Uint32Array.of(this.#clearGroups, 1, 1);
  }

  /** Encodes a search's start once its header is in `state`: clears the parents, bitmaps and visited bits (the seed follows in its pass). */
  #encodeClears(encoder: GPUCommandEncoder): void {
    const b = this.#buffers;
    encoder.clearBuffer(b.parent);
    encoder.clearBuffer(b.bitmapA);
    encoder.clearBuffer(b.bitmapB);
    encoder.clearBuffer(b.state, 4 * BFS_STATE_HEADER, b.state.size - 4 * BFS_STATE_HEADER);
  }

  /** runMany and runEach (`method` names the one called in errors): the sources in groups whose outputs fit `outputBytes`, each result handed to `use`. */
  async #each(method: string, sources: readonly number[], use: BfsEachUse<BfsResult>, options: BfsManyOptions): Promise<BfsEachResult> {
    this.#life.check(method);
    for (const s of sources) checkSource(this.n, s);
    const levels = options.levels ?? this.#learntLevels();
    if (!(Number.isInteger(levels) && levels >= 1 && levels <= MAX_BATCH)) throw new RangeError(`bfs: ${method} levels = ${levels} (expected an integer from 1 to ${MAX_BATCH})`);
    const outputBytes = options.outputBytes ?? MANY_OUTPUT_BYTES;
    const depths = options.depths ?? false;
    const slotBytes = 4 * Math.max(this.n, 1) * (depths ? 2 : 1);
    if (!(outputBytes >= slotBytes)) throw new RangeError(`bfs: ${method} outputBytes = ${outputBytes} is below one search's outputs (${slotBytes} bytes); give at least that`);
    const groupSize = Math.max(1, Math.min(sources.length, Math.floor(outputBytes / slotBytes), MAX_TIMED_PASSES));
    const gpuMs: (number | undefined)[] = [];
    let searchMs = 0;
    let readMs = 0;
    let rerun = 0;
    for (let i = 0; i < sources.length; i += groupSize) {
      const group = await this.#runGroup(sources.slice(i, i + groupSize), levels, depths, (result, k) => use(result, i + k));
      gpuMs.push(...group.gpuMs);
      searchMs += group.searchMs;
      readMs += group.readMs;
      rerun += group.rerun;
    }
    const timed = gpuMs.length > 0 && gpuMs.every((t) => t !== undefined);
    return { searchMs, ...(timed ? { gpuMs: gpuMs as number[] } : {}), readMs, levelsPerSearch: levels, rerun, groupSize };
  }

  /**
   * One group of runMany: a pass per search, a few searches a submit, queued without waiting, each search's
   * header, seed parameters, state and outputs in slots of its own; then the states, and each search's outputs
   * (a search that needs more levels run again) handed to `use` in turn.
   */
  async #runGroup(sources: readonly number[], levels: number, depths: boolean, use: BfsEachUse<BfsResult>) {
    const slots = await this.#manySlots(sources.length, depths);
    const commands = this.#commands;
    const stateBytes = 4 * BFS_STATE_HEADER;
    const inner = sources.map((s) => this.#ids.inner(s));
    const headers = new Uint32Array(STATE.words * sources.length);
    inner.forEach((s, k) => headers.set(this.#header(s), k * STATE.words));
    this.#device.upload(slots.headers, headers);
    commands.writeSeeds(inner.map((source) => this.#params({ source })));
    commands.reserveLevels(levels);
    const timed = commands.canTime;
    if (timed) commands.reserveTimes(sources.length);
    const started = performance.now();
    const submits: Promise<void>[] = [];
    for (let k = 0, size = 1; k < inner.length; k += size, size = Math.min(2 * size, SEARCHES_PER_SUBMIT)) {
      const end = Math.min(inner.length, k + size);
      const submitted = commands.submit('bfs many', (encoder) => {
        for (let j = k; j < end; j++) this.#encodeManySearch(encoder, slots, j, levels, depths, timed);
        if (timed && end === inner.length) commands.resolveTimes(encoder, inner.length);
      });
      // Awaited below; a failure must not count as unhandled before that.
      submitted.catch(() => undefined);
      submits.push(submitted);
    }
    await Promise.all(submits);
    await slots.states.mapAsync(MapMode.READ, 0, sources.length * stateBytes);
    const states = new Uint32Array(slots.states.getMappedRange(0, sources.length * stateBytes).slice(0));
    slots.states.unmap();
    const searchMs = performance.now() - started;
    const share = searchMs / sources.length;
    const gpuMs = timed ? await commands.readTimes(sources.length) : sources.map(() => undefined);
    let readMs = 0;
    let rerun = 0;
    for (const [k, source] of sources.entries()) {
      const state = states.subarray(k * BFS_STATE_HEADER, (k + 1) * BFS_STATE_HEADER);
      if (state[STATE.done] !== 1) {
        const again = await this.run(source, { depths });
        readMs += again.readMs;
        rerun++;
        await use({ ...again, searchMs: share + again.searchMs }, k);
        continue;
      }
      const last = state[STATE.level];
      this.#deepest = Math.max(this.#deepest, last + 1);
      const levelRows = Array.from({ length: last }, (_, i) => levelFromState(state, i + 1, share, gpuMs[k], last));
      const readStarted = performance.now();
      const output = await this.#readOutput(slots.parents[k], depths ? slots.depths[k] : undefined);
      const read = performance.now() - readStarted;
      readMs += read;
      await use({ source, ...output, levels: levelRows, reached: state[STATE.visited], searchMs: share, readMs: read }, k);
    }
    return { gpuMs, searchMs, readMs, rerun };
  }

  /** Encodes runMany's search `k`: its header into `state`, the clears, its pass (seed slot k, levels 1 … `levels`), its state and outputs into its slots. */
  #encodeManySearch(encoder: GPUCommandEncoder, slots: ManySlots, k: number, levels: number, depths: boolean, timed: boolean): void {
    const b = this.#buffers;
    const headerBytes = 4 * STATE.words;
    const stateBytes = 4 * BFS_STATE_HEADER;
    const outputBytes = 4 * Math.max(this.n, 1);
    encoder.copyBufferToBuffer(slots.headers, k * headerBytes, b.state, 0, headerBytes);
    if (this.plan.dispatch === 'indirect') encoder.copyBufferToBuffer(slots.firstControl, 0, this.#indirect.control[1], 0, 12);
    this.#encodeClears(encoder);
    this.#commands.encodePass(encoder, { seedSlot: k, first: 1, count: levels, ...(timed ? { timeSlot: k } : {}) });
    encoder.copyBufferToBuffer(b.state, 0, slots.states, k * stateBytes, stateBytes);
    encoder.copyBufferToBuffer(b.parent, 0, slots.parents[k], 0, outputBytes);
    if (depths) encoder.copyBufferToBuffer(b.depth, 0, slots.depths[k], 0, outputBytes);
  }

  /** runMany's slots for `count` searches (parents, depths when asked for, states, headers), grown when too few. */
  async #manySlots(count: number, depths: boolean): Promise<ManySlots> {
    const have = this.#many;
    if (have && have.parents.length >= count && (!depths || have.depths.length >= count)) return have;
    const capacity = Math.max(count, have?.parents.length ?? 0);
    if (have) destroyManySlots(have);
    this.#many = undefined;
    const [slots] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep): Promise<ManySlots> => {
      const make = async (name: string, bytes: number, kind: 'storage' | 'readback') => keep(await this.#device.createBuffer(`bfs.many.${name}`, bytes, kind));
      const words = Math.max(this.n, 1);
      const parents: GPUBuffer[] = [];
      const depthSlots: GPUBuffer[] = [];
      for (let k = 0; k < capacity; k++) parents.push(await make(`parent${k}`, 4 * words, 'storage'));
      if (depths || (have?.depths.length ?? 0) > 0) for (let k = 0; k < capacity; k++) depthSlots.push(await make(`depth${k}`, 4 * words, 'storage'));
      return {
        parents,
        depths: depthSlots,
        states: await make('states', 4 * BFS_STATE_HEADER * capacity, 'readback'),
        headers: await make('headers', 4 * STATE.words * capacity, 'storage'),
        firstControl: await make('firstControl', 12, 'storage'),
      };
    });
    this.#device.upload(slots.firstControl, this.#firstControl());
    this.#many = slots;
    return slots;
  }

  /** A search's parents (and depths) from the GPU, in the caller's ids; depths are −1 where a vertex was not reached. */
  async #readOutput(parentBuffer: GPUBuffer, depthBuffer: GPUBuffer | undefined): Promise<{ parent: Int32Array; depth?: Int32Array }> {
    const parent = this.#ids.parentsToCaller(await this.#device.read(parentBuffer, Uint32Array, 0, this.n));
    if (!depthBuffer) return { parent };
    return { parent, depth: this.#ids.depthsToCaller(await this.#device.read(depthBuffer, Uint32Array, 0, this.n), parent) };
  }

  /**
   * Encodes levels first … first + size − 1 (after the clears and the seed, for a search's first submit) and the
   * state's read-back (in the same submit: one round trip), and submits; `timed`: the pass's GPU time too.
   */
  #launch(p: { first: number; size: number; readback: GPUBuffer; seed: boolean; timed: boolean }) {
    const commands = this.#commands;
    const timed = p.timed && commands.canTime;
    commands.reserveLevels(p.first + p.size - 1);
    if (timed) commands.reserveTimes(1);
    let started = 0;
    const submitted = commands.submit('bfs search', (encoder) => {
      if (p.seed) this.#encodeClears(encoder);
      commands.encodePass(encoder, { ...(p.seed ? { seedSlot: 0 } : {}), first: p.first, count: p.size, ...(timed ? { timeSlot: 0 } : {}) });
      encoder.copyBufferToBuffer(this.#buffers.state, 0, p.readback, 0, 4 * BFS_STATE_HEADER);
      if (timed) commands.resolveTimes(encoder, 1);
      started = performance.now();
    });
    const result = submitted.then(async () => ({ gpuTimeMs: timed ? (await commands.readTimes(1))[0] : undefined }));
    // Awaited by the search; a failure must not count as unhandled before that.
    result.catch(() => undefined);
    return { first: p.first, size: p.size, readback: p.readback, started, result };
  }

  /**
   * The seed and the steps of every level, for {@link BfsCommands} to prepare once: a level is its control step
   * (indirect counts from the control buffer of the level's parity, its own written to the other), then top-down
   * and its hub step, then bottom-up round 0 over every slot and the later rounds over the slots that have them
   * (so vertices that found a parent in their first block drop out). Under fixed dispatch the same steps go on
   * fixed grids, and the kernels find from `state` whether they have work.
   */
  #commandsSpec(): BfsCommandsSpec {
    const k = this.#kernels;
    const { control, steps, hubs } = this.#indirect;
    const fixed = this.plan.dispatch === 'fixed';
    const [even, odd] = this.#levelBindings;
    const roundCount = this.#rounds.length / 2;
    // A step sized by the counts at `offset` of `indirect` (by parity), or, under fixed dispatch, on the grid given.
    const step = (kernel: GeneratedKernel, name: keyof LevelBindings, block: number, indirect: readonly [GPUBuffer, GPUBuffer], offset: number, grid: readonly [number, number?]): LevelStep => ({
      kernel,
      buffers: [even[name], odd[name]],
      block,
      launch: fixed ? { grid: [grid[0], grid[1] ?? 1] } : { indirect, offset },
    });
    const list = [step(k.control, 'control', LEVEL_BLOCK.level, [control[0], control[1]], 0, [this.#clearGroups])];
    if (this.plan.direction !== 'bottom-up') {
      list.push(step(k.topDown, 'topDown', LEVEL_BLOCK.level, [steps, steps], 0, [this.#fixed.topDown]));
      // No vertex has a block in the hub round: bfs_top_down never lists a hub.
      if (hasHubRound(this.plan.lanes, this.#rounds)) list.push(step(k.hub, 'hub', LEVEL_BLOCK.level, [hubs, hubs], 0, this.#fixed.hub));
    }
    if (this.plan.direction !== 'top-down' && roundCount > 0) {
      list.push(step(k.bottomUp, 'bottomUp', LEVEL_BLOCK.bottomUpFirst, [steps, steps], 12, [this.#fixed.bottomUpFirst]));
      if (roundCount > 1) list.push(step(k.bottomUp, 'bottomUp', LEVEL_BLOCK.bottomUpLater, [steps, steps], 24, [this.#fixed.bottomUpLater]));
    }
    const levelParams = (level: number) => [
      this.#params({ level, count: this.#clearGroups, roundEnd: roundCount }),
      this.#params({ level, count: this.#rounds[1], roundEnd: 1 }),
      this.#params({ level, count: this.#rounds[3], roundFirst: 1, roundEnd: roundCount }),
    ];
    return { seed: { kernel: k.seed, buffers: this.#bind(k.seed, { bitmap_out: this.#buffers.bitmapB }) }, steps: list, levelParams };
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
  #params(p: Parameters<typeof bfsParams>[4]): Uint32Array {
    return bfsParams(this.n, this.#rounds, this.#chunkWords, this.plan, p);
  }
}

/** runMany's per-search slots: outputs on the GPU, the states in one mappable buffer, the headers the searches start from. */
interface ManySlots {
  readonly parents: readonly GPUBuffer[];
  readonly depths: readonly GPUBuffer[];
  readonly states: GPUBuffer;
  readonly headers: GPUBuffer;
  readonly firstControl: GPUBuffer;
}

/** runMulti's buffers: what each vertex has seen, the two frontiers, the seeds, sources × n parents; the bindings of even and odd levels. */
interface MultiBuffers {
  readonly capacity: number;
  readonly seen: GPUBuffer;
  readonly frontiers: readonly [GPUBuffer, GPUBuffer];
  readonly seeds: GPUBuffer;
  readonly parents: GPUBuffer;
  readonly bindings: readonly [Record<string, GPUBuffer>, Record<string, GPUBuffer>];
}

function multiBuffers(m: MultiBuffers): GPUBuffer[] {
  return [m.seen, ...m.frontiers, m.seeds, m.parents];
}

function destroyManySlots(slots: ManySlots): void {
  for (const b of [...slots.parents, ...slots.depths, slots.states, slots.headers, slots.firstControl]) b.destroy();
}

/** Level `level`'s statistics row of a state read-back, with its share of the times of the `count` levels run with it. */
function levelFromState(state: Uint32Array, level: number, wallMs: number, gpuMs: number | undefined, count: number): BfsLevel {
  const row = STATE.stats + 4 * (level % BFS_STATS_RING);
  return {
    level,
    direction: state[row] === 1 ? 'bottom-up' : 'top-down',
    frontier: state[row + 1],
    frontierEdges: state[row + 2],
    discovered: state[row + 3],
    wallMs: wallMs / count,
    ...(gpuMs === undefined ? {} : { gpuMs: gpuMs / count }),
    ...(count > 1 ? { batched: count } : {}),
  };
}

/**
 * Uploads the layout and makes the search state: parents, depths, the queues (two and the hub list), two
 * frontier bitmaps, `state` (header, statistics, visited bitmap), the multi-source counters, the check's
 * errors, and the indirect-count buffers.
 */
async function upload(device: Device, inner: Csr, layout: BlockedAdjacency, chunkWords: number, chunks: number) {
  const buffers: Record<string, GPUBuffer> = {};
  const [indirect, own] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep) => {
    // WebGPU refuses empty bindings: every buffer has at least one word.
    const store = async (name: string, data: Uint32Array) => void (buffers[name] = keep(await device.createStorage(`bfs.${name}`, data.length > 0 ? data : new Uint32Array(1))));
    const empty = async (name: string, words: number) => void (buffers[name] = keep(await device.createBuffer(`bfs.${name}`, words * 4, 'storage')));
    const indirect = (name: string, words: number) => keep(device.gpu.createBuffer({ label: `bfs.${name}`, size: words * 4, usage: INDIRECT_USAGE }));
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
    for (const name of ['stateReadback', 'stateReadbackB']) buffers[name] = keep(await device.createBuffer(`bfs.${name}`, 4 * BFS_STATE_HEADER, 'readback'));
    return { control: [indirect('controlA', 3), indirect('controlB', 3)], steps: indirect('steps', 9), hubs: indirect('hubs', 3) };
  });
  // `own` holds the indirect-count buffers too: the runner frees them with the rest.
  return { buffers, own, indirect };
}
