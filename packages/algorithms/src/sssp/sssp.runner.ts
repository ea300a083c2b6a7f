import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { BufferUsage, MapMode, type BatchResult, type Device, type DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { UNREACHED_KEY } from './sssp.keys.js';
import { SSSP_STEPS, ssspBufferName, stepBuffers, type SsspBatch, type SsspEngine, type SsspStep } from './sssp.loop.js';
import { SsspQueries } from './sssp.queries.js';
import type { SsspKernelOptions } from './sssp.plan.js';
import { pairArrays, prepareSssp, ssspHostWork, type SsspSetup } from './sssp.setup.js';

export type { SsspResult, SsspRunOptions } from './sssp.loop.js';

type Buffers = Record<string, GPUBuffer>;

/** One step a profiled runner ran, in a submit of its own (see {@link SsspRunner.create}'s `observe`). */
export interface SsspDispatchRecord {
  readonly step: SsspStep;
  /** Which queues the step read (0: A, 1: B). */
  readonly parity: number;
  /** The step's parameter block (a copy): `[1]` is the pass. */
  readonly params: Uint32Array;
  /** The submit's GPU time (timestamps), when the device has them; clears and copies queued with it are included. */
  readonly gpuTimeMs?: number;
  /** The first `words` words of a runner buffer (`state`, `queue_a`, `flag`, ...) as the step left them. */
  read(buffer: string, words: number): Promise<Uint32Array>;
}

/**
 * The first `items` items of the queue the next pass reads (after an advance step: `record.parity`'s), as the
 * vertex and chunk of each, whether the plan keeps them in two arrays or packed as pairs (`packedQueue`).
 *
 * @example
 * const { vertices, chunks } = await readSsspQueue(record, runner.plan.relax.packedQueue === true, items);
 */
export async function readSsspQueue(record: SsspDispatchRecord, packed: boolean, items: number): Promise<{ vertices: Uint32Array; chunks: Uint32Array }> {
  if (!packed) {
    const vertices = await record.read(ssspBufferName('relax', record.parity, 'queue_in', false), items);
    return { vertices, chunks: await record.read(ssspBufferName('relax', record.parity, 'chunk_in', false), items) };
  }
  const pairs = await record.read(ssspBufferName('relax', record.parity, 'items_in', false), 2 * items);
  return { vertices: pairs.filter((_, i) => i % 2 === 0), chunks: pairs.filter((_, i) => i % 2 === 1) };
}

/** Called after each step of a profiled runner, awaited before the next is queued. */
export type SsspObserver = (record: SsspDispatchRecord) => Promise<void> | void;

/** A setup array uploaded as the storage buffer of its name (WebGPU refuses empty bindings: at least one word). */
const storageOf = (device: Device, name: string, data: Uint32Array | Float32Array) => device.createStorage(`sssp.${name}`, data.length ? data : new Uint32Array(1));

/** The buffers sssp_advance writes the next grids into (and the indirect dispatches read) need INDIRECT usage too. */
const INDIRECT_USAGE = BufferUsage.STORAGE | BufferUsage.INDIRECT | BufferUsage.COPY_DST;

/**
 * One graph made ready for many SSSP queries on a WebGPU device: weights converted, method planned, the edge
 * list (Bellman-Ford) or CSR (frontier, near-far) uploaded once. `run(source)` answers one query, `runMany` a
 * batch. The loop itself (`sssp.loop.ts`) is the one the CUDA runner runs.
 *
 * @example
 * const runner = await SsspRunner.create(device, csr, { method: 'near-far', weights: 'u32' });
 * const [a, b] = await runner.runMany([0, 17]);
 * runner.destroy();
 */
export class SsspRunner extends SsspQueries {
  readonly #device: Device;
  readonly #buffers: Buffers;
  readonly #kernels: Record<SsspStep, GeneratedKernel | undefined>;
  /** Each step's bindings by parity (at `SSSP_STEPS.indexOf(step) * 2 + parity`), made on first use and kept (a batch records up to 1024 passes). */
  readonly #bindings: (Buffers | undefined)[] = [];
  protected readonly engine: SsspEngine;

  readonly #observe?: SsspObserver;

  private constructor(device: Device, setup: SsspSetup, buffers: Buffers, observe?: SsspObserver) {
    super(setup, 'SsspRunner');
    this.#device = device;
    this.#buffers = buffers;
    this.#observe = observe;
    const { relax, advance, parents, tree, treeScan } = setup.plan;
    this.#kernels = { relax: kernelFor(relax), advance: advance && kernelFor(advance), parents: kernelFor(parents), tree: tree && kernelFor(tree), treeScan: treeScan && kernelFor(treeScan) };
    this.engine = {
      batch: (label) => this.#batch(label),
      write: (name, data) => device.upload(buffers[name], data),
      uploadPairArrays: async () => {
        if (buffers.src) return;
        for (const [name, data] of Object.entries(pairArrays(setup))) buffers[name] = await storageOf(device, name, data);
      },
      stepwise: observe !== undefined,
    };
  }

  /**
   * Converts and checks the weights, plans the method, checks the sizes against the device, uploads. With
   * `observe` (a profile, e.g. benchmarks/sssp/pass-profile.ts) every step runs in a submit of its own and is
   * handed to it: slower, same results.
   */
  static async create(device: Device, graph: Csr, options: SsspKernelOptions = {}, observe?: SsspObserver): Promise<SsspRunner> {
    if (options.kernelTarget !== undefined && options.kernelTarget !== 'wgsl') {
      throw new Error(`sssp: the WebGPU runner runs WGSL kernels; for target '${options.kernelTarget}' pass a CudaDevice (or backend: 'cuda')`);
    }
    const where = { softwareAdapter: device.describe().isFallbackAdapter, storageBuffers: device.limits.maxStorageBuffersPerShaderStage };
    const setup = prepareSssp(graph, options, 'wgsl', where, device.limits, await ssspHostWork(graph, options));
    const n = setup.graph.n;
    const [buffers] = await setup.phases.timeAsync('upload', () => ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep) => {
      const buffers: Buffers = {};
      for (const [name, data] of Object.entries(setup.arrays)) buffers[name] = keep(await storageOf(device, name, data));
      for (const [name, words] of Object.entries(setup.zeroed)) {
        // A size alone makes a buffer that WebGPU zero-fills (no host array, no upload).
        buffers[name] = keep(name === 'args' ? device.gpu.createBuffer({ label: 'sssp.args', size: words * 4, usage: INDIRECT_USAGE }) : await device.createBuffer(`sssp.${name}`, words * 4, 'storage'));
      }
      // n words of UNREACHED_KEY (= NO_PARENT): each query copies its start distances and parents from them on the GPU.
      buffers.blank = keep(await device.createStorage('sssp.blank', new Uint32Array(Math.max(1, n)).fill(UNREACHED_KEY)));
      // Where a batch's read-backs land: a flag word, then the distances and the parents (mapped once a batch).
      buffers.readback = keep(await device.createBuffer('sssp.readback', (1 + 2 * n) * 4, 'readback'));
      return buffers;
    }));
    return new SsspRunner(device, setup, buffers, observe);
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    if (this.life.end()) for (const b of Object.values(this.#buffers)) b.destroy();
  }

  /**
   * A batch of passes as one or more submits: at each checkpoint what is recorded is submitted (the GPU runs it
   * while the host records the rest), and `submit` sends the rest with the copies of its read-backs, waits for
   * all (summing their GPU times) and maps the read-backs once (twice when the answer was not expected).
   */
  #batch(label: string): SsspBatch {
    const b = this.#buffers;
    const n = this.n;
    const sent: Promise<BatchResult>[] = [];
    let batch: DispatchBatch = this.#device.batch({ label });
    // Under `observe`, the step queued last (checkpoint hands it over).
    let last: Omit<SsspDispatchRecord, 'gpuTimeMs' | 'read'> | undefined;
    // Resolves once the batch is on the GPU's queue, so that the GPU runs it while the host records the rest.
    const send = async () => {
      const queued = batch.enqueue();
      batch = this.#device.batch({ label });
      const result = queued.then((q) => q.done);
      // Awaited in submit(); a failure must not count as unhandled before that.
      result.catch(() => undefined);
      sent.push(result);
      await queued;
    };
    return {
      dispatch: (step, parity, params, grid) => {
        const kernel = this.#kernels[step]!;
        const buffers = this.#bind(step, parity);
        if (grid === 'indirect') batch.dispatchIndirect(kernel, { buffers, params, indirect: b.args });
        else batch.dispatch(kernel, { buffers, params, workgroups: grid as [number, number?, number?] });
        if (this.#observe) last = { step, parity, params: params.slice() };
      },
      clear: (name) => void batch.clear(b[name]),
      reset: (name, at, word) => {
        // The word is written before the submit, the copies around it in the batch: no ordering between them.
        this.#device.upload(b[name], Uint32Array.of(word), at * 4);
        if (at > 0) batch.copy(b.blank, b[name], at * 4);
        if (at + 1 < n) batch.copy(b.blank, b[name], (n - at - 1) * 4, (at + 1) * 4, (at + 1) * 4);
      },
      snapshot: () => void batch.copy(b.dist, b.dist_ro, n * 4),
      checkpoint: async () => {
        if (batch.size === 0) return;
        await send();
        if (this.#observe && last) {
          const { gpuTimeMs } = await sent[sent.length - 1];
          const read = (name: string, words: number) => this.#device.read(b[name], Uint32Array, 0, Math.min(words, b[name].size / 4));
          await this.#observe({ ...last, ...(gpuTimeMs === undefined ? {} : { gpuTimeMs }), read });
          last = undefined;
        }
      },
      submit: async (flag, ends, answer, use, expectEnd) => {
        const copyAnswer = (to: DispatchBatch) => answer.forEach((name, i) => n > 0 && to.copy(b[name], b.readback, n * 4, 0, (1 + i * n) * 4));
        batch.copy(b[flag], b.readback, 4);
        if (expectEnd) copyAnswer(batch);
        await send();
        // A submit without dispatches (the last, when a checkpoint ended the passes) has no GPU time to add.
        const times = (await Promise.all(sent)).filter((r) => r.dispatches > 0).map((r) => r.gpuTimeMs);
        const gpuTimeMs = times.length === 0 || times.some((t) => t === undefined) ? undefined : times.reduce((a, t) => a! + t!, 0);
        const views = (mapped: ArrayBuffer) => answer.map((_, i) => new Uint32Array(mapped, (1 + i * n) * 4, n));
        const wanted = (word: number) => ends(word) && answer.length > 0;
        const first = await this.#readBack(1 + (expectEnd ? answer.length * n : 0), (mapped) => {
          const word = new Uint32Array(mapped, 0, 1)[0];
          return { word, value: expectEnd && wanted(word) ? use(views(mapped)) : undefined };
        });
        if (expectEnd || !wanted(first.word)) return { gpuTimeMs, ...first };
        const late = this.#device.batch({ label: `${label} answer`, timing: false });
        copyAnswer(late);
        await late.submit();
        return { gpuTimeMs, word: first.word, value: await this.#readBack(1 + answer.length * n, (mapped) => use(views(mapped))) };
      },
    };
  }

  /** Maps the first `words` words of the read-back buffer, hands them to `read` and unmaps them. */
  async #readBack<T>(words: number, read: (mapped: ArrayBuffer) => T): Promise<T> {
    const readback = this.#buffers.readback;
    await readback.mapAsync(MapMode.READ, 0, words * 4);
    try {
      return read(readback.getMappedRange(0, words * 4));
    } finally {
      readback.unmap();
    }
  }

  /** The buffers a step binds, by binding name, for the queues of `parity` (made once). */
  #bind(step: SsspStep, parity: number): Buffers {
    const slot = SSSP_STEPS.indexOf(step) * 2 + parity;
    return (this.#bindings[slot] ??= stepBuffers(this.setup, this.#kernels[step]!.bindings, this.#buffers, step, parity));
  }
}
