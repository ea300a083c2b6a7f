import type { Csr } from '@semiforge/graph-io';
import type { CudaBuffer, CudaDevice, CudaKernel, PreparedLaunch } from '@semiforge/runtime-cuda';
import { cudaView } from '../kernels/cuda-view.js';
import { kernelFor } from '../kernels/kernel-source.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { UNREACHED_KEY } from './sssp.keys.js';
import { SSSP_STEPS, stepBuffers, type SsspBatch, type SsspEngine, type SsspStep } from './sssp.loop.js';
import { SsspQueries } from './sssp.queries.js';
import type { SsspKernelOptions } from './sssp.plan.js';
import { pairArrays, prepareSssp, ssspHostWork, type SsspGrid, type SsspSetup } from './sssp.setup.js';

type Buffers = Record<string, CudaBuffer>;

/** A setup array uploaded as the device buffer of its name (at least one word, as on WebGPU). */
const uploaded = (device: CudaDevice, name: string, data: Uint32Array | Float32Array) => device.upload(`sssp.${name}`, data.length ? data : new Uint32Array(1));

/**
 * {@link SsspRunner}'s twin on the CUDA backend: the same setup and plan, the same specs generated for `target:
 * 'cuda'` (compiled to cubins, cached on disk), the same query loop (`sssp.loop.ts`) with every frontier pass on a
 * fixed grid (the driver API launches no indirect grids). Each step's launch is prepared once (checked, arguments
 * packed); a pass writes its parameters in place and queues it, so the passes of a batch go back to back onto
 * the device's stream while the GPU runs them, and the done word is read once per batch. GPU time by CUDA
 * events around each batch.
 *
 * @example
 * const { openCudaDevice } = await loadCudaRuntime();
 * const gpu = await openCudaDevice();
 * const runner = await CudaSsspRunner.create(gpu, csr, { method: 'near-far', weights: 'u32' });
 * const { dist, parent } = await runner.run(0);
 * runner.destroy();
 */
export class CudaSsspRunner extends SsspQueries {
  readonly #device: CudaDevice;
  readonly #buffers: Buffers;
  readonly #kernels: Partial<Record<SsspStep, CudaKernel>>;
  /** Each step's launch by parity (at `SSSP_STEPS.indexOf(step) * 2 + parity`) with its grid, prepared on first use and kept. */
  readonly #launches: ({ launch: PreparedLaunch; grid: SsspGrid } | undefined)[] = [];
  protected readonly engine: SsspEngine;

  private constructor(device: CudaDevice, setup: SsspSetup, buffers: Buffers, kernels: Partial<Record<SsspStep, CudaKernel>>) {
    super(setup, 'CudaSsspRunner');
    this.#device = device;
    this.#buffers = buffers;
    this.#kernels = kernels;
    this.engine = {
      batch: (label) => this.#batch(label),
      write: (name, data) => device.write(buffers[name], data),
      uploadPairArrays: async () => {
        if (buffers.src) return;
        for (const [name, data] of Object.entries(pairArrays(setup))) buffers[name] = uploaded(device, name, data);
      },
    };
  }

  /** Plans for CUDA, compiles (or loads from the cache) the kernels, uploads the graph, zeroes the work buffers. */
  static async create(device: CudaDevice, graph: Csr, options: SsspKernelOptions = {}): Promise<CudaSsspRunner> {
    const setup = prepareSssp(graph, options, 'cuda', {}, undefined, await ssspHostWork(graph, options));
    const kernels: Partial<Record<SsspStep, CudaKernel>> = {};
    await setup.phases.timeAsync('kernels', async () => {
      for (const step of SSSP_STEPS) {
        const spec = setup.plan[step];
        if (spec) kernels[step] = await device.kernel(kernelFor(spec));
      }
    });
    const [buffers] = await setup.phases.timeAsync('upload', () => ownedBuffers((b: CudaBuffer) => device.free(b), (keep) => {
      const buffers: Buffers = {};
      for (const [name, data] of Object.entries(setup.arrays)) buffers[name] = keep(uploaded(device, name, data));
      for (const [name, words] of Object.entries(setup.zeroed)) {
        buffers[name] = keep(device.alloc(`sssp.${name}`, words * 4));
        device.fill32(buffers[name], 0);
      }
      device.synchronize();
      return buffers;
    }));
    return new CudaSsspRunner(device, setup, buffers, kernels);
  }

  /** Frees the device buffers. */
  destroy(): void {
    if (this.life.end()) for (const b of Object.values(this.#buffers)) this.#device.free(b);
  }

  /**
   * Launches go straight onto the stream; `submit` waits for the batch's end event, times it from its start, and
   * downloads the flag word (and the answer, when it ends).
   */
  #batch(_label: string): SsspBatch {
    const device = this.#device;
    const b = this.#buffers;
    const n = this.n;
    const start = device.record();
    return {
      dispatch: (step, parity, params, grid) => {
        try {
          if (grid === 'indirect') throw new Error('sssp: the CUDA runner launches fixed grids only (the plan says dispatch: fixed)');
          const launch = this.#launch(step, parity, params, grid);
          launch.params.set(params);
          device.launchPrepared(launch);
        } catch (e) {
          // A batch that fails here is never submitted: its start event would otherwise outlive it.
          device.destroyEvent(start);
          throw e;
        }
      },
      clear: (name) => device.fill32(b[name], 0),
      reset: (name, at, word) => {
        device.fill32(b[name], UNREACHED_KEY);
        device.fill32(cudaView(b[name], at * 4, 4), word);
      },
      snapshot: () => device.copy(b.dist, b.dist_ro, n * 4),
      checkpoint: async () => undefined,
      // The answer is downloaded once the word says the passes ended: nothing to copy ahead (`expectEnd`).
      submit: async (flag, ends, answer, use) => {
        const gpuTimeMs = device.elapsedMs(start, device.record());
        const word = device.download(cudaView(b[flag], 0, 4), Uint32Array)[0];
        const value = ends(word) && answer.length > 0 ? use(answer.map((name) => device.download(cudaView(b[name], 0, n * 4), Uint32Array))) : undefined;
        return { gpuTimeMs, word, value };
      },
    };
  }

  /**
   * A step's launch for the queues of `parity` on `grid`, checked and its arguments packed once (each pass then
   * writes its parameters in place and queues it: no per-launch packing).
   */
  #launch(step: SsspStep, parity: number, params: Uint32Array, grid: SsspGrid): PreparedLaunch {
    const slot = SSSP_STEPS.indexOf(step) * 2 + parity;
    const kept = this.#launches[slot];
    // A step runs on one grid (the setup's), so the check is by reference, by value only when it differs.
    if (kept && (kept.grid === grid || sameGrid(kept.grid, grid))) return kept.launch;
    const kernel = this.#kernels[step]!;
    const buffers = stepBuffers(this.setup, kernel.source.bindings, this.#buffers, step, parity);
    const launch = this.#device.prepare(kernel, { buffers, params, grid: toDim3(grid) });
    this.#launches[slot] = { launch, grid };
    return launch;
  }
}

const toDim3 = (grid: SsspGrid): [number, number, number] => [grid[0], grid[1] ?? 1, grid[2] ?? 1];

const sameGrid = (a: SsspGrid, b: SsspGrid) => a[0] === b[0] && (a[1] ?? 1) === (b[1] ?? 1) && (a[2] ?? 1) === (b[2] ?? 1);
