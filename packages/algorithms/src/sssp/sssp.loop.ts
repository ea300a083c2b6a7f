import { NegativeCycleError } from '../apsp/apsp.errors.js';
import { kernelBuffers } from '../kernels/kernel-buffers.js';
import { checkSource, sumsAlwaysGrow } from './sssp.input.js';
import { decodeDistances, distanceKey, limitKey, UNREACHED_KEY, weightBits } from './sssp.keys.js';
import type { SsspMethod } from './sssp.plan.js';
import { bellmanFordTree, NO_PARENT, pathAdd } from './sssp.reference.js';
import { chunksOf, SSSP_STATE, type SsspGrid, type SsspSetup } from './sssp.setup.js';

/** What one query may add to the runner's configuration. */
export interface SsspRunOptions {
  /** Distances beyond this are not searched: those vertices come back unreached. */
  readonly maxDistance?: number;
  /**
   * Near-far stops once this vertex's bucket is settled: its distance and the path to it are exact, other
   * vertices may hold upper bounds (the other methods compute every distance anyway).
   */
  readonly target?: number;
  /** Compute the parent tree. Default true. */
  readonly parents?: boolean;
}

export interface SsspResult {
  readonly source: number;
  /** Shortest distances, exactly as f32 or u32 values; Infinity where unreached. */
  readonly dist: Float64Array;
  /** parent[v] on a shortest-path tree, parent[source] = source, `NO_PARENT` where unreached (when asked). */
  readonly parent?: Uint32Array;
  readonly method: SsspMethod;
  /** Relaxation passes until nothing changed (including the pass that found nothing to do). */
  readonly passes: number;
  /** Tight-arc passes of the parent step. */
  readonly parentPasses: number;
  /** GPU time of the distance passes and of the parent passes (timestamp queries or CUDA events), when the device has them. */
  readonly gpuTimeMs?: number;
  readonly parentGpuTimeMs?: number;
  /** Host wall time from the first upload to the end of the read-backs. */
  readonly wallTimeMs: number;
}

/** The kernels of a query: the pass, the step that sizes a frontier pass, and the parent steps. */
export type SsspStep = 'relax' | 'advance' | 'parents' | 'tree' | 'treeScan';

/** The steps in a fixed order: a runner keeps its per-step state in arrays indexed by `SSSP_STEPS.indexOf(step) * 2 + parity`. */
export const SSSP_STEPS: readonly SsspStep[] = ['relax', 'advance', 'parents', 'tree', 'treeScan'];

/** One submit's worth of work on a backend. */
export interface SsspBatch {
  /**
   * Queues a step with the buffers of `parity` (the frontier pass and its step: 0 reads queue A and fills B,
   * 1 the reverse) on `grid`, or on the counts `sssp_advance` wrote (`indirect`, WebGPU only).
   */
  dispatch(step: SsspStep, parity: number, params: Uint32Array, grid: SsspGrid | 'indirect'): void;
  /** Zero-fills a buffer. */
  clear(buffer: string): void;
  /**
   * Fills the first n words of a buffer with UNREACHED_KEY (= NO_PARENT) but `word` at `at`, on the GPU (no
   * n-word upload per query).
   */
  reset(buffer: string, at: number, word: number): void;
  /** Copies the distances to their read-only snapshot (Bellman-Ford with `reads: 'snapshot'`). */
  snapshot(): void;
  /**
   * Lets the GPU start on what is queued while the host records the rest of the batch (WebGPU: submits it;
   * CUDA: nothing to do, launches run as they are queued).
   */
  checkpoint(): Promise<void>;
  /**
   * Runs what was queued and reads back the first word of `flag` (the changed flag, or the done word of the
   * frontier state); when `ends(word)` and `answer` names buffers, also their first n words, handed to `use`
   * while they are valid (it copies what it keeps). Resolves with the batch's GPU time when the backend
   * measures it, the word, and what `use` returned. WebGPU copies the flag in the same submit; the answer too
   * when `expectEnd` (one mapping for all), else in a submit of its own once the word says the passes ended
   * (an answer copied by every batch of a long search would cost more). CUDA downloads the answer only when
   * the passes ended.
   */
  submit<T>(flag: string, ends: (word: number) => boolean, answer: readonly string[], use: (views: readonly Uint32Array[]) => T, expectEnd: boolean): Promise<SsspSubmitted<T>>;
}

/** What a batch's submit gives back. */
export interface SsspSubmitted<T> {
  readonly gpuTimeMs?: number;
  readonly word: number;
  /** `use`'s result, when the word ended the passes. */
  readonly value?: T;
}

/** The operations the query loop needs of a backend (WebGPU's `SsspRunner`, CUDA's `CudaSsspRunner`). */
export interface SsspEngine {
  batch(label: string): SsspBatch;
  /** Writes `data` to the start of a buffer (before any later batch runs); `data` is copied before it returns. */
  write(buffer: string, data: Uint32Array): void;
  /** Uploads what the frontier methods' pair passes (directed graphs) read and the setup left out (`pairArrays`), once. */
  uploadPairArrays(): Promise<void>;
  /**
   * A profile's mode (off in every ordinary runner): the loop awaits `checkpoint()` after each dispatch, so each
   * step runs in a submit of its own and the backend can time it and look at the buffers it left.
   */
  readonly stepwise?: boolean;
}

/**
 * What the earlier queries on a runner needed: the next query's first batch is sized from it, so that a
 * query like the last one ends at its first read-back.
 */
export interface SsspPace {
  passes: number;
  parentPasses: number;
}

/**
 * The buffer a step binds under a binding's name: the frontier pass and its step swap the queues by parity;
 * the pair passes of the frontier methods read the CSR heads as `dst` (their tails come as `src`).
 */
export function ssspBufferName(step: SsspStep, parity: number, binding: string, coo: boolean): string {
  const [from, to] = parity === 1 ? ['b', 'a'] : ['a', 'b'];
  const queue = /^(queue|chunk|items)_(in|out)$/.exec(binding);
  if (queue) return `${queue[1]}_${queue[2] === 'in' ? from : to}`;
  if (step === 'parents' && binding === 'dst' && !coo) return 'indices';
  return binding;
}

/**
 * The buffers a step binds for the queues of `parity`, by binding name, from a runner's pool (either backend's
 * buffers). The runners make them once per step and parity and keep them: recording a pass builds nothing.
 */
export function stepBuffers<B>(setup: SsspSetup, bindings: readonly { readonly name: string; readonly kind: string }[], pool: Readonly<Record<string, B>>, step: SsspStep, parity: number): Record<string, B> {
  const coo = setup.plan.method === 'bellman-ford';
  return kernelBuffers(bindings, (name) => pool[ssspBufferName(step, parity, name, coo)]);
}

/** One query after another on an uploaded graph (every source checked first). */
export async function runSsspMany(engine: SsspEngine, setup: SsspSetup, sources: readonly number[], options: SsspRunOptions = {}, pace: SsspPace = newPace()): Promise<SsspResult[]> {
  for (const s of sources) checkSource(setup.graph.n, s);
  const results: SsspResult[] = [];
  for (const s of sources) results.push(await runSsspQuery(engine, setup, s, options, pace));
  return results;
}

/** A runner's pace before its first query: batches of the plan's size. */
export const newPace = (): SsspPace => ({ passes: 0, parentPasses: 0 });

/**
 * One SSSP query on a backend: distances (paper 001's passes, or the frontier loop on the GPU), a negative
 * cycle named by the CPU, the parent tree, the read-backs. Shared by the WebGPU and CUDA runners. The start
 * state is made on the GPU, and the answer comes back with the batch that ends the query (its parents, or
 * without parents its distances): no read-back of its own. `pace` carries what the query needed to the next.
 */
export async function runSsspQuery(engine: SsspEngine, setup: SsspSetup, source: number, options: SsspRunOptions = {}, pace: SsspPace = newPace()): Promise<SsspResult> {
  const n = setup.graph.n;
  checkSource(n, source);
  if (options.target !== undefined) checkSource(n, options.target, 'target');
  const started = performance.now();
  const { plan } = setup;
  const limit = limitKey(options.maxDistance, plan.weights);
  const withParents = options.parents !== false;
  const relaxed = plan.method === 'bellman-ford' ? await edgePasses(engine, setup, source, limit, pace, !withParents) : await frontierPasses(engine, setup, source, limit, options.target, pace, !withParents);
  if (relaxed.passes === undefined) negativeCycle(setup, source);
  pace.passes = relaxed.passes;
  const parents = withParents ? await parentPasses(engine, setup, source, pace) : undefined;
  if (parents) pace.parentPasses = parents.passes;
  const { dist, parent } = (parents ?? relaxed).answer!;
  return {
    source,
    dist,
    parent,
    method: plan.method,
    passes: relaxed.passes,
    parentPasses: parents?.passes ?? 0,
    gpuTimeMs: relaxed.gpuTimeMs,
    parentGpuTimeMs: parents?.gpuTimeMs,
    wallTimeMs: performance.now() - started,
  };
}

/** A query's result arrays. */
interface Answer {
  dist: Float64Array;
  parent?: Uint32Array;
}

interface Passes {
  passes?: number;
  gpuTimeMs?: number;
  /** The answer, read back with the batch that ended the passes (when they were the query's last). */
  answer?: Answer;
}

/**
 * Paper 001's passes, a batch to a submit, the changed flag read once per batch (with the distances when
 * `withDist`: the query asks no parents). A graph without negative cycles stops changing within n − 1 passes;
 * a change in pass n means a negative cycle (passes undefined).
 */
async function edgePasses(engine: SsspEngine, setup: SsspSetup, source: number, limit: number, pace: SsspPace, withDist: boolean): Promise<Passes> {
  const { plan, items } = setup;
  const n = setup.graph.n;
  const snapshot = plan.relax.reads === 'snapshot';
  // One parameter block, its `iter` set in place: both backends copy it when a pass is queued.
  const params = Uint32Array.of(items, 0, limit, 0);
  let iter = 0;
  let gpuTimeMs: number | undefined;
  for (;;) {
    const batch = engine.batch('sssp bellman-ford');
    if (iter === 0) {
      batch.reset('dist', source, distanceKey(0, plan.weights));
      batch.clear('flag');
    }
    const first = iter + 1;
    for (let i = 0, k = passesPerBatch(plan.batch, iter, pace.passes, EDGE_GROWTH); i < k; i++) {
      iter += 1;
      if (snapshot) batch.snapshot();
      params[1] = iter;
      batch.dispatch('relax', 0, params, setup.grids.relax);
      if (engine.stepwise || checkpointAfter(i, k)) await batch.checkpoint();
    }
    const last = iter;
    const ran = await batch.submit('flag', (flag) => flag < last, withDist ? ['dist'] : [], (views) => answerOf(setup, views), expectsEnd(first, last, pace.passes));
    gpuTimeMs = addTime(gpuTimeMs, ran.gpuTimeMs);
    if (ran.word < iter) return { passes: ran.word + 1, gpuTimeMs, answer: ran.value };
    if (ran.word >= Math.max(n, 1)) return { gpuTimeMs };
  }
}

/**
 * Frontier passes with the loop on the GPU: each pass is the advance step, which sizes the pass from the
 * near queue's length (or, when near-far's bucket ran dry, moves the threshold and makes the pass a scan for
 * far vertices below it; or ends the search: state[DONE] = the last pass), then the pass itself, dispatched
 * indirectly or on a fixed grid that strides over the pass's items; batches of passes go in one submit and the
 * done word is read once per batch (with the distances when `withDist`). Frontier Bellman-Ford empties its
 * queue within n passes unless a negative cycle feeds it (passes undefined).
 */
async function frontierPasses(engine: SsspEngine, setup: SsspSetup, source: number, limit: number, target: number | undefined, pace: SsspPace, withDist: boolean): Promise<Passes> {
  const { plan, graph } = setup;
  const n = graph.n;
  const type = plan.weights;
  const nearFar = plan.method === 'near-far';
  const chunks = chunksOf(graph, source, plan.relax.chunk!, setup.lightEnd);
  if (plan.relax.packedQueue) {
    engine.write('items_a', Uint32Array.from({ length: 2 * chunks }, (_, i) => (i % 2 === 0 ? source : i >> 1)));
  } else {
    engine.write('queue_a', new Uint32Array(chunks).fill(source));
    engine.write('chunk_a', Uint32Array.from({ length: chunks }, (_, c) => c));
  }
  const threshold = nearFar ? Math.max(distanceKey(plan.delta, type), distanceKey(0, type) + 1) : UNREACHED_KEY;
  const state = new Uint32Array(SSSP_STATE.words);
  state[SSSP_STATE.threshold] = threshold;
  state[SSSP_STATE.farMin] = UNREACHED_KEY;
  state[SSSP_STATE.vertices] = n;
  state[SSSP_STATE.lengthA] = chunks;
  // The first bucket's gathering is the source; the tail rule's factor as f32 bits (weightBits of an f32).
  state[SSSP_STATE.gathered] = 1;
  state[SSSP_STATE.tailFactor] = weightBits(plan.tailFactor, 'f32');
  state[SSSP_STATE.leafFrom] = setup.leafFrom ?? n;
  if (plan.hubDegree) {
    // The first bucket's hub limit: the hub step past distance 0 (at least one key past it), at most the threshold.
    state[SSSP_STATE.hubLimit] = Math.min(threshold, Math.max(distanceKey(plan.hubStep, type), distanceKey(0, type) + 1));
    state[SSSP_STATE.hubMin] = UNREACHED_KEY;
    state[SSSP_STATE.hubs] = setup.hubs!.length;
    state[SSSP_STATE.hubDegree] = plan.hubDegree;
    state[SSSP_STATE.hubStep] = weightBits(plan.hubStep, type);
    state[SSSP_STATE.hubStepNow] = state[SSSP_STATE.hubStep];
    state[SSSP_STATE.hubGrowth] = weightBits(plan.hubGrowth, 'f32');
  }
  if (setup.pull) {
    state[SSSP_STATE.pullItems] = setup.pull.items.length / 2;
    state[SSSP_STATE.pullMin] = Math.max(1, Math.ceil(plan.pullShare * setup.pull.arcs));
  }
  const deltaBits = nearFar ? weightBits(plan.delta, type) : 0;
  const fused = plan.relax.fusedAdvance === true;
  if (fused) bankedState(state, deltaBits);
  engine.write('state', state);
  const grid = plan.dispatch === 'fixed' ? setup.grids.relax : 'indirect';
  // The parameter blocks of both parities, made once (the advance step's only when it is dispatched): a pass
  // differs from its parity's block only in `iter`.
  const advanceParams = fused ? [] : [0, 1].map((readsB) => Uint32Array.of(target ?? NO_PARENT, 0, deltaBits, readsB));
  // Fused, the pass makes the advance step's decision: its count is the target (n is a state word).
  const relaxParams = [0, 1].map((readsB) => Uint32Array.of(fused ? (target ?? NO_PARENT) : n, 0, limit, readsB));
  let iter = 0;
  let gpuTimeMs: number | undefined;
  for (;;) {
    const batch = engine.batch(`sssp ${plan.method}`);
    if (iter === 0) {
      batch.reset('dist', source, distanceKey(0, type));
      // Queue stamps count from pass 1 each run; a run stopped at a target may have left far marks. (via needs
      // no clearing: every vertex reached in a run was lowered in it.)
      batch.clear('mark');
    }
    const first = iter + 1;
    for (let i = 0, k = passesPerBatch(plan.batch, iter, pace.passes, FRONTIER_GROWTH); i < k; i++) {
      iter += 1;
      // Odd passes read queue A, even ones queue B.
      const readsB = (iter + 1) % 2;
      relaxParams[readsB][1] = iter;
      if (!fused) {
        advanceParams[readsB][1] = iter;
        batch.dispatch('advance', readsB, advanceParams[readsB], ADVANCE_GRID);
        if (engine.stepwise) await batch.checkpoint();
      }
      batch.dispatch('relax', readsB, relaxParams[readsB], grid);
      if (engine.stepwise || checkpointAfter(i, k)) await batch.checkpoint();
    }
    const ran = await batch.submit('state', (done) => done !== 0, withDist ? ['dist'] : [], (views) => answerOf(setup, views), expectsEnd(first, iter, pace.passes));
    gpuTimeMs = addTime(gpuTimeMs, ran.gpuTimeMs);
    if (ran.word !== 0) return { passes: ran.word, gpuTimeMs, answer: ran.value };
    if (!nearFar && iter > n + 1) return { gpuTimeMs };
  }
}

/**
 * fuseAdvance: the start state copied into bank 0, as pass 0's (pass 1 decides from it), the other two banks at
 * their counters' identities (no far or hub key: UNREACHED; counts 0), and the bucket width.
 */
function bankedState(state: Uint32Array, deltaBits: number): void {
  const { banks, bankWords } = SSSP_STATE;
  state.copyWithin(banks, 0, bankWords);
  for (const b of [banks + bankWords, banks + 2 * bankWords]) {
    state[b + SSSP_STATE.farMin] = UNREACHED_KEY;
    state[b + SSSP_STATE.hubMin] = UNREACHED_KEY;
  }
  state[SSSP_STATE.delta] = deltaBits;
}

/** The advance step is one workgroup. */
const ADVANCE_GRID: SsspGrid = [1];

/**
 * Parents: for the frontier methods, one step per vertex (the tail of the arc that lowered it last, when
 * tight; else, undirected, the vertex is listed and the tree scan that follows in the same batch gives it a
 * strictly closer tight neighbour, a workgroup scanning its arcs). Where some vertex found none (zero weights, f32
 * sums that round back): on an undirected graph, pull passes over the vertices (one still without a parent
 * takes a tight neighbour that has one: only those few do any work); on a directed one, and for Bellman-Ford,
 * tight-arc passes over the pairs. Either repeats until no vertex gains a parent, the flag read once per batch,
 * and with it the distances and parents: the batch that completes the tree is the query's last read-back.
 */
async function parentPasses(engine: SsspEngine, setup: SsspSetup, source: number, pace: SsspPace): Promise<{ passes: number; gpuTimeMs?: number; answer: Answer }> {
  const { plan } = setup;
  const n = setup.graph.n;
  const answer = ['dist', 'parent'];
  const use = (views: readonly Uint32Array[]) => answerOf(setup, views);
  let gpuTimeMs: number | undefined;
  const tree = setup.grids.tree;
  // The passes that finish the tree: the step, its parameter block (`iter` set in place), its grid.
  let finish = { step: 'parents' as SsspStep, params: Uint32Array.of(setup.items, 0, 0, setup.weights.min >= 0 ? 1 : 0), grid: setup.grids.parents };
  if (tree) {
    const batch = engine.batch('sssp tree');
    batch.reset('parent', source, source);
    batch.clear('flag');
    batch.dispatch('tree', 0, Uint32Array.of(n, 1, 0, 0), tree);
    if (engine.stepwise) await batch.checkpoint();
    if (plan.treeScan) batch.dispatch('treeScan', 0, Uint32Array.of(n, 1, 0, 0), setup.grids.treeScan!);
    if (engine.stepwise) await batch.checkpoint();
    // One step completes the tree where weights are positive: expected unless the last query needed more.
    const ran = await batch.submit('flag', (unfinished) => unfinished === 0, answer, use, pace.parentPasses <= 1);
    gpuTimeMs = ran.gpuTimeMs;
    if (ran.word === 0) return { passes: 1, gpuTimeMs, answer: ran.value! };
    if (plan.tree!.symmetric) finish = { step: 'tree', params: Uint32Array.of(n, 0, 0, 1), grid: tree };
    else await engine.uploadPairArrays();
  }
  const earlier = tree ? 1 : 0;
  // Bellman-Ford's pass gives every reached vertex a parent at once where no sum rounds back: then it is the whole step.
  const onePass = !tree && sumsAlwaysGrow(setup.graph.n, setup.weights);
  let iter = 0;
  for (;;) {
    const batch = engine.batch('sssp parents');
    if (iter === 0) {
      if (!tree) batch.reset('parent', source, source);
      batch.clear('flag');
    }
    const first = iter + 1;
    for (let i = 0, k = onePass ? 1 : passesPerBatch(Math.min(plan.batch, 4), iter, pace.parentPasses - earlier, EDGE_GROWTH); i < k; i++) {
      iter += 1;
      finish.params[1] = iter;
      batch.dispatch(finish.step, 0, finish.params, finish.grid);
      if (engine.stepwise) await batch.checkpoint();
    }
    const last = iter;
    const ran = await batch.submit('flag', (flag) => onePass || flag < last, answer, use, onePass || expectsEnd(first, last, pace.parentPasses - earlier));
    gpuTimeMs = addTime(gpuTimeMs, ran.gpuTimeMs);
    if (onePass) return { passes: 1, gpuTimeMs, answer: ran.value! };
    if (ran.word < iter) return { passes: ran.word + 1 + earlier, gpuTimeMs, answer: ran.value! };
  }
}

/** The answer from its read-back views (distance keys, then parents when read): distances decoded, parents copied. */
function answerOf(setup: SsspSetup, [keys, parent]: readonly Uint32Array[]): Answer {
  checkU32Range(setup, keys);
  return { dist: decodeDistances(keys, setup.plan.weights), ...(parent ? { parent: parent.slice() } : {}) };
}

/** The GPU saw a negative cycle; the CPU Bellman-Ford names a vertex on it. */
function negativeCycle(setup: SsspSetup, source: number): never {
  const g = setup.graph;
  bellmanFordTree({ n: g.n, offsets: g.indptr, heads: g.indices, weights: setup.weights.values }, source, pathAdd(setup.plan.weights));
  throw new NegativeCycleError(source, `the distances from ${source} still fell after ${g.n} passes, but the CPU check found no cycle: f32 rounding may loop`);
}

/** u32 sums saturate at 2^32 − 1: refuse results where a relaxation may have been cut off (u32 keys are the distances). */
function checkU32Range(setup: SsspSetup, keys: Uint32Array): void {
  if (setup.plan.weights !== 'u32') return;
  // A stored key is the length of a path of stored keys that never repeats a vertex (atomicMin keeps the
  // smaller key, and weights are ≥ 0): at most (n − 1) × the largest weight. When n × the largest weight stays
  // below 2^32 − 1 (Kronecker scale 22 with weights ≤ 255), no sum can have saturated: no O(n) scan.
  if (setup.graph.n * setup.weights.max < UNREACHED_KEY) return;
  let max = 0;
  for (let v = 0; v < keys.length; v++) {
    const k = keys[v];
    if (k !== UNREACHED_KEY && k > max) max = k;
  }
  if (max + setup.weights.max >= UNREACHED_KEY) {
    throw new RangeError(`sssp: u32 distances reach ${max} and weights ${setup.weights.max}: sums may pass 2^32 − 1 and saturate; use weights: 'f32'`);
  }
}

/**
 * Passes to record before the next read-back: at first what the runner's previous query needed and a quarter
 * more (at least `batch`), so that a query like the last ends at its first read-back; then as many as have
 * run already (so a search of thousands of passes, e.g. on a road network, reads back a few dozen times); at
 * most `growth` × batch. A pass after the end returns at once (Bellman-Ford's, the parent passes') or costs two
 * empty launches (the frontier methods'), so the surplus of the last batch costs little GPU time.
 */
function passesPerBatch(batch: number, done: number, previous: number, growth: number): number {
  const wanted = done === 0 ? Math.ceil(previous * 1.25) : done;
  return Math.min(growth * batch, Math.max(batch, wanted));
}

/**
 * Whether the batch of passes `first` to `last` is expected to end them: it holds the pass where the last query
 * ended (none before the first query; and once a query outruns the last one, no later batch is expected to).
 */
const expectsEnd = (first: number, last: number, previous: number) => previous > 0 && first <= previous && previous <= last;

/** Most passes of a Bellman-Ford or parent batch, in batches (of the plan's size): a surplus pass is a full-grid launch. */
const EDGE_GROWTH = 16;

/** Most passes of a frontier batch, in batches: a surplus pass is one launch of a workgroup and one of an empty grid. */
const FRONTIER_GROWTH = 64;

/**
 * Whether to let the GPU start on what is recorded after pass `i` of a batch of `k` (from 0): every 64 passes,
 * so that a long batch (up to 1024 passes) runs while the host records its rest, instead of after (on WebGPU
 * nothing runs before a submit). Each part is a submit of its own: none is made for a tail of fewer than 16
 * passes (recording them takes less than the submit's own host work).
 */
const checkpointAfter = (i: number, k: number) => (i + 1) % CHECKPOINT_PASSES === 0 && k - (i + 1) >= MIN_PART;

const CHECKPOINT_PASSES = 64;
const MIN_PART = 16;

const addTime = (a: number | undefined, b: number | undefined) => (b === undefined ? a : (a ?? 0) + b);
