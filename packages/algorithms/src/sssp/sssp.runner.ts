import { dispatchGrid, type GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { BufferUsage, type Device } from '@semiforge/runtime';
import { NegativeCycleError } from '../apsp/apsp.errors.js';
import { kernelFor } from '../kernels/kernel-source.js';
import { checkNegativeWeights, checkSource, checkSsspFits, ssspWeights, type SsspWeights } from './sssp.input.js';
import { decodeDistances, distanceKey, limitKey, UNREACHED_KEY, weightBits } from './sssp.keys.js';
import { arcTails, edgePairs } from './sssp.layout.js';
import { planSssp, type SsspKernelOptions, type SsspMethod, type SsspPlan } from './sssp.plan.js';
import { bellmanFordTree, NO_PARENT, pathAdd } from './sssp.reference.js';

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
  /** GPU time of the distance passes and of the parent passes (timestamp queries), when the device has them. */
  readonly gpuTimeMs?: number;
  readonly parentGpuTimeMs?: number;
  /** Host wall time from the first upload to the end of the read-backs. */
  readonly wallTimeMs: number;
}

type Buffers = Record<string, GPUBuffer>;

/**
 * One graph made ready for many SSSP queries on a device: weights converted, method planned, the edge list
 * (Bellman-Ford) or CSR (frontier, near-far) uploaded once. `run(source)` answers one query, `runMany` a batch.
 *
 * @example
 * const runner = await SsspRunner.create(device, csr, { method: 'near-far', weights: 'u32' });
 * const [a, b] = await runner.runMany([0, 17]);
 * runner.destroy();
 */
export class SsspRunner {
  readonly plan: SsspPlan;
  readonly n: number;
  readonly #device: Device;
  readonly #graph: Csr;
  readonly #weights: SsspWeights;
  readonly #buffers: Buffers;
  /** Pairs (Bellman-Ford) or arcs (the frontier methods' parent step) the COO kernels cover. */
  readonly #items: number;
  readonly #kernels: { relax: GeneratedKernel; advance?: GeneratedKernel; parents: GeneratedKernel; tree?: GeneratedKernel };

  private constructor(device: Device, graph: Csr, weights: SsspWeights, plan: SsspPlan, buffers: Buffers, items: number) {
    this.#device = device;
    this.#graph = graph;
    this.#weights = weights;
    this.plan = plan;
    this.n = graph.n;
    this.#buffers = buffers;
    this.#items = items;
    const optional = (spec: SsspPlan['advance']) => spec && kernelFor(spec);
    this.#kernels = { relax: kernelFor(plan.relax), advance: optional(plan.advance), parents: kernelFor(plan.parents), tree: optional(plan.tree) };
  }

  /** Converts and checks the weights, plans the method, checks the sizes against the device, uploads. */
  static async create(device: Device, graph: Csr, options: SsspKernelOptions = {}): Promise<SsspRunner> {
    const weights = ssspWeights(graph, options.weights ?? 'f32');
    const plan = planSssp(options, { n: graph.n, arcs: graph.indices.length, minWeight: weights.min, meanWeight: weights.mean }, graph.directed);
    if (plan.relax.target !== 'wgsl') throw new Error(`sssp: the WebGPU runner runs WGSL kernels; target '${plan.relax.target}' is for generation only`);
    checkNegativeWeights(graph, weights, plan.method);
    const n = graph.n;
    const m = graph.indices.length;
    const coo = plan.method === 'bellman-ford';
    const queueLength = coo ? 0 : queueCapacity(graph, plan.relax.chunk!);
    checkSsspFits(device.limits, [
      [`the distances (n = ${n}) as 4-byte keys`, n * 4],
      [coo ? `the edge list (at most ${m} pairs) as 4-byte words` : `the CSR arcs (${m}) as 4-byte words`, m * 4],
      [`the row offsets (n + 1 = ${n + 1})`, coo ? 0 : (n + 1) * 4],
      [`a queue of ${queueLength} chunks of up to ${plan.relax.chunk} arcs`, queueLength * 4],
    ]);
    if (queueLength * (plan.relax.lanesPerVertex ?? 1) > 0xffffffff) {
      throw new RangeError(`sssp: ${queueLength} queue items × ${plan.relax.lanesPerVertex} lanes exceed 2^32 invocation indices; use fewer lanesPerVertex or a larger chunk`);
    }
    const arrays: Record<string, ArrayBufferView> = {};
    if (coo) {
      const pairs = edgePairs(graph, weights.values, plan.segment);
      Object.assign(arrays, { src: pairs.src, dst: pairs.dst, weight: pairs.weight });
    } else {
      // The arcs' tails (for the pair passes of the parent step) are uploaded when first needed.
      Object.assign(arrays, { indptr: graph.indptr, indices: graph.indices, weight: weights.values });
    }
    const items = coo ? (arrays.src as Uint32Array).length : m;
    const buffers: Buffers = {};
    try {
      // WebGPU refuses empty bindings: every buffer holds at least one word. A size alone makes a buffer that
      // WebGPU zero-fills (no host array, no upload).
      const make = async (name: string, data: ArrayBufferView | number) => {
        buffers[name] =
          typeof data === 'number'
            ? await device.createBuffer(`sssp.${name}`, Math.max(4, data), 'storage')
            : await device.createStorage(`sssp.${name}`, data.byteLength ? data : new Uint32Array(1));
      };
      for (const [name, data] of Object.entries(arrays)) await make(name, data);
      await make('dist', n * 4);
      await make('parent', n * 4);
      await make('flag', 4);
      if (plan.relax.reads === 'snapshot') await make('dist_ro', n * 4);
      if (!coo) {
        for (const q of ['a', 'b']) {
          await make(`queue_${q}`, queueLength * 4);
          await make(`chunk_${q}`, queueLength * 4);
        }
        await make('mark', n * 4);
        await make('via', n * 4);
        await make('state', STATE_WORDS * 4);
        buffers.args = indirectArgs(device);
      }
      return new SsspRunner(device, graph, weights, plan, buffers, items);
    } catch (e) {
      for (const b of Object.values(buffers)) b.destroy();
      throw e;
    }
  }

  /** Shortest distances (and parents) from one source. */
  async run(source: number, options: SsspRunOptions = {}): Promise<SsspResult> {
    checkSource(this.n, source);
    if (options.target !== undefined) checkSource(this.n, options.target, 'target');
    const started = performance.now();
    const type = this.plan.weights;
    const limit = limitKey(options.maxDistance, type);
    const keys = new Uint32Array(this.n).fill(UNREACHED_KEY);
    keys[source] = distanceKey(0, type);
    this.#device.upload(this.#buffers.dist, keys);
    const relaxed = this.plan.method === 'bellman-ford' ? await this.#edgePasses(limit) : await this.#frontierPasses(source, limit, options.target);
    if (relaxed.passes === undefined) this.#negativeCycle(source);
    const parents = options.parents === false ? undefined : await this.#parentPasses(source);
    const dist = decodeDistances(await this.#device.read(this.#buffers.dist, Uint32Array, 0, this.n), type);
    const parent = parents && (await this.#device.read(this.#buffers.parent, Uint32Array, 0, this.n));
    this.#checkU32Range(dist);
    return {
      source,
      dist,
      parent,
      method: this.plan.method,
      passes: relaxed.passes!,
      parentPasses: parents?.passes ?? 0,
      gpuTimeMs: relaxed.gpuTimeMs,
      parentGpuTimeMs: parents?.gpuTimeMs,
      wallTimeMs: performance.now() - started,
    };
  }

  /** One query after another on the uploaded graph. */
  async runMany(sources: readonly number[], options: SsspRunOptions = {}): Promise<SsspResult[]> {
    for (const s of sources) checkSource(this.n, s);
    const results: SsspResult[] = [];
    for (const s of sources) results.push(await this.run(s, options));
    return results;
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    for (const b of Object.values(this.#buffers)) b.destroy();
  }

  /**
   * Paper 001's passes, `batch` to a submit, the changed flag read once per batch. A graph without negative
   * cycles stops changing within n − 1 passes; a change in pass n means a negative cycle (passes undefined).
   */
  async #edgePasses(limit: number): Promise<{ passes?: number; gpuTimeMs?: number }> {
    const b = this.#buffers;
    const kernel = this.#kernels.relax;
    const workgroups = dispatchGrid(this.plan.relax, this.#items);
    const snapshot = this.plan.relax.reads === 'snapshot';
    this.#device.upload(b.flag, new Uint32Array(1));
    let iter = 0;
    let gpuTimeMs: number | undefined;
    for (;;) {
      const batch = this.#device.batch({ label: 'sssp bellman-ford' });
      for (let i = 0, k = passesPerBatch(this.plan.batch, iter); i < k; i++) {
        iter += 1;
        if (snapshot) batch.copy(b.dist, b.dist_ro, this.n * 4);
        batch.dispatch(kernel, { buffers: bind(kernel, b), params: Uint32Array.of(this.#items, iter, limit, 0), workgroups });
      }
      gpuTimeMs = addTime(gpuTimeMs, (await batch.submit()).gpuTimeMs);
      const [flag] = await this.#device.read(b.flag, Uint32Array, 0, 1);
      if (flag < iter) return { passes: flag + 1, gpuTimeMs };
      if (flag >= Math.max(this.n, 1)) return { gpuTimeMs };
    }
  }

  /**
   * Frontier passes with the loop on the GPU: each pass is the advance step, which sizes the pass from the
   * near queue's length (or, when near-far's bucket ran dry, moves the threshold and makes the pass a scan for
   * far vertices below it; or ends the search: state[DONE] = the last pass), then the pass itself, dispatched
   * indirectly; batches of passes go in one submit and the done word is read once per batch. Frontier
   * Bellman-Ford empties its queue within n passes unless a negative cycle feeds it (passes undefined).
   */
  async #frontierPasses(source: number, limit: number, target: number | undefined): Promise<{ passes?: number; gpuTimeMs?: number }> {
    const b = this.#buffers;
    const type = this.plan.weights;
    const nearFar = this.plan.method === 'near-far';
    const chunks = chunksOf(this.#graph, source, this.plan.relax.chunk!);
    this.#device.upload(b.queue_a, new Uint32Array(chunks).fill(source));
    this.#device.upload(b.chunk_a, Uint32Array.from({ length: chunks }, (_, c) => c));
    const threshold = nearFar ? Math.max(distanceKey(this.plan.delta, type), distanceKey(0, type) + 1) : UNREACHED_KEY;
    // done, threshold, far minimum, n, the lengths of queues A and B, scanning.
    this.#device.upload(b.state, Uint32Array.of(0, threshold, UNREACHED_KEY, this.n, chunks, 0, 0));
    const deltaBits = nearFar ? weightBits(this.plan.delta, type) : 0;
    const { relax, advance } = this.#kernels;
    let iter = 0;
    let gpuTimeMs: number | undefined;
    for (;;) {
      const batch = this.#device.batch({ label: `sssp ${this.plan.method}` });
      // Queue stamps count from pass 1 each run; a run stopped at a target may have left far marks. (via needs
      // no clearing: every vertex reached in a run was lowered in it.)
      if (iter === 0) batch.clear(b.mark);
      for (let i = 0, k = frontierPassesPerBatch(this.plan.batch, iter); i < k; i++) {
        iter += 1;
        // Odd passes read queue A, even ones queue B.
        const readsB = (iter + 1) % 2;
        const [from, to] = readsB ? ['b', 'a'] : ['a', 'b'];
        batch.dispatch(advance!, { buffers: bind(advance!, b), params: Uint32Array.of(target ?? NO_PARENT, iter, deltaBits, readsB), workgroups: [1] });
        const queues = { queue_in: b[`queue_${from}`], chunk_in: b[`chunk_${from}`], queue_out: b[`queue_${to}`], chunk_out: b[`chunk_${to}`] };
        batch.dispatchIndirect(relax, { buffers: bind(relax, { ...b, ...queues }), params: Uint32Array.of(this.n, iter, limit, readsB), indirect: b.args });
      }
      gpuTimeMs = addTime(gpuTimeMs, (await batch.submit()).gpuTimeMs);
      const [done] = await this.#device.read(b.state, Uint32Array, 0, 1);
      if (done !== 0) return { passes: done, gpuTimeMs };
      if (!nearFar && iter > this.n + 1) return { gpuTimeMs };
    }
  }

  /**
   * Parents: for the frontier methods, one step per vertex (the tail of the arc that lowered it last, when
   * tight; else, undirected, a strictly closer tight neighbour); where some vertex found none (zero weights,
   * f32 sums that round back), and for Bellman-Ford, tight-arc passes over the pairs until no vertex gains a
   * parent, the flag read once per batch.
   */
  async #parentPasses(source: number): Promise<{ passes: number; gpuTimeMs?: number }> {
    const b = this.#buffers;
    const parent = new Uint32Array(this.n).fill(NO_PARENT);
    parent[source] = source;
    this.#device.upload(b.parent, parent);
    this.#device.upload(b.flag, new Uint32Array(1));
    let gpuTimeMs: number | undefined;
    const tree = this.#kernels.tree;
    if (tree) {
      const batch = this.#device.batch({ label: 'sssp tree' });
      batch.dispatch(tree, { buffers: bind(tree, b), params: Uint32Array.of(this.n, 1, 0, 0), workgroups: dispatchGrid(this.plan.tree!, this.n) });
      gpuTimeMs = (await batch.submit()).gpuTimeMs;
      const [unfinished] = await this.#device.read(b.flag, Uint32Array, 0, 1);
      if (unfinished === 0) return { passes: 1, gpuTimeMs };
      this.#device.upload(b.flag, new Uint32Array(1));
    }
    if (!b.src && !b.dst) b.src = await this.#device.createStorage('sssp.src', arcTails(this.#graph));
    const workgroups = dispatchGrid(this.plan.parents, this.#items);
    const strict = this.#weights.min >= 0 ? 1 : 0;
    const perBatch = Math.min(this.plan.batch, 4);
    let iter = 0;
    for (;;) {
      const batch = this.#device.batch({ label: 'sssp parents' });
      for (let i = 0; i < perBatch; i++) {
        iter += 1;
        batch.dispatch(this.#kernels.parents, { buffers: bind(this.#kernels.parents, { ...b, dst: b.dst ?? b.indices }), params: Uint32Array.of(this.#items, iter, 0, strict), workgroups });
      }
      gpuTimeMs = addTime(gpuTimeMs, (await batch.submit()).gpuTimeMs);
      const [flag] = await this.#device.read(b.flag, Uint32Array, 0, 1);
      if (flag < iter) return { passes: flag + 1 + (tree ? 1 : 0), gpuTimeMs };
    }
  }

  /** The GPU saw a negative cycle; the CPU Bellman-Ford names a vertex on it. */
  #negativeCycle(source: number): never {
    const g = this.#graph;
    bellmanFordTree({ n: g.n, offsets: g.indptr, heads: g.indices, weights: this.#weights.values }, source, pathAdd(this.plan.weights));
    throw new NegativeCycleError(source, `the distances from ${source} still fell after ${this.n} passes, but the CPU check found no cycle: f32 rounding may loop`);
  }

  /** u32 sums saturate at 2^32 − 1: refuse results where a relaxation may have been cut off. */
  #checkU32Range(dist: Float64Array): void {
    if (this.plan.weights !== 'u32') return;
    let max = 0;
    for (const d of dist) if (d !== Infinity && d > max) max = d;
    if (max + this.#weights.max >= UNREACHED_KEY) {
      throw new RangeError(`sssp: u32 distances reach ${max} and weights ${this.#weights.max}: sums may pass 2^32 − 1 and saturate; use weights: 'f32'`);
    }
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
 * cost three empty launches each, so the surplus of the last batch is at most as long as the search.
 */
const frontierPassesPerBatch = (batch: number, done: number) => Math.min(64 * batch, Math.max(batch, done));

/** Queue items of a vertex: one per chunk of its arcs, at least one. */
const chunksOf = (graph: Csr, v: number, chunk: number) => Math.max(1, Math.ceil((graph.indptr[v + 1] - graph.indptr[v]) / chunk));

/** Items a queue may hold: each vertex at most once, with all its chunks. */
function queueCapacity(graph: Csr, chunk: number): number {
  let items = 0;
  for (let v = 0; v < graph.n; v++) items += chunksOf(graph, v, chunk);
  return items;
}

/** Words of the frontier methods' state: done, threshold, far minimum, n, queue lengths A and B, scanning. */
const STATE_WORDS = 7;

/** The indirect counts sssp_advance writes for the pass: x, y, z. */
const INDIRECT_WORDS = 3;

/** The runtime's storage buffers cannot be dispatch arguments: this one is made with INDIRECT usage too. */
const INDIRECT_USAGE = BufferUsage.STORAGE | BufferUsage.INDIRECT | BufferUsage.COPY_DST;

/** The buffer sssp_advance writes the next grids into, and the indirect dispatches read. */
function indirectArgs(device: Device): GPUBuffer {
  return device.gpu.createBuffer({ label: 'sssp.args', size: INDIRECT_WORDS * 4, usage: INDIRECT_USAGE });
}

const addTime = (a: number | undefined, b: number | undefined) => (b === undefined ? a : (a ?? 0) + b);

/** The buffers a kernel binds, by name, from the runner's pool. */
const bind = (kernel: GeneratedKernel, pool: Buffers): Buffers =>
  Object.fromEntries(kernel.bindings.filter((x) => x.kind !== 'uniform').map((x) => [x.name, pool[x.name]]));
