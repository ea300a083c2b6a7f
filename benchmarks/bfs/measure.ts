// One variant of the Fig. 6 ablation on one graph: preprocessing, a warm-up search, then one timed search per
// source (the level loop on the GPU, many levels a submit; the host settled before each, see settle.ts), each
// validated by the Graph500 rules on the GPU (bfs_check, after the timing) and the first few also by the CPU
// validator; then a few searches again in the profiling mode (a level a submit, GPU-timed) for the per-level times.
import { BfsRunner, CoreBfs, createBfsEngine, isCudaDevice, MAX_MULTI_SOURCES, treeDepths, validateBfs, type BfsDevice, type BfsEngine, type BfsGpuCheck, type BfsLevel, type BfsOptions, type BfsEachResult, type BfsResult, type CoreBfsEachResult, type CoreBfsResult } from '@semiforge/algorithms';
import { availableParallelism } from 'node:os';
import { smClock } from '../lib/sm-clock.js';
import { reachedEdges, type BenchGraph } from './graphs.js';
import { settle } from './settle.js';
import { TreeDepthPool, type PooledDepths } from './tree-depth-pool.js';

export type Variant = 'no-order' | 'baseline' | 'approx' | 'core' | 'multi';

/**
 * The ablation of paper 003's Fig. 6, the hybrid without degree ordering below it, and the multi-source mode
 * beside it (32 searches a pass; each search's time is its pass's divided by the searches in it).
 */
export const VARIANTS: Record<Variant, { readonly label: string; readonly options: BfsOptions; readonly core: boolean; readonly multi?: boolean }> = {
  'no-order': { label: 'hybrid BFS, no degree ordering', options: { degreeOrder: false }, core: false },
  baseline: { label: 'hybrid BFS + degree ordering (baseline)', options: {}, core: false },
  approx: { label: 'baseline + m_f approximation', options: { mfApprox: true }, core: false },
  core: { label: 'baseline + m_f approximation + CoreBFS', options: { mfApprox: true }, core: true },
  multi: { label: `multi-source bottom-up, up to ${MAX_MULTI_SOURCES} searches a pass, degree ordering`, options: {}, core: false, multi: true },
};

export interface Query {
  readonly source: number;
  /** Search time (host wall: encoding, submits, the state read-back after each), the parents left on the GPU. */
  readonly searchMs: number;
  /** Reading the parents back into the caller's ids (CoreBFS: and combining them with the precomputed tree). */
  readonly outputMs: number;
  readonly edges: number;
  readonly levels: readonly BfsLevel[];
  /** `gpu+cpu`: the Graph500 rules checked on the GPU and by the CPU validator; `gpu`: on the GPU; or the broken rule. */
  readonly check: 'gpu+cpu' | 'gpu' | `failed: ${string}`;
}

export interface VariantRun {
  readonly variant: Variant;
  readonly preprocessMs: number;
  readonly queries: readonly Query[];
  /** The first sources searched again a level a submit: their levels carry GPU times. */
  readonly profiled: readonly { readonly source: number; readonly edges: number; readonly levels: readonly BfsLevel[] }[];
  /** Sources left out when the time budget ran out. */
  readonly cut: number;
  /** The same sources again, `size` searches to a runEach call (a pass each, up to 8 a submit, no read-back between them), when asked for. */
  readonly batched?: { readonly size: number; readonly queries: readonly Query[]; readonly rerun: number };
  readonly plan: Record<string, string | number | boolean>;
}

/** How a variant is measured. */
export interface MeasureSettings {
  /** Which queries the CPU validator also checks. */
  readonly cpuCheck: (i: number) => boolean;
  readonly warmupMs: number;
  readonly options: BfsOptions;
  /** Searches repeated in the profiling mode for per-level GPU times. */
  readonly profileSources: number;
  /** performance.now() after which no further source starts (at least `minSources` are measured). */
  readonly stopAt: number;
  readonly minSources: number;
  /** Called every few sources with how many are done. */
  readonly progress: (done: number, total: number) => void;
  /** Host time of the batched measurement's steps, as they end (at scale 26 a search's checks take seconds). */
  readonly detail?: (line: string) => void;
  /** Searches per runEach call for the batched measurement after the one-at-a-time one; 0 or absent: none. */
  readonly batch?: number;
  /**
   * How many of the sources (the first) are also searched one at a time before the batched measurement, which
   * takes them all; absent: every source. At scale 26 a search's read-back and checks take seconds of host time,
   * so searching every source twice does not fit one command on the GPU host.
   */
  readonly single?: number;
  /** Worker threads deriving the batched searches' depths while the main thread checks; default: the cores but one; 0: none. */
  readonly depthThreads?: number;
}

/** Runs `variant` from every source; `cpuCheck(i)` says which queries the CPU validator also checks. */
export async function measureVariant(
  device: BfsDevice,
  graph: BenchGraph,
  sources: readonly number[],
  variant: Variant,
  settings: MeasureSettings,
  engines: EnginePool,
): Promise<VariantRun> {
  const { cpuCheck, warmupMs, options: extra } = settings;
  const spec = VARIANTS[variant];
  const options = { ...spec.options, ...extra };
  const { engine, preprocessMs, shared } = await engines.get(device, graph, options, spec.core);
  try {
    // CoreBFS answers are checked on the whole graph's runner, with depths the host derives from the parents.
    const search = async (s: number, profile = false): Promise<{ parent: Int32Array; levels: readonly BfsLevel[]; searchMs: number; outputMs: number; gpuCheck: BfsGpuCheck }> => {
      if (engine instanceof CoreBfs) {
        const r = await engine.run(s, { depths: true, profile });
        return { parent: r.parent, levels: r.levels, searchMs: r.searchMs, outputMs: r.assembleMs, gpuCheck: await engine.check(s, r.parent, r.depth!) };
      }
      const r = await engine.run(s, { check: true, profile });
      return { parent: r.parent, levels: r.levels, searchMs: r.searchMs, outputMs: r.readMs, gpuCheck: r.check! };
    };
    if (spec.multi && !(engine instanceof CoreBfs)) {
      // Sources × n parents must fit one binding (WebGPU): scale 26 takes 8 a pass.
      const binding = isCudaDevice(device) ? Infinity : device.limits.maxStorageBufferBindingSize;
      const passSize = Math.max(1, Math.min(MAX_MULTI_SOURCES, Math.floor(binding / (4 * graph.csr.n))));
      const queries = await multiQueries(engine, graph, sources, passSize, settings);
      const plan = { block_length: engine.plan.blockLength, chunks: engine.plan.chunks, searches_a_pass: passSize };
      return { variant, preprocessMs, queries, profiled: [], cut: sources.length - queries.length, plan };
    }
    // Warm-up: pipelines compile on the first search, and a GPU idle while the host built the graph runs slow.
    const warmUntil = performance.now() + warmupMs;
    if (sources.length > 0) do await search(sources[0]);
    while (performance.now() < warmUntil);
    const queries: Query[] = [];
    const alone = settings.batch ? sources.slice(0, settings.single ?? sources.length) : sources;
    for (const [i, s] of alone.entries()) {
      if (i >= settings.minSources && performance.now() > settings.stopAt) break;
      // The previous search's read-back and checks leave a staging buffer to free and garbage to collect: not this search's time.
      await settle(device);
      const r = await search(s);
      queries.push({ source: s, searchMs: r.searchMs, outputMs: r.outputMs, edges: reachedEdges(graph.csr, r.parent), levels: r.levels, check: check(graph, s, r.parent, r.gpuCheck, cpuCheck(i)) });
      if ((i + 1) % 16 === 0) settings.progress(i + 1, sources.length);
    }
    const profiled = [];
    for (const q of queries.slice(0, settings.profileSources)) {
      await settle(device);
      profiled.push({ source: q.source, edges: q.edges, levels: (await search(q.source, true)).levels });
    }
    // runEach encodes at most 512 levels a search: deeper graphs (large road grids) would only run every search twice.
    const shallow = Math.max(0, ...queries.map((q) => q.levels.length)) < 512;
    const batchable = shallow && (engine instanceof BfsRunner || (engine instanceof CoreBfs && !isCudaDevice(device)));
    const measured = alone.length < sources.length ? sources : queries.map((q) => q.source);
    const batched = settings.batch && batchable ? await batchedQueries(device, engine, graph, measured, settings.batch, settings) : undefined;
    const plan: Record<string, string | number | boolean> = {
      ...(engine instanceof CoreBfs
        ? { core_vertices: engine.stats.coreVertices, giant_vertices: engine.stats.giantVertices, core_arcs: engine.stats.coreArcs }
        : { block_length: engine.plan.blockLength, lanes: engine.plan.lanes, aggregation: engine.plan.aggregation, chunks: engine.plan.chunks, padded_words: engine.plan.words }),
      ...phaseParams(engine instanceof CoreBfs ? engine.stats.phases : engine.plan.phases),
      // Rows from before settle.ts had the previous read-back's free and garbage collection in their search times.
      host_settled: true,
    };
    return { variant, preprocessMs, queries, profiled, cut: alone.length - queries.length, plan, ...(batched ? { batched } : {}) };
  } finally {
    if (!shared) engine.destroy();
  }
}

/**
 * The runners of one graph by options, so that variants with the same options (the baseline and the
 * multi-source mode) share one preprocessing and upload; `keep` says which options a later variant needs again.
 */
export class EnginePool {
  readonly #engines = new Map<string, { engine: BfsEngine | CoreBfs; preprocessMs: number }>();
  readonly #keep: ReadonlySet<string>;

  constructor(keep: readonly { options: BfsOptions; core: boolean }[]) {
    const counts = new Map<string, number>();
    for (const k of keep) counts.set(poolKey(k.options, k.core), (counts.get(poolKey(k.options, k.core)) ?? 0) + 1);
    this.#keep = new Set([...counts].filter(([, c]) => c > 1).map(([key]) => key));
  }

  /** The engine for these options, made now (its preprocessing timed) or the one made before; `shared`: the pool destroys it. */
  async get(device: BfsDevice, graph: BenchGraph, options: BfsOptions, core: boolean): Promise<{ engine: BfsEngine | CoreBfs; preprocessMs: number; shared: boolean }> {
    const key = poolKey(options, core);
    const kept = this.#engines.get(key);
    if (kept) return { ...kept, shared: true };
    const started = performance.now();
    const engine = core ? await CoreBfs.create(device, graph.csr, options) : await createBfsEngine(device, graph.csr, options);
    const made = { engine, preprocessMs: performance.now() - started };
    if (!this.#keep.has(key)) return { ...made, shared: false };
    this.#engines.set(key, made);
    return { ...made, shared: true };
  }

  destroy(): void {
    for (const { engine } of this.#engines.values()) engine.destroy();
    this.#engines.clear();
  }
}

const WARMUP_SEARCHES = 8;

const seconds = (ms: number) => `${(ms / 1e3).toFixed(1)} s`;

/** Preprocessing steps as result params: `preprocess_<step>_ms`, whole ms. */
export function phaseParams(phases: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(phases).map(([step, ms]) => [`preprocess_${step.replace('.', '_')}_ms`, Math.round(ms)]));
}

const poolKey = (options: BfsOptions, core: boolean) => JSON.stringify({ ...options, core });

function check(graph: BenchGraph, source: number, parent: Int32Array, gpu: BfsGpuCheck, cpu: boolean): Query['check'] {
  if (!gpu.ok) return `failed: ${gpu.rule} (GPU check) at vertex ${gpu.vertex}`;
  if (!cpu) return 'gpu';
  const v = validateBfs(graph.csr, source, parent);
  return v.ok ? 'gpu+cpu' : `failed: ${v.rule}: ${v.message}`;
}

/** The multi-source mode: passes of `passSize` sources after a warm-up pass, each search checked on the GPU. */
async function multiQueries(
  runner: BfsEngine,
  graph: BenchGraph,
  sources: readonly number[],
  passSize: number,
  settings: MeasureSettings,
): Promise<Query[]> {
  const passes: number[][] = [];
  for (let i = 0; i < sources.length; i += passSize) passes.push(sources.slice(i, i + passSize));
  const warmUntil = performance.now() + settings.warmupMs;
  if (passes.length > 0) do await runner.runMulti(passes[0]);
  while (performance.now() < warmUntil);
  const queries: Query[] = [];
  for (const pass of passes) {
    if (queries.length >= settings.minSources && performance.now() > settings.stopAt) break;
    const r = await runner.runMulti(pass);
    for (const [j, s] of pass.entries()) {
      const parent = r.parents[j];
      const tree = treeDepths(parent, s);
      const gpu: BfsGpuCheck = 'brokenAt' in tree ? { ok: false, rule: 'tree', vertex: tree.brokenAt } : await runner.check(s, parent, tree.depth);
      const i = queries.length;
      queries.push({ source: s, searchMs: r.searchMs / pass.length, outputMs: 0, edges: reachedEdges(graph.csr, parent), levels: [], check: check(graph, s, parent, gpu, settings.cpuCheck(i)) });
    }
  }
  return queries;
}

/**
 * The sources again in calls of `size` to runEach (a warm-up call first): each search's time is its share of its
 * group's wall time, its GPU time its own submit's (the levels' `gpuMs`); every search is checked on the GPU as
 * its answer comes, with depths the host derives from the parents (in worker threads, see {@link TreeDepthPool});
 * the host is settled before each call and before each group (settle.ts).
 */
async function batchedQueries(device: BfsDevice, engine: BfsRunner | CoreBfs, graph: BenchGraph, sources: readonly number[], size: number, settings: MeasureSettings): Promise<VariantRun['batched']> {
  const chunks: number[][] = [];
  for (let i = 0; i < sources.length; i += size) chunks.push(sources.slice(i, i + size));
  // The warm-up compiles and learns the depth: a few searches do (at scale 26 each reads back 256 MiB).
  if (chunks.length > 0) await engine.runEach(chunks[0].slice(0, WARMUP_SEARCHES), () => undefined);
  const queries: Query[] = [];
  let rerun = 0;
  // depthWait: the main thread's wait for the workers' depths (all of treeDepths without workers).
  const host = { depthWait: 0, gpuCheck: 0, edges: 0, cpuCheck: 0 };
  const timed = <T>(step: keyof typeof host, f: () => T): T => {
    const started = performance.now();
    const value = f();
    host[step] += performance.now() - started;
    return value;
  };
  const threads = settings.depthThreads ?? Math.max(0, availableParallelism() - 1);
  const pool = new TreeDepthPool(threads);
  // Answers whose depths are on the workers (their parent arrays with them), oldest first.
  const pending: { readonly result: BfsResult | CoreBfsResult; readonly tree: Promise<PooledDepths> }[] = [];
  const checkOldest = async () => {
    const { result, tree: depths } = pending.shift()!;
    const { source } = result;
    const waitStarted = performance.now();
    const tree = await depths;
    host.depthWait += performance.now() - waitStarted;
    const { parent } = tree;
    const checkStarted = performance.now();
    const gpu: BfsGpuCheck = 'brokenAt' in tree ? { ok: false, rule: 'tree', vertex: tree.brokenAt } : await engine.check(source, parent, tree.depth);
    host.gpuCheck += performance.now() - checkStarted;
    const outputMs = 'assembleMs' in result ? result.assembleMs : result.readMs;
    const edges = timed('edges', () => reachedEdges(graph.csr, parent));
    const verdict = timed('cpuCheck', () => check(graph, source, parent, gpu, settings.cpuCheck(queries.length)));
    queries.push({ source, searchMs: result.searchMs, outputMs, edges, levels: result.levels, check: verdict });
    if (queries.length % 16 === 0) settings.detail?.(`${queries.length} checked; host ${Object.entries(host).map(([k, ms]) => `${k} ${seconds(ms)}`).join(', ')}`);
  };
  // Each answer's depths start on a worker as it comes; it is checked once the workers hold as many answers as
  // there are workers, so that a call holds that many answers (at scale 26, 256 MiB each) rather than all of them.
  // A GPU check ends inside `use` (or after the call): it overwrites the search buffers the next group uses.
  let peakRss = 0;
  const use = async (result: BfsResult | CoreBfsResult) => {
    const tree = pool.depths(result.parent, result.source);
    // A rejection left behind by an earlier failure is reported by the await that reaches it, not as unhandled.
    tree.catch(() => undefined);
    pending.push({ result, tree });
    // The most memory the process held with answers on hand: what streaming them (runEach) keeps bounded.
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    while (pending.length > threads) await checkOldest();
    // The next group may start when this returns: settled as before a call, so that the read-backs' and the
    // checks' garbage and freed buffers land outside its timed region.
    await settle(device);
  };
  try {
    for (const chunk of chunks) {
      if (queries.length >= settings.minSources && performance.now() > settings.stopAt) break;
      await settle(device);
      const started = performance.now();
      // CoreBFS's summary fields are a subset of the runner's: the union of the two reduces to CoreBFS's, which has no `readMs`.
      const r: CoreBfsEachResult & Partial<BfsEachResult> = await engine.runEach(chunk, use);
      while (pending.length > 0) await checkOldest();
      const clock = smClock();
      settings.detail?.(`runEach of ${chunk.length}, checks included: ${seconds(performance.now() - started)} (searches ${seconds(r.searchMs)}${r.readMs === undefined ? '' : `, read-backs ${seconds(r.readMs)}`}), process memory at most ${(peakRss / 2 ** 30).toFixed(1)} GiB${clock ? `, SM clock ${clock.mhz} MHz after` : ''}`);
      rerun += r.rerun;
    }
  } finally {
    pool.destroy();
  }
  return { size, queries, rerun };
}
