import { dispatchGrid, MAX_GRID_X, SSSP_PULL_CHUNK, type Target } from '@semiforge/codegen';
import { relabelByDegree, relabelByDegreeParallel, type Csr } from '@semiforge/graph-io';
import { validateGraph, validateGraphParallel } from '../check-graph.js';
import { checkMirrored, checkMirroredParallel } from '../check-mirrored.js';
import { PreparePhases } from '../kernels/prepare-phases.js';
import { checkNegativeWeights, checkSsspFits, renumberedWeights, ssspWeights, type SsspWeights } from './sssp.input.js';
import { renumberedWeightsParallel, ssspWeightsParallel } from './sssp.weights-parallel.js';
import { SsspIds } from './sssp.ids.js';
import { arcTails, edgePairs, type EdgePairs } from './sssp.layout.js';
import { edgePairsParallel } from './sssp.layout-parallel.js';
import { lightFirstRows } from './sssp.rows.js';
import { indptrWithTails } from './sssp.tails.js';
import { planSssp, SSSP_DEFAULTS, type SsspKernelOptions, type SsspPlan, type SsspTargetInfo } from './sssp.plan.js';
import { ssspGraphStats } from './sssp.stats.js';

/**
 * The frontier methods' state buffer, word by word (the templates' sssp-prelude constants name the same words):
 * the pass that found nothing left (0 while searching), the bucket's threshold key, the smallest far key, n, the
 * lengths of queues A and B, whether the pass scans (1) or releases hubs (2), whether heavy arcs wait for the next
 * scan; with hubs deferred, the hub limit, the smallest waiting hub key, the hub list's length, the hub degree and
 * the hub limit's step (as the weights' bits); for near-far's tail rule, the far marks set since the last scan,
 * the largest far key noted since, the vertices that scan gathered and the rule's factor (as f32 bits, 0: off);
 * pulling hubs' arcs, the arcs of the hubs the last release queued, the pull list's length and the released arcs
 * from which the next pass pulls; `words` in all.
 *
 * @example
 * const state = await device.read(buffers.state, Uint32Array, 0, SSSP_STATE.words); // state[SSSP_STATE.threshold]
 */
export const SSSP_STATE = {
  done: 0,
  threshold: 1,
  farMin: 2,
  vertices: 3,
  lengthA: 4,
  lengthB: 5,
  scanning: 6,
  waiting: 7,
  hubLimit: 8,
  hubMin: 9,
  hubs: 10,
  hubDegree: 11,
  hubStep: 12,
  farCount: 13,
  farMax: 14,
  gathered: 15,
  tailFactor: 16,
  released: 17,
  /** fuseAdvance: the bucket width, as the weights' bits (the pass's parameters hold the target instead). */
  delta: 18,
  pullItems: 19,
  pullMin: 20,
  /** Hubs waiting: the hub step's factor after each release of a bucket, as f32 bits. */
  hubGrowth: 21,
  /** Hubs waiting, fuseAdvance off: the hub step now (fused, each bank's `hubStep` word carries it). */
  hubStepNow: 22,
  /**
   * fuseAdvance: three banks of `bankWords` words from here, one a pass in turn (pass i's at banks + (i mod 3) ×
   * bankWords), each laid out as words 0..17 are: what the pass decided and gathered.
   */
  banks: 23,
  bankWords: 18,
  /**
   * Past the banks: the first of the vertices ending the graph whose visit could lower nothing (degree ≤ 1
   * undirected, no arcs directed; `SsspSetup.leafFrom`), whose keys the pass sets without queueing them.
   */
  leafFrom: 23 + 3 * 18,
  words: 23 + 3 * 18 + 1,
} as const;

/** The tag of a queue item over its vertex's heavy arcs: bit 31 of its chunk (heavyArcs 'settle'). */
export const SSSP_HEAVY_ITEM = 2 ** 31;

/** The indirect counts sssp_advance writes for the pass: x, y, z. */
export const INDIRECT_WORDS = 3;

/** Most items a pass may have: u32 indices, with room for a fixed grid's stride (65535 workgroups of 1024) before 2^32. */
const MAX_ITEMS = 2 ** 32 - 2 ** 26;

/** Workgroup counts of a launch (y and z default to 1). */
export type SsspGrid = readonly [number, number?, number?];

/** Each step's grid: the passes' and the parent steps'. */
export interface SsspGrids {
  /** Bellman-Ford: every pair; frontier methods under fixed dispatch: the grid every pass strides over. */
  readonly relax: SsspGrid;
  readonly parents: SsspGrid;
  readonly tree?: SsspGrid;
  readonly treeScan?: SsspGrid;
}

/**
 * Everything about one graph and configuration that does not depend on the backend: the converted weights,
 * the plan, the arrays to upload (by buffer name), the zero-filled buffers (by name, in 4-byte words) and
 * the grids. The WebGPU and CUDA runners make buffers of these and run the same loop (`sssp.loop.ts`).
 */
export interface SsspSetup {
  /** The graph searched: the caller's, or renumbered by degree (`ids` then maps between the two). */
  readonly graph: Csr;
  /** `relabel: 'degree'`: between the caller's ids and `graph`'s. */
  readonly ids?: SsspIds;
  readonly weights: SsspWeights;
  readonly plan: SsspPlan;
  /**
   * Host arrays uploaded once, by buffer name. The frontier methods' `indptr` holds the graph's n + 1 offsets and
   * then the tree step's table of arcs' tails (`indptrWithTails`).
   */
  readonly arrays: Readonly<Record<string, Uint32Array | Float32Array>>;
  /** Buffers that start zeroed, by name, in words (at least one each: WebGPU refuses empty bindings). */
  readonly zeroed: Readonly<Record<string, number>>;
  /** Pairs (Bellman-Ford) or arcs (the frontier methods' parent step) the COO kernels cover. */
  readonly items: number;
  /** Heavy arcs settled: where each row's heavy arcs begin in `graph` (uploaded as `light_end`). */
  readonly lightEnd?: Uint32Array;
  /** Hubs deferred: the vertices of degree ≥ the plan's hub degree, ascending (uploaded as `hubs`, the pull list after it). */
  readonly hubs?: Uint32Array;
  /** The frontier methods: where the vertices no visit is needed for begin ({@link leafStart}). */
  readonly leafFrom?: number;
  /** `pullHubs`: the pull list's items and the arcs into hubs they cover. */
  readonly pull?: PullList;
  readonly grids: SsspGrids;
  /**
   * Host wall time of each preprocessing step, in ms: `check`, `weights`, `mirrors`, `relabel` (done by
   * {@link ssspHostWork} or here), `plan`, `rows` (heavy arcs settled), `lists` (queue capacity, hubs, pull list),
   * `layout` (Bellman-Ford's edge list, in ssspHostWork when asked for; or the offsets with the tails' table and the
   * packed arcs); a runner adds `upload`.
   */
  readonly phases: PreparePhases;
}

/** Device limits the setup checks against (WebGPU's binding and buffer sizes); CUDA passes none. */
export type SsspSizeLimits = Parameters<typeof checkSsspFits>[0];

/**
 * The graph `relabel: 'degree'` searches: the caller's renumbered by descending degree, in worker threads where
 * the host has them (`relabelByDegreeParallel`: copying and sorting the rows is most of it); undefined otherwise.
 *
 * @example
 * const renumbered = await ssspSearchGraph(csr, { relabel: 'degree' });
 */
export async function ssspSearchGraph(caller: Csr, options: SsspKernelOptions): Promise<Csr | undefined> {
  return options.relabel === 'degree' ? relabelByDegreeParallel({ ...caller, ids: undefined }) : undefined;
}

/** What {@link prepareSssp} is spared when its caller did it, in worker threads (see {@link ssspHostWork}). */
export interface SsspHostWork {
  /** {@link ssspSearchGraph}'s graph, for `relabel: 'degree'`. */
  readonly renumbered?: Csr;
  /** The caller's graph passed `validateGraph` and {@link checkMirroredParallel}. */
  readonly graphChecked?: boolean;
  /**
   * The weights in the kernels' type and in the searched graph's order (the renumbered one's for `relabel:
   * 'degree'`), with the caller's graph's min, max and mean; for `options.weights`.
   */
  readonly weights?: SsspWeights;
  /** Paper 001's edge list of the searched graph with those weights, sorted into segments of `segment` vertices (Bellman-Ford asked for). */
  readonly pairs?: { readonly segment: number; readonly pairs: EdgePairs };
  /** Host wall time of the steps done, in ms (`check`, `mirrors`, `relabel`, `weights`, `layout`): the setup's phases start from them. */
  readonly phases?: Readonly<Record<string, number>>;
}

/**
 * The host work of {@link prepareSssp} that worker threads can take: the checks of the caller's graph (its
 * structure, its weights converted to the kernels' type ({@link ssspWeightsParallel}), then the mirror check of
 * a graph marked undirected, graph-io's `findUnmirroredArcParallel`), the renumbering of `relabel: 'degree'`
 * and the weights in its order. The runners do it first and hand the result to {@link prepareSssp}, which
 * would do all of it on the calling thread.
 *
 * @example
 * const setup = prepareSssp(csr, { relabel: 'degree' }, 'wgsl', {}, undefined, await ssspHostWork(csr, { relabel: 'degree' }));
 */
export async function ssspHostWork(caller: Csr, options: SsspKernelOptions): Promise<SsspHostWork> {
  const phases = new PreparePhases(options.onPhase);
  await phases.timeAsync('check', () => validateGraphParallel('sssp', caller));
  // Weights before mirrors, as prepareSssp checks them: the same first error either way.
  const checked = await phases.timeAsync('weights', () => ssspWeightsParallel(caller, options.weights ?? 'f32'));
  await phases.timeAsync('mirrors', () => checkMirroredParallel('sssp', caller));
  const renumbered = options.relabel === 'degree' ? await phases.timeAsync('relabel', () => ssspSearchGraph(caller, options)) : undefined;
  const weights = renumbered ? await phases.timeAsync('weights', () => renumberedWeightsParallel(renumbered, checked)) : checked;
  // Bellman-Ford asked for (or the only method for negative weights): its pairs laid out here too (a bad segment is
  // refused here, with prepareSssp's message). The plan's other refusals still come from prepareSssp, which lays
  // the pairs out itself where the plan's segment is not these pairs'.
  const bellmanFord = options.method === 'bellman-ford' || ((options.method ?? 'auto') === 'auto' && weights.min < 0);
  const segment = options.segment ?? SSSP_DEFAULTS.segment;
  const pairs = bellmanFord ? { segment, pairs: await phases.timeAsync('layout', () => edgePairsParallel(renumbered ?? caller, weights.values, segment)) } : undefined;
  return { renumbered, graphChecked: true, weights, ...(pairs ? { pairs } : {}), phases: phases.record };
}

/**
 * Converts and checks the weights, plans the method for `target`, checks the sizes against `limits` when
 * given, and lays out the arrays: the edge list of paper 001's pairs (Bellman-Ford) or the CSR (the frontier
 * methods, whose parent step uploads the arcs' tails when it first needs them). `done`: what the caller did
 * already ({@link ssspHostWork}: the graph's checks, the graph renumbered by degree); the rest is done here, on
 * this thread.
 *
 * @example
 * const setup = prepareSssp(csr, { method: 'near-far', weights: 'u32' }, 'cuda');
 * Object.keys(setup.arrays); // ['indptr', 'indices', 'weight']
 */
export function prepareSssp(caller: Csr, options: SsspKernelOptions, target: Target, where: SsspTargetInfo = {}, limits?: SsspSizeLimits, done: SsspHostWork = {}): SsspSetup {
  const type = options.weights ?? 'f32';
  const phases = new PreparePhases(options.onPhase);
  for (const [step, ms] of Object.entries(done.phases ?? {})) phases.add(step, ms);
  // Structure, weights and mirrors checked in the caller's ids, so that an error names the caller's vertices.
  if (!done.graphChecked) phases.time('check', () => validateGraph('sssp', caller));
  // From ssspHostWork, already in the searched graph's order (the caller's statistics: all the checks below read).
  const callerWeights = done.weights ?? phases.time('weights', () => ssspWeights(caller, type));
  if (!done.graphChecked) phases.time('mirrors', () => checkMirrored('sssp', caller));
  // Renumbered by degree, everything below sees that graph; the queries map ids in and answers out.
  const relabelled = options.relabel === 'degree' ? (done.renumbered ?? phases.time('relabel', () => relabelByDegree({ ...caller, ids: undefined }))) : undefined;
  const input = relabelled ?? caller;
  const converted = relabelled && !done.weights ? phases.time('weights', () => renumberedWeights(relabelled, callerWeights)) : callerWeights;
  const plan = phases.time('plan', () => planSssp({ ...options, kernelTarget: target }, ssspGraphStats(input, converted), input.directed, where));
  phases.time('weights', () => checkNegativeWeights(caller, callerWeights, plan.method));
  // Heavy arcs settled: every kernel reads the rows light arcs first (the tree's via indices included).
  const split = plan.heavyArcs === 'settle' ? phases.time('rows', () => lightFirstRows(input, converted.values, plan.delta)) : undefined;
  const graph = split?.graph ?? input;
  const weights = split ? { ...converted, values: split.values } : converted;
  const n = graph.n;
  const m = graph.indices.length;
  const coo = plan.method === 'bellman-ford';
  const { queueLength, hubs, pull } = phases.time('lists', () => {
    const hubs = plan.hubDegree ? hubList(graph, plan.hubDegree) : undefined;
    return { queueLength: coo ? 0 : queueCapacity(graph, plan.relax.chunk!, split?.lightEnd), hubs, pull: plan.pullShare ? pullList(graph, hubs!) : undefined };
  });
  // The frontier methods' offsets carry the tree step's table of arcs' tails past their n + 1 words (Bellman-Ford reads no CSR).
  const indptr = coo ? new Uint32Array(0) : phases.time('layout', () => indptrWithTails(graph));
  if (limits) {
    checkSsspFits(limits, [
      [`the distances (n = ${n}) as 4-byte keys`, n * 4],
      [coo ? `the edge list (at most ${m} pairs) as 4-byte words` : `the CSR arcs (${m}) as 4-byte words`, m * 4],
      [`the row offsets (n + 1 = ${n + 1}) and the tree step's table of arcs' tails`, indptr.length * 4],
      plan.relax.packedQueue
        ? [`a packed queue of ${queueLength} (vertex, chunk) pairs, chunks of up to ${plan.relax.chunk} arcs`, queueLength * 8]
        : [`a queue of ${queueLength} chunks of up to ${plan.relax.chunk} arcs`, queueLength * 4],
      [`where each row's heavy arcs begin (n = ${n})`, split ? n * 4 : 0],
      [`the hub list (${hubs?.length ?? 0} vertices of degree ≥ ${plan.hubDegree})${pull ? ` and the pull list (${pull.items.length / 2} items)` : ''}`, ((hubs?.length ?? 0) + (pull?.items.length ?? 0)) * 4],
    ]);
  }
  // Queue entries tag a vertex's heavy arcs in bit 31.
  if (split && n > SSSP_HEAVY_ITEM) throw new RangeError(`sssp: heavyArcs 'settle' tags queue entries in bit 31, so n must be at most 2^31, got ${n}; use heavyArcs: 'inline'`);
  const lanes = plan.relax.lanesPerVertex ?? 1;
  // Invocation indices are u32, and a fixed grid's last stride (up to 65535 × 1024) must not wrap past 2^32.
  if (queueLength * lanes > MAX_ITEMS) {
    throw new RangeError(`sssp: ${queueLength} queue items × ${lanes} lanes exceed ${MAX_ITEMS} (2^32 − 2^26) invocation indices; use fewer lanesPerVertex or a larger chunk`);
  }
  // flag: the changed or unfinished word, then the length of the list `stale` of vertices left to the tree scan.
  const zeroed: Record<string, number> = { dist: n, parent: n, flag: 2 };
  if (plan.relax.reads === 'snapshot') zeroed.dist_ro = n;
  let arrays: Record<string, Uint32Array | Float32Array>;
  if (coo) {
    const pairs = done.pairs?.segment === plan.segment && !split ? done.pairs.pairs : phases.time('layout', () => edgePairs(graph, weights.values, plan.segment));
    arrays = { src: pairs.src, dst: pairs.dst, weight: pairs.weight };
  } else {
    const hubWords = hubs && pull ? concatWords(hubs, pull.items) : hubs;
    const bits = plan.relax.arcWeightBits;
    const packed: Record<string, Uint32Array> = bits === undefined ? {} : { arcs: phases.time('layout', () => packedArcs(graph.indices, weights.values as Uint32Array, bits)) };
    // Packed, the arcs go up once: the CSR's own heads and weights only if the pair passes run (`pairArrays`).
    const csr = bits === undefined ? { indices: graph.indices, weight: weights.values } : packed;
    arrays = { indptr, ...csr, ...(split ? { light_end: split.lightEnd } : {}), ...(hubWords ? { hubs: hubWords } : {}) };
    const queues = plan.relax.packedQueue ? { items_a: 2 * queueLength, items_b: 2 * queueLength } : { queue_a: queueLength, chunk_a: queueLength, queue_b: queueLength, chunk_b: queueLength };
    Object.assign(zeroed, { ...queues, mark: n, via: n, state: SSSP_STATE.words, args: INDIRECT_WORDS, ...(pull ? { hub_keys: hubs!.length } : {}) });
    if (plan.treeScan) zeroed.stale = n;
  }
  for (const name of Object.keys(zeroed)) zeroed[name] = Math.max(1, zeroed[name]);
  const items = coo ? arrays.src.length : m;
  // A fixed grid never needs more workgroups than the largest pass: a scan of n vertices or a full queue.
  const fixedItems = Math.max(n, queueLength * lanes, ((pull?.items.length ?? 0) / 2) * lanes);
  const fixed = Math.max(1, Math.min(plan.fixedWorkgroups, MAX_GRID_X, Math.ceil(fixedItems / plan.relax.workgroupSize)));
  const grids: SsspGrids = {
    relax: coo ? dispatchGrid(plan.relax, items) : [fixed],
    parents: dispatchGrid(plan.parents, items),
    ...(plan.tree ? { tree: dispatchGrid(plan.tree, n) } : {}),
    // Few vertices are listed: a fixed grid strides over them (idle workgroups read the length and leave).
    ...(plan.treeScan ? { treeScan: [Math.min(plan.fixedWorkgroups, dispatchGrid(plan.treeScan, n)[0])] as const } : {}),
  };
  const ids = relabelled ? { ids: new SsspIds(relabelled.ids!) } : {};
  const leaves = coo ? {} : { leafFrom: leafStart(graph) };
  return { graph, weights, plan, arrays, zeroed, items, grids, phases, ...ids, ...leaves, ...(split ? { lightEnd: split.lightEnd } : {}), ...(hubs ? { hubs } : {}), ...(pull ? { pull } : {}) };
}

/**
 * Queue items of a visit of v: one per chunk of the arcs it relaxes (its light ones when `lightEnd` splits the
 * rows, else all), at least one.
 */
export const chunksOf = (graph: Csr, v: number, chunk: number, lightEnd?: Uint32Array) => Math.max(1, Math.ceil(((lightEnd ? lightEnd[v] : graph.indptr[v + 1]) - graph.indptr[v]) / chunk));

/** Items a queue may hold: each vertex at most once with the chunks of a visit, and once with those of its heavy arcs. */
function queueCapacity(graph: Csr, chunk: number, lightEnd: Uint32Array | undefined): number {
  let items = 0;
  for (let v = 0; v < graph.n; v++) {
    items += chunksOf(graph, v, chunk, lightEnd);
    if (lightEnd) items += Math.ceil((graph.indptr[v + 1] - lightEnd[v]) / chunk);
  }
  return items;
}

/** The frontier pass's arcs packed (`arcWeightBits`): head << bits | weight, one word an arc. */
function packedArcs(heads: Uint32Array, weights: Uint32Array, bits: number): Uint32Array {
  const arcs = new Uint32Array(heads.length);
  for (let p = 0; p < heads.length; p++) arcs[p] = ((heads[p] << bits) | weights[p]) >>> 0;
  return arcs;
}

/**
 * What the frontier methods' pair passes (`sssp_parents`: a directed graph's parents where the tree step left some)
 * read that the setup did not upload, by buffer name: the arcs' tails as `src`, and where the arcs went up packed
 * the CSR's heads (`indices`, bound as `dst`) and weights. Made when those passes first run.
 */
export function pairArrays(setup: SsspSetup): Record<string, Uint32Array | Float32Array> {
  const { graph, weights } = setup;
  return { src: arcTails(graph), ...('indices' in setup.arrays ? {} : { indices: graph.indices, weight: weights.values }) };
}

/**
 * The first of the vertices at the end of `graph` whose visit could lower no key: those of degree at most 1 in an
 * undirected graph (a leaf's one arc leads back to the vertex that lowered it, and weights are not negative there:
 * a negative undirected edge is refused as a cycle) and those without arcs in a directed one. In degree order
 * (`relabel: 'degree'`) these are every such vertex; in another order, those that happen to come last. The
 * frontier pass sets their keys (and `via`) without queueing them or marking them far.
 *
 * @example
 * leafStart({ n: 3, indptr: Uint32Array.of(0, 2, 3, 4), indices: Uint32Array.of(1, 2, 0, 0), weight: null, directed: false, sorted: true }); // 1
 */
export function leafStart(graph: Csr): number {
  const most = graph.directed ? 0 : 1;
  let v = graph.n;
  while (v > 0 && graph.indptr[v] - graph.indptr[v - 1] <= most) v--;
  return v;
}

/** The vertices of degree ≥ `degree`, ascending: the hubs a release pass looks at. */
function hubList(graph: Csr, degree: number): Uint32Array {
  const hubs: number[] = [];
  for (let v = 0; v < graph.n; v++) if (graph.indptr[v + 1] - graph.indptr[v] >= degree) hubs.push(v);
  return Uint32Array.from(hubs);
}

/** The pull list of `pullHubs`: (vertex, first arc) pairs over each row's arcs to hubs, and how many arcs those are. */
export interface PullList {
  readonly items: Uint32Array;
  readonly arcs: number;
}

/**
 * The pull list: for each vertex, an item per `SSSP_PULL_CHUNK` of its arcs to hubs. The graph is in degree order
 * with sorted rows, so the hubs are vertices 0 to h − 1 and those arcs lead each row (found by a binary search).
 *
 * @example
 * ```ts
 * const g = await relabelByDegreeParallel(csr); // sorted rows, descending degree
 * const { items, arcs } = pullList(g, Uint32Array.of(0, 1, 2)); // items: (vertex, first arc) pairs over arcs to 0..2
 * ```
 */
export function pullList(graph: Csr, hubs: Uint32Array): PullList {
  const h = hubs.length;
  if (!graph.sorted || (h > 0 && hubs[h - 1] !== h - 1)) {
    const why = graph.sorted ? `the ${h} hubs are not vertices 0 to ${h - 1}` : 'its rows are not sorted';
    throw new RangeError(`sssp: pullHubs reads each row's arcs to hubs as its prefix, which needs the graph in degree order with sorted rows, and ${why}: give relabel: 'degree'`);
  }
  const { n, indptr, indices } = graph;
  const ends = new Uint32Array(n);
  let items = 0;
  let arcs = 0;
  for (let v = 0; v < n; v++) {
    let lo = indptr[v];
    let hi = indptr[v + 1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (indices[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    ends[v] = lo;
    arcs += lo - indptr[v];
    items += Math.ceil((lo - indptr[v]) / SSSP_PULL_CHUNK);
  }
  const list = new Uint32Array(2 * items);
  let at = 0;
  for (let v = 0; v < n; v++) {
    for (let p = indptr[v]; p < ends[v]; p += SSSP_PULL_CHUNK) {
      list[at++] = v;
      list[at++] = p;
    }
  }
  return { items: list, arcs };
}

function concatWords(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
