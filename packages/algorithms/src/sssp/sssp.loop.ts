import { NegativeCycleError } from '../apsp/apsp.errors.js';
import { kernelBuffers } from '../kernels/kernel-buffers.js';
import { checkSource } from './sssp.input.js';
import { decodeDistances, distanceKey, limitKey, UNREACHED_KEY, weightBits } from './sssp.keys.js';
import type { SsspMethod } from './sssp.plan.js';
import { bellmanFordTree, NO_PARENT, pathAdd } from './sssp.reference.js';
import { chunksOf, type SsspGrid, type SsspSetup } from './sssp.setup.js';

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

/** The kernels of a query: the pass, the step that sizes a frontier pass, and the two parent steps. */
export type SsspStep = 'relax' | 'advance' | 'parents' | 'tree';

/** One submit's worth of work on a backend. */
export interface SsspBatch {
  /**
   * Queues a step with the buffers of `parity` (the frontier pass and its step: 0 reads queue A and fills B,
   * 1 the reverse) on `grid`, or on the counts `sssp_advance` wrote (`indirect`, WebGPU only).
   */
  dispatch(step: SsspStep, parity: number, params: Uint32Array, grid: SsspGrid | 'indirect'): void;
  /** Zero-fills a buffer. */
  clear(buffer: string): void;
  /** Copies the distances to their read-only snapshot (Bellman-Ford with `reads: 'snapshot'`). */
  snapshot(): void;
  /**
   * Lets the GPU start on what is queued while the host records the rest of the batch (WebGPU: submits it;
   * CUDA: nothing to do, launches run as they are queued).
   */
  checkpoint(): Promise<void>;
  /** Runs what was queued; resolves with its GPU time when the backend measures it. */
  submit(): Promise<number | undefined>;
}

/** The operations the query loop needs of a backend (WebGPU's `SsspRunner`, CUDA's `CudaSsspRunner`). */
export interface SsspEngine {
  batch(label: string): SsspBatch;
  /** Writes `data` to the start of a buffer (before any later batch runs); `data` is copied before it returns. */
  write(buffer: string, data: Uint32Array): void;
  /** The first `words` words of a buffer, after all queued work. */
  read(buffer: string, words: number): Promise<Uint32Array>;
  /** Uploads the arcs' tails as `src` for the frontier methods' pair passes (directed graphs), once. */
  uploadArcTails(): Promise<void>;
}

/**
 * The buffer a step binds under a binding's name: the frontier pass and its step swap the queues by parity;
 * the pair passes of the frontier methods read the CSR heads as `dst` (their tails come as `src`).
 */
export function ssspBufferName(step: SsspStep, parity: number, binding: string, coo: boolean): string {
  const [from, to] = parity === 1 ? ['b', 'a'] : ['a', 'b'];
  if (binding === 'queue_in' || binding === 'chunk_in') return `${binding.slice(0, 5)}_${from}`;
  if (binding === 'queue_out' || binding === 'chunk_out') return `${binding.slice(0, 5)}_${to}`;
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
export async function runSsspMany(engine: SsspEngine, setup: SsspSetup, sources: readonly number[], options: SsspRunOptions = {}): Promise<SsspResult[]> {
  for (const s of sources) checkSource(setup.graph.n, s);
  const results: SsspResult[] = [];
  for (const s of sources) results.push(await runSsspQuery(engine, setup, s, options));
  return results;
}

/**
 * One SSSP query on a backend: distances (paper 001's passes, or the frontier loop on the GPU), a negative
 * cycle named by the CPU, the parent tree, the read-backs. Shared by the WebGPU and CUDA runners.
 */
export async function runSsspQuery(engine: SsspEngine, setup: SsspSetup, source: number, options: SsspRunOptions = {}): Promise<SsspResult> {
  const n = setup.graph.n;
  checkSource(n, source);
  if (options.target !== undefined) checkSource(n, options.target, 'target');
  const started = performance.now();
  const { plan } = setup;
  const limit = limitKey(options.maxDistance, plan.weights);
  writeBlank(engine, setup, 'dist', source, distanceKey(0, plan.weights));
  const relaxed = plan.method === 'bellman-ford' ? await edgePasses(engine, setup, limit) : await frontierPasses(engine, setup, source, limit, options.target);
  if (relaxed.passes === undefined) negativeCycle(setup, source);
  const parents = options.parents === false ? undefined : await parentPasses(engine, setup, source);
  const [keys, parent] = await Promise.all([engine.read('dist', n), parents && engine.read('parent', n)]);
  checkU32Range(setup, keys);
  const dist = decodeDistances(keys, plan.weights);
  return {
    source,
    dist,
    parent,
    method: plan.method,
    passes: relaxed.passes!,
    parentPasses: parents?.passes ?? 0,
    gpuTimeMs: relaxed.gpuTimeMs,
    parentGpuTimeMs: parents?.gpuTimeMs,
    wallTimeMs: performance.now() - started,
  };
}

interface Passes {
  passes?: number;
  gpuTimeMs?: number;
}

/**
 * Paper 001's passes, `batch` to a submit, the changed flag read once per batch. A graph without negative
 * cycles stops changing within n − 1 passes; a change in pass n means a negative cycle (passes undefined).
 */
async function edgePasses(engine: SsspEngine, setup: SsspSetup, limit: number): Promise<Passes> {
  const { plan, items } = setup;
  const n = setup.graph.n;
  const snapshot = plan.relax.reads === 'snapshot';
  engine.write('flag', new Uint32Array(1));
  let iter = 0;
  let gpuTimeMs: number | undefined;
  for (;;) {
    const batch = engine.batch('sssp bellman-ford');
    for (let i = 0, k = passesPerBatch(plan.batch, iter); i < k; i++) {
      iter += 1;
      if (snapshot) batch.snapshot();
      batch.dispatch('relax', 0, Uint32Array.of(items, iter, limit, 0), setup.grids.relax);
      if (i % CHECKPOINT_PASSES === CHECKPOINT_PASSES - 1) await batch.checkpoint();
    }
    gpuTimeMs = addTime(gpuTimeMs, await batch.submit());
    const [flag] = await engine.read('flag', 1);
    if (flag < iter) return { passes: flag + 1, gpuTimeMs };
    if (flag >= Math.max(n, 1)) return { gpuTimeMs };
  }
}

/**
 * Frontier passes with the loop on the GPU: each pass is the advance step, which sizes the pass from the
 * near queue's length (or, when near-far's bucket ran dry, moves the threshold and makes the pass a scan for
 * far vertices below it; or ends the search: state[DONE] = the last pass), then the pass itself, dispatched
 * indirectly or on a fixed grid that strides over the pass's items; batches of passes go in one submit and the
 * done word is read once per batch. Frontier Bellman-Ford empties its queue within n passes unless a negative
 * cycle feeds it (passes undefined).
 */
async function frontierPasses(engine: SsspEngine, setup: SsspSetup, source: number, limit: number, target: number | undefined): Promise<Passes> {
  const { plan, graph } = setup;
  const n = graph.n;
  const type = plan.weights;
  const nearFar = plan.method === 'near-far';
  const chunks = chunksOf(graph, source, plan.relax.chunk!);
  engine.write('queue_a', new Uint32Array(chunks).fill(source));
  engine.write('chunk_a', Uint32Array.from({ length: chunks }, (_, c) => c));
  const threshold = nearFar ? Math.max(distanceKey(plan.delta, type), distanceKey(0, type) + 1) : UNREACHED_KEY;
  // done, threshold, far minimum, n, the lengths of queues A and B, scanning.
  engine.write('state', Uint32Array.of(0, threshold, UNREACHED_KEY, n, chunks, 0, 0));
  const deltaBits = nearFar ? weightBits(plan.delta, type) : 0;
  const grid = plan.dispatch === 'fixed' ? setup.grids.relax : 'indirect';
  // The parameter blocks of both parities, made once: a pass differs from its parity's block only in `iter`.
  const advanceParams = [0, 1].map((readsB) => Uint32Array.of(target ?? NO_PARENT, 0, deltaBits, readsB));
  const relaxParams = [0, 1].map((readsB) => Uint32Array.of(n, 0, limit, readsB));
  let iter = 0;
  let gpuTimeMs: number | undefined;
  for (;;) {
    const batch = engine.batch(`sssp ${plan.method}`);
    // Queue stamps count from pass 1 each run; a run stopped at a target may have left far marks. (via needs
    // no clearing: every vertex reached in a run was lowered in it.)
    if (iter === 0) batch.clear('mark');
    for (let i = 0, k = frontierPassesPerBatch(plan.batch, iter); i < k; i++) {
      iter += 1;
      // Odd passes read queue A, even ones queue B.
      const readsB = (iter + 1) % 2;
      advanceParams[readsB][1] = iter;
      relaxParams[readsB][1] = iter;
      batch.dispatch('advance', readsB, advanceParams[readsB], [1]);
      batch.dispatch('relax', readsB, relaxParams[readsB], grid);
      if (i % CHECKPOINT_PASSES === CHECKPOINT_PASSES - 1) await batch.checkpoint();
    }
    gpuTimeMs = addTime(gpuTimeMs, await batch.submit());
    const [done] = await engine.read('state', 1);
    if (done !== 0) return { passes: done, gpuTimeMs };
    if (!nearFar && iter > n + 1) return { gpuTimeMs };
  }
}

/**
 * Parents: for the frontier methods, one step per vertex (the tail of the arc that lowered it last, when
 * tight; else, undirected, a strictly closer tight neighbour). Where some vertex found none (zero weights, f32
 * sums that round back): on an undirected graph, pull passes over the vertices (one still without a parent
 * takes a tight neighbour that has one: only those few do any work); on a directed one, and for Bellman-Ford,
 * tight-arc passes over the pairs. Either repeats until no vertex gains a parent, the flag read once per batch.
 */
async function parentPasses(engine: SsspEngine, setup: SsspSetup, source: number): Promise<{ passes: number; gpuTimeMs?: number }> {
  const { plan } = setup;
  const n = setup.graph.n;
  writeBlank(engine, setup, 'parent', source, source);
  engine.write('flag', new Uint32Array(1));
  let gpuTimeMs: number | undefined;
  const tree = setup.grids.tree;
  // The passes that finish the tree: the step, its parameters for pass `iter`, its grid.
  let finish = { step: 'parents' as SsspStep, params: (iter: number) => Uint32Array.of(setup.items, iter, 0, setup.weights.min >= 0 ? 1 : 0), grid: setup.grids.parents };
  if (tree) {
    const batch = engine.batch('sssp tree');
    batch.dispatch('tree', 0, Uint32Array.of(n, 1, 0, 0), tree);
    gpuTimeMs = await batch.submit();
    const [unfinished] = await engine.read('flag', 1);
    if (unfinished === 0) return { passes: 1, gpuTimeMs };
    engine.write('flag', new Uint32Array(1));
    if (plan.tree!.symmetric) finish = { step: 'tree', params: (iter) => Uint32Array.of(n, iter, 0, 1), grid: tree };
    else await engine.uploadArcTails();
  }
  const perBatch = Math.min(plan.batch, 4);
  let iter = 0;
  for (;;) {
    const batch = engine.batch('sssp parents');
    for (let i = 0; i < perBatch; i++) {
      iter += 1;
      batch.dispatch(finish.step, 0, finish.params(iter), finish.grid);
    }
    gpuTimeMs = addTime(gpuTimeMs, await batch.submit());
    const [flag] = await engine.read('flag', 1);
    if (flag < iter) return { passes: flag + 1 + (tree ? 1 : 0), gpuTimeMs };
  }
}

/** The GPU saw a negative cycle; the CPU Bellman-Ford names a vertex on it. */
function negativeCycle(setup: SsspSetup, source: number): never {
  const g = setup.graph;
  bellmanFordTree({ n: g.n, offsets: g.indptr, heads: g.indices, weights: setup.weights.values }, source, pathAdd(setup.plan.weights));
  throw new NegativeCycleError(source, `the distances from ${source} still fell after ${g.n} passes, but the CPU check found no cycle: f32 rounding may loop`);
}

/**
 * Writes n words of UNREACHED_KEY (= NO_PARENT) but `word` at `at` to a buffer, from the setup's blank words
 * (both backends copy the data before `write` returns, so the word is restored at once).
 */
function writeBlank(engine: SsspEngine, setup: SsspSetup, buffer: string, at: number, word: number): void {
  const { blank } = setup;
  blank[at] = word;
  try {
    engine.write(buffer, blank);
  } finally {
    blank[at] = UNREACHED_KEY;
  }
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
 * Passes to record before the next read-back: `batch` at first, then as many as have run already (so a
 * search of thousands of passes, e.g. on a road network, reads back a few dozen times), at most 16 × batch.
 * A pass after convergence returns at once, so the surplus of the last batch costs little GPU time.
 */
const passesPerBatch = (batch: number, done: number) => Math.min(16 * batch, Math.max(batch, done));

/**
 * Frontier passes to record before the next read-back: `batch` at first, then as many as have run (so a search
 * of thousands of passes on a road network reads back a dozen times), at most 64 × batch. Passes after the end
 * cost two empty launches each, so the surplus of the last batch is at most as long as the search.
 */
const frontierPassesPerBatch = (batch: number, done: number) => Math.min(64 * batch, Math.max(batch, done));

/**
 * Passes recorded before the GPU is let start on them: a long batch (up to 1024 passes) then runs while the
 * host records its rest, instead of after (on WebGPU nothing runs before a submit).
 */
const CHECKPOINT_PASSES = 64;

const addTime = (a: number | undefined, b: number | undefined) => (b === undefined ? a : (a ?? 0) + b);
