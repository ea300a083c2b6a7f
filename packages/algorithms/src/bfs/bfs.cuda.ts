import { BFS_STATE_HEADER, dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { CudaBuffer, CudaDevice, CudaKernel, Handle, PinnedMemory as Pinned, PreparedLaunch } from '@semiforge/runtime-cuda';
import { cudaView } from '../kernels/cuda-view.js';
import { kernelBuffers } from '../kernels/kernel-buffers.js';
import { kernelFor } from '../kernels/kernel-source.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { CUDA_MAX_LEVEL_GROUP, cudaHeaderRing, cudaLevelGroup, planCudaBfs } from './bfs.cuda-plan.js';
import type { BfsIds } from './bfs.ids.js';
import { checkAnswer, checkMultiSources, checkSource } from './bfs.input.js';
import { NO_NEIGHBOUR, type BlockedAdjacency } from './bfs.layout.js';
import type { BfsKernelSpecs, BfsOptions } from './bfs.plan.js';
import { bfsHostWork } from './bfs.prepare.js';
import type { BfsGpuCheck, BfsLevel, BfsMultiResult, BfsResult, BfsRunnerPlan } from './bfs.runner.js';
import { bfsParams, bitmapWords, CHECK_RULES, controlGroups, fixedGrids, hasHubRound, initialState, MULTI_BATCH, multiBatchOutcome, multiSearchMask, PARAMS_LEVEL_WORD, STATE, type FixedGrids } from './bfs.steps.js';

/** A kernel loaded on the device, with the spec its grid is sized from. */
interface Loaded {
  readonly cuda: CudaKernel;
  readonly generated: GeneratedKernel;
}

type Kernels = Record<keyof BfsKernelSpecs, Loaded>;

/** A group of levels launched and not yet read: its levels, the pinned slot their state headers are copied to, and the fence after the copy. */
interface InFlight {
  readonly first: number;
  readonly size: number;
  readonly slot: number;
  readonly fence: Handle;
}

/**
 * {@link BfsRunner}'s twin on the CUDA backend: the same preparation, layout, plan and kernels (generated for
 * `target: 'cuda'`, compiled to cubins, cached on disk), launched on the device's stream. The level loop
 * runs as WebGPU's fixed-grid mode does (each level a `bfs_control` launch and the steps, which read from
 * `state` whether the level is theirs), but the host reads the state far more often: a launch (prepared once,
 * only its level set each time) costs a few microseconds, and a copy of the 64-byte header into pinned memory
 * followed by a fence needs no stream synchronisation. The first 32 levels are read one by one (a Kronecker
 * search ends well within them), later ones in growing groups of up to 32 (a road network's thousands of
 * levels, where the host's calls are the cost); the next group is already queued (`plan.levelsPerSubmit` groups in flight,
 * default 2) while the host polls the fence of the current one, so the GPU does not wait for the host's reads
 * while levels are large, and at most `levelsPerSubmit − 1` groups run past a search's end.
 *
 * @example
 * const { openCudaDevice } = await loadCudaRuntime();
 * const gpu = await openCudaDevice();
 * const runner = await CudaBfsRunner.create(gpu, csr, { mfApprox: true });
 * const { parent } = await runner.run(0);
 * runner.destroy();
 */
export class CudaBfsRunner {
  readonly n: number;
  readonly plan: BfsRunnerPlan;
  /** The graph searched, in the caller's ids (symmetrised if asked). */
  readonly graph: Csr;
  readonly #device: CudaDevice;
  readonly #inner: Csr;
  readonly #ids: BfsIds;
  readonly #kernels: Kernels;
  readonly #rounds: Uint32Array;
  readonly #buffers: Record<string, CudaBuffer>;
  readonly #own: CudaBuffer[];
  /** Pinned host memory: the state header a search starts from, and the headers of each group of levels in flight. */
  readonly #pinned: { readonly start: Pinned; readonly levels: readonly Pinned[] };
  readonly #fixed: FixedGrids;
  readonly #clearGroups: number;
  /** A level's launches by its parity. */
  readonly #levelLaunches: readonly (readonly PreparedLaunch[])[];
  /** The header of `state` (what the host reads after a level). */
  readonly #stateHeader: CudaBuffer;

  private constructor(fields: {
    device: CudaDevice;
    graph: Csr;
    inner: Csr;
    ids: BfsIds;
    plan: BfsRunnerPlan;
    kernels: Kernels;
    rounds: Uint32Array;
    buffers: Record<string, CudaBuffer>;
    own: CudaBuffer[];
    pinned: { start: Pinned; levels: Pinned[] };
  }) {
    this.#device = fields.device;
    this.graph = fields.graph;
    this.n = fields.graph.n;
    this.#inner = fields.inner;
    this.#ids = fields.ids;
    this.plan = fields.plan;
    this.#kernels = fields.kernels;
    this.#rounds = fields.rounds;
    this.#buffers = fields.buffers;
    this.#own = fields.own;
    this.#pinned = fields.pinned;
    this.#fixed = fixedGrids(fields.plan, this.n, fields.rounds);
    this.#clearGroups = controlGroups(this.n, fields.plan.workgroupSize);
    this.#levelLaunches = this.#prepareLevels();
    this.#stateHeader = cudaView(fields.buffers.state, 0, 4 * STATE.words);
  }

  /** Plans ({@link planCudaBfs}), compiles or loads the kernels, uploads the graph and allocates the search state. */
  static async create(device: CudaDevice, csr: Csr, options: BfsOptions = {}): Promise<CudaBfsRunner> {
    const started = performance.now();
    const { prepared, plan, specs } = planCudaBfs(csr, options, await bfsHostWork(csr, options));
    const entries = await Promise.all(
      Object.entries(specs).map(async ([key, spec]) => {
        const generated = kernelFor(spec);
        return [key, { generated, cuda: await device.kernel(generated) }] as const;
      }),
    );
    const kernels = Object.fromEntries(entries) as Kernels;
    const { buffers, own } = await prepared.phases.timeAsync('upload', () => upload(device, prepared.inner, prepared.layout, plan.chunkWords, plan.chunks));
    const made: Pinned[] = [];
    try {
      buffers.levelHeaders = device.alloc('bfs.levelHeaders', 4 * STATE.words * cudaHeaderRing(plan.levelsPerSubmit!));
      own.push(buffers.levelHeaders);
      // The start's header, then one allocation per group in flight: a copy lands at the start of the host memory it is given.
      made.push(device.allocHost(4 * STATE.words));
      for (let i = 0; i < plan.levelsPerSubmit!; i++) made.push(device.allocHost(4 * STATE.words * CUDA_MAX_LEVEL_GROUP));
      const pinned = { start: made[0], levels: made.slice(1) };
      const { graph, inner, ids, layout } = prepared;
      // The constructor prepares the levels' launches, checking their configuration against the device.
      return new CudaBfsRunner({ device, graph, inner, ids, plan: { ...plan, preprocessMs: performance.now() - started, phases: prepared.phases.record }, kernels, rounds: layout.rounds, buffers, own, pinned });
    } catch (e) {
      for (const b of own) device.free(b);
      for (const p of made) device.freeHost(p);
      throw e;
    }
  }

  /**
   * Searches from `source` (a vertex of the graph given to `create`). With `depths`, also returns each
   * vertex's level; with `check`, validates the search on the GPU by the Graph500 rules (`bfs_check`);
   * `profile` runs one level at a time (each read before the next is launched).
   */
  async run(source: number, options: { readonly depths?: boolean; readonly check?: boolean; readonly profile?: boolean } = {}): Promise<BfsResult> {
    checkSource(this.n, source);
    const inner = this.#ids.inner(source);
    const { levels, searchMs, reached } = this.#search(inner, options.profile ? 1 : this.plan.levelsPerSubmit!);
    const check = options.check ? this.#check(inner) : undefined;
    const readStarted = performance.now();
    const parent = this.#ids.parentsToCaller(this.#read(this.#buffers.parent, this.n));
    const readMs = performance.now() - readStarted;
    const result = { source, parent, levels, reached, searchMs, readMs, ...(check ? { check } : {}) };
    if (!options.depths) return result;
    return { ...result, depth: this.#ids.depthsToCaller(this.#read(this.#buffers.depth, this.n), parent) };
  }

  /** {@link BfsRunner.check} on CUDA: an answer computed elsewhere checked by `bfs_check` (overwrites the last result on the GPU). */
  async check(source: number, parent: Int32Array, depth: Int32Array): Promise<BfsGpuCheck> {
    checkAnswer(this.n, source, parent, depth);
    const stored = this.#ids.storedForCheck(parent, depth);
    this.#device.write(this.#buffers.parent, stored.parent);
    this.#device.write(this.#buffers.depth, stored.depth);
    return this.#check(this.#ids.inner(source));
  }

  /**
   * Up to {@link MAX_MULTI_SOURCES} searches in one pass per level (`bfs_multi`), as {@link BfsRunner.runMulti}:
   * {@link MULTI_BATCH} levels launched between two reads of the pass's counters.
   */
  async runMulti(sources: readonly number[]): Promise<BfsMultiResult> {
    checkMultiSources(this.n, sources);
    const device = this.#device;
    const n = this.n;
    const inner = sources.map((s) => this.#ids.inner(s));
    const seenBits = new Uint32Array(n);
    inner.forEach((s, i) => (seenBits[s] |= 1 << i));
    const own: CudaBuffer[] = [];
    const make = (name: string, words: number) => {
      const b = device.alloc(`bfs.multi.${name}`, 4 * words);
      own.push(b);
      device.fill32(b, 0);
      return b;
    };
    try {
      const buffers = { seen: make('seen', n), parents: make('parents', sources.length * n) };
      const frontiers = [make('frontierA', n), make('frontierB', n)];
      device.write(buffers.seen, seenBits);
      device.write(frontiers[0], seenBits);
      // Each search's own parent (stored + 1), queued as a one-word fill: no synchronous transfer per source.
      inner.forEach((s, i) => device.fill32(cudaView(buffers.parents, 4 * (i * n + s), 4), s + 1));
      const all = multiSearchMask(sources.length);
      const k = this.#kernels.multi;
      const grid = dispatchGrid(k.generated.spec, n);
      // The launches of both parities (even levels read frontier A, odd ones B) and of each counter slot of a
      // batch, prepared once.
      const launches = [0, 1].map((p) => {
        const bound = bind(k.generated, { ...this.#buffers, ...buffers, frontier_in: frontiers[p], frontier_out: frontiers[1 - p] });
        return Array.from({ length: MULTI_BATCH }, (_, j) => device.prepare(k.cuda, { buffers: bound, params: this.#params({ count: n, source: all, slot: j }), grid }));
      });
      const started = performance.now();
      let levels = 0;
      for (let done = false; !done; ) {
        device.fill32(this.#buffers.counters, 0);
        for (let j = 0; j < MULTI_BATCH; j++) device.launchPrepared(launches[(levels + j) % 2][j]);
        const outcome = multiBatchOutcome(device.download(this.#buffers.counters, Uint32Array));
        levels += outcome.levels;
        done = outcome.done;
      }
      const searchMs = performance.now() - started;
      const parents = this.#ids.multiParentsToCaller(device.download(buffers.parents, Uint32Array), sources.length);
      return { sources, parents, levels, searchMs };
    } finally {
      for (const b of own) device.free(b);
    }
  }

  /** Frees the device buffers and the pinned memory. */
  destroy(): void {
    if (this.#own.length === 0) return;
    for (const b of this.#own) this.#device.free(b);
    this.#own.length = 0;
    for (const p of [this.#pinned.start, ...this.#pinned.levels]) this.#device.freeHost(p);
  }

  /** The first `words` u32 of a buffer. */
  #read(buffer: CudaBuffer, words: number): Uint32Array {
    return this.#device.download(cudaView(buffer, 0, 4 * words), Uint32Array);
  }

  /** Runs `bfs_check` over the search just finished from `source` (kernels' ids). */
  #check(source: number): BfsGpuCheck {
    const errors = this.#buffers.errors;
    this.#device.fill32(errors, NO_NEIGHBOUR);
    const k = this.#kernels.check;
    this.#device.launch(k.cuda, { buffers: bind(k.generated, this.#buffers), params: this.#params({ count: this.n, source }), grid: dispatchGrid(k.generated.spec, this.n) });
    return this.#ids.checkOutcome(this.#read(errors, CHECK_RULES.length));
  }

  /**
   * The level loop, in the kernels' ids: the state reset and the seed, then groups of levels (one level each
   * for the first 32, see {@link cudaLevelGroup}), each level's state header copied behind it (straight into
   * pinned memory for a group of one, else into the device's ring of headers, read in one copy after the
   * group) and a fence behind the group. `inFlight` groups are queued ahead; the host polls the oldest one's
   * fence, reads its levels' headers (each level's direction, n_f, m_f and what it found) and queues the next
   * group, until a level finds nothing. The parents stay on the GPU.
   */
  #search(source: number, inFlight: number): { levels: BfsLevel[]; searchMs: number; reached: number } {
    const device = this.#device;
    const b = this.#buffers;
    const headerBytes = 4 * STATE.words;
    const ring = b.levelHeaders.byteLength / headerBytes;
    const started = performance.now();
    // Queued from pinned memory, not written with a wait: the last search's copies have all landed (its fences are done).
    const start = this.#pinned.start;
    new Uint32Array(start.bytes.buffer, start.bytes.byteOffset, STATE.words).set(initialState(this.#inner.indptr, this.n, source, this.plan.direction));
    device.writeAsync(b.state, start, headerBytes, device.stream);
    for (const name of ['parent', 'bitmapA', 'bitmapB', 'visited']) device.fill32(b[name], 0);
    const seed = this.#kernels.seed;
    device.launch(seed.cuda, { buffers: bind(seed.generated, { ...b, bitmap_out: b.bitmapB }), params: this.#params({ source }), grid: [1, 1, 1] });
    const queue: InFlight[] = [];
    let next = 1;
    let groups = 0;
    const launchGroup = () => {
      const first = next;
      const size = cudaLevelGroup(first, inFlight);
      const slot = groups++ % inFlight;
      const at = headerBytes * ((first - 1) % ring);
      for (let level = first; level < first + size; level++) {
        this.#launchLevel(level);
        if (size > 1) device.copy(this.#stateHeader, cudaView(b.levelHeaders, headerBytes * ((level - 1) % ring), headerBytes), headerBytes);
      }
      if (size === 1) device.readAsync(this.#pinned.levels[slot], b.state, headerBytes, device.stream, 0);
      else device.readAsync(this.#pinned.levels[slot], b.levelHeaders, headerBytes * size, device.stream, at);
      queue.push({ first, size, slot, fence: device.fence() });
      next += size;
    };
    for (let g = 0; g < inFlight; g++) launchGroup();
    const levels: BfsLevel[] = [];
    let last = started;
    let reached: number | undefined;
    try {
      while (reached === undefined) {
        const { first, size, slot, fence } = queue.shift()!;
        awaitFence(device, fence, first + size - 1);
        const now = performance.now();
        // A group's levels share its wall time, as the levels of one WebGPU submit do.
        const share = { wallMs: (now - last) / size, ...(size > 1 ? { batched: size } : {}) };
        last = now;
        const pinned = this.#pinned.levels[slot].bytes;
        const headers = new Uint32Array(pinned.buffer, pinned.byteOffset, STATE.words * size);
        for (let i = 0; i < size && reached === undefined; i++) {
          const h = headers.subarray(STATE.words * i, STATE.words * (i + 1));
          const found = h[STATE.found];
          levels.push({
            level: first + i,
            direction: h[STATE.direction] === 1 ? 'bottom-up' : 'top-down',
            frontier: h[STATE.frontier],
            frontierEdges: h[STATE.frontierEdges],
            discovered: found,
            ...share,
          });
          if (found === 0) reached = h[STATE.visited];
        }
        if (reached === undefined) launchGroup();
      }
    } finally {
      // The levels queued past the end find DONE set and return at once; their copies must land before the slots are
      // reused, and the GPU is the next search's only when they are done: the search's time includes them.
      for (const { fence, first } of queue) awaitFence(device, fence, first);
    }
    return { levels, searchMs: performance.now() - started, reached };
  }

  /** Level `level`: its launches, prepared for its parity, each given the level. */
  #launchLevel(level: number): void {
    for (const launch of this.#levelLaunches[level % 2]) {
      launch.params[PARAMS_LEVEL_WORD] = level;
      this.#device.launchPrepared(launch);
    }
  }

  /**
   * The launches of a level, for even and odd levels (the parity picks the bitmaps), checked and packed once:
   * the host's launches are a level's critical path when its frontier is small. Its control step (clears the
   * bitmap the level writes, closes the level before, picks the direction), then top-down and its hub step,
   * then bottom-up round 0 over every slot and the later rounds over the slots that have them; each on its
   * fixed grid, returning at once on a level of the other direction.
   */
  #prepareLevels(): PreparedLaunch[][] {
    const k = this.#kernels;
    const b = this.#buffers;
    const rounds = this.#rounds;
    const roundCount = rounds.length / 2;
    const { direction, lanes } = this.plan;
    return [0, 1].map((parity) => {
      const pool = { ...b, bitmap_in: parity === 1 ? b.bitmapB : b.bitmapA, bitmap_out: parity === 1 ? b.bitmapA : b.bitmapB, control_next: b.control, step_args: b.steps, hub_args: b.hubs };
      const prepare = (kernel: Loaded, p: Parameters<typeof bfsParams>[4], grid: readonly [number, number?]) =>
        this.#device.prepare(kernel.cuda, { buffers: bind(kernel.generated, pool), params: this.#params({ ...p, level: parity }), grid: [grid[0], grid[1] ?? 1, 1] });
      const launches = [prepare(k.control, { count: this.#clearGroups, roundEnd: roundCount }, [this.#clearGroups])];
      if (direction !== 'bottom-up') {
        launches.push(prepare(k.topDown, { roundEnd: roundCount }, [this.#fixed.topDown]));
        if (hasHubRound(lanes, rounds)) launches.push(prepare(k.hub, { roundEnd: roundCount }, this.#fixed.hub));
      }
      if (direction === 'top-down' || roundCount === 0) return launches;
      launches.push(prepare(k.bottomUp, { count: rounds[1], roundEnd: 1 }, [this.#fixed.bottomUpFirst]));
      if (roundCount > 1) launches.push(prepare(k.bottomUp, { count: rounds[3], roundFirst: 1, roundEnd: roundCount }, [this.#fixed.bottomUpLater]));
      return launches;
    });
  }

  #params(p: Parameters<typeof bfsParams>[4]): Uint32Array {
    return bfsParams(this.n, this.#rounds, this.plan.chunkWords, this.plan, p);
  }
}

/** Longest a level may run before the search gives up on the GPU, rather than wait for ever. */
const LEVEL_TIMEOUT_MS = 120_000;

/** Polls a level's fence until its work is done (a kernel's failure throws from here), then destroys it. */
function awaitFence(device: CudaDevice, fence: Handle, level: number): void {
  const until = performance.now() + LEVEL_TIMEOUT_MS;
  for (let polls = 1; !device.isDone(fence); polls++) {
    if (polls % 4096 === 0 && performance.now() > until) {
      throw new Error(`bfs: level ${level} has not finished on the GPU after ${LEVEL_TIMEOUT_MS / 1e3} s; the device may be hung (check nvidia-smi) or the graph far larger than its memory`);
    }
  }
  device.destroyEvent(fence);
}

/** The buffers a kernel takes, by parameter name, from `pool`. */
function bind(kernel: GeneratedKernel, pool: Record<string, CudaBuffer>): Record<string, CudaBuffer> {
  return kernelBuffers(kernel.bindings, (name) => pool[name]);
}

/**
 * Uploads the layout (one allocation; `adj0`, `adj1`, … are views of `chunkWords` words each) and allocates
 * the search state, as the WebGPU runner's buffers: parents, depths, the queues (two and the hub list), two
 * frontier bitmaps, `state` (header, statistics, visited bitmap: `visited` views the bitmap), the
 * multi-source counters, the check's errors, and the words the control step writes for indirect launches
 * (unread here).
 */
async function upload(device: CudaDevice, inner: Csr, layout: BlockedAdjacency, chunkWords: number, chunks: number): Promise<{ buffers: Record<string, CudaBuffer>; own: CudaBuffer[] }> {
  const buffers: Record<string, CudaBuffer> = {};
  const [, own] = await ownedBuffers((b: CudaBuffer) => device.free(b), (keep) => {
    const nonEmpty = (data: Uint32Array) => (data.length > 0 ? data : new Uint32Array(1));
    const store = (name: string, data: Uint32Array) => (buffers[name] = keep(device.upload(`bfs.${name}`, nonEmpty(data))));
    const empty = (name: string, words: number) => (buffers[name] = keep(device.alloc(`bfs.${name}`, 4 * Math.max(words, 1))));
    const adjacency = store('adjacency', layout.words);
    for (let c = 0; c < chunks; c++) {
      const words = Math.max(1, Math.min(chunkWords, layout.words.length - c * chunkWords));
      buffers[`adj${c}`] = cudaView(adjacency, 4 * c * chunkWords, 4 * words, `bfs.adj${c}`);
    }
    store('rounds', layout.rounds);
    if (layout.perm) store('perm', layout.perm);
    store('indptr', inner.indptr);
    const n = Math.max(inner.n, 1);
    const words = bitmapWords(n);
    for (const name of ['parent', 'depth']) empty(name, n);
    empty('queues', 3 * n);
    empty('bitmapA', words);
    empty('bitmapB', words);
    const state = empty('state', BFS_STATE_HEADER + words);
    buffers.visited = cudaView(state, 4 * BFS_STATE_HEADER, 4 * words, 'bfs.visited');
    empty('counters', 2 * MULTI_BATCH);
    empty('errors', 8);
    empty('control', 3);
    empty('steps', 9);
    empty('hubs', 3);
  });
  return { buffers, own };
}
