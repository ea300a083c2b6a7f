import type { GeneratedKernel } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import { BufferUsage, type BatchResult, type Device, type DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from '../kernels/kernel-source.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { arcTails } from './sssp.layout.js';
import { stepBuffers, type SsspBatch, type SsspEngine, type SsspStep } from './sssp.loop.js';
import { SsspQueries } from './sssp.queries.js';
import type { SsspKernelOptions } from './sssp.plan.js';
import { prepareSssp, type SsspSetup } from './sssp.setup.js';

export type { SsspResult, SsspRunOptions } from './sssp.loop.js';

type Buffers = Record<string, GPUBuffer>;

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
  /** Each step's bindings by parity, made on first use and kept (a batch records up to 1024 passes). */
  readonly #bindings = new Map<string, Buffers>();
  protected readonly engine: SsspEngine;

  private constructor(device: Device, setup: SsspSetup, buffers: Buffers) {
    super(setup);
    this.#device = device;
    this.#buffers = buffers;
    const { relax, advance, parents, tree } = setup.plan;
    this.#kernels = { relax: kernelFor(relax), advance: advance && kernelFor(advance), parents: kernelFor(parents), tree: tree && kernelFor(tree) };
    this.engine = {
      batch: (label) => this.#batch(label),
      write: (name, data) => device.upload(buffers[name], data),
      read: (name, words) => device.read(buffers[name], Uint32Array, 0, words),
      uploadArcTails: async () => {
        buffers.src ??= await device.createStorage('sssp.src', arcTails(setup.graph));
      },
    };
  }

  /** Converts and checks the weights, plans the method, checks the sizes against the device, uploads. */
  static async create(device: Device, graph: Csr, options: SsspKernelOptions = {}): Promise<SsspRunner> {
    if (options.kernelTarget !== undefined && options.kernelTarget !== 'wgsl') {
      throw new Error(`sssp: the WebGPU runner runs WGSL kernels; for target '${options.kernelTarget}' pass a CudaDevice (or backend: 'cuda')`);
    }
    const setup = prepareSssp(graph, options, 'wgsl', { softwareAdapter: device.describe().isFallbackAdapter }, device.limits);
    const [buffers] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep) => {
      const buffers: Buffers = {};
      for (const [name, data] of Object.entries(setup.arrays)) {
        // WebGPU refuses empty bindings: every buffer holds at least one word.
        buffers[name] = keep(await device.createStorage(`sssp.${name}`, data.length ? data : new Uint32Array(1)));
      }
      for (const [name, words] of Object.entries(setup.zeroed)) {
        // A size alone makes a buffer that WebGPU zero-fills (no host array, no upload).
        buffers[name] = keep(name === 'args' ? device.gpu.createBuffer({ label: 'sssp.args', size: words * 4, usage: INDIRECT_USAGE }) : await device.createBuffer(`sssp.${name}`, words * 4, 'storage'));
      }
      return buffers;
    });
    return new SsspRunner(device, setup, buffers);
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    for (const b of Object.values(this.#buffers)) b.destroy();
  }

  /**
   * A batch of passes as one or more submits: at each checkpoint what is recorded is submitted (the GPU runs it
   * while the host records the rest), and `submit` sends the rest and waits for all, summing their GPU times.
   */
  #batch(label: string): SsspBatch {
    const b = this.#buffers;
    const sent: Promise<BatchResult>[] = [];
    let batch: DispatchBatch = this.#device.batch({ label });
    const send = () => {
      const result = batch.submit();
      // Awaited in submit(); a failure must not count as unhandled before that.
      result.catch(() => undefined);
      sent.push(result);
      batch = this.#device.batch({ label });
    };
    return {
      dispatch: (step, parity, params, grid) => {
        const kernel = this.#kernels[step]!;
        const buffers = this.#bind(step, parity);
        if (grid === 'indirect') batch.dispatchIndirect(kernel, { buffers, params, indirect: b.args });
        else batch.dispatch(kernel, { buffers, params, workgroups: grid as [number, number?, number?] });
      },
      clear: (name) => void batch.clear(b[name]),
      snapshot: () => void batch.copy(b.dist, b.dist_ro, this.n * 4),
      checkpoint: async () => {
        if (batch.size === 0) return;
        send();
        // The submit runs up to queue.submit once the event loop turns.
        await new Promise((resolve) => setImmediate(resolve));
      },
      submit: async () => {
        send();
        // A submit without dispatches (the last, when a checkpoint ended the passes) has no GPU time to add.
        const times = (await Promise.all(sent)).filter((r) => r.dispatches > 0).map((r) => r.gpuTimeMs);
        return times.length === 0 || times.some((t) => t === undefined) ? undefined : times.reduce((a, t) => a! + t!, 0);
      },
    };
  }

  /** The buffers a step binds, by binding name, for the queues of `parity` (made once). */
  #bind(step: SsspStep, parity: number): Buffers {
    const key = `${step}${parity}`;
    let bound = this.#bindings.get(key);
    if (!bound) this.#bindings.set(key, (bound = stepBuffers(this.setup, this.#kernels[step]!.bindings, this.#buffers, step, parity)));
    return bound;
  }
}
