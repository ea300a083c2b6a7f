import type { ElementArray } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { CudaBuffer, CudaDevice, CudaKernel, PreparedLaunch } from '@semiforge/runtime-cuda';
import { decodeF32 } from '../kernels/f32-encoding.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { RunnerLife } from '../kernels/runner-life.js';
import { encodeOperands, type SpmvOperands } from './spmv.input.js';
import type { RowStats, SpmvKernelOptions, SpmvPlan } from './spmv.plan.js';
import type { SpmvResult } from './spmv.runner.js';
import {
  bindLaunch,
  checkCombineLeftOut,
  CUDA_SPMV_TARGET,
  isFoldCombine,
  planSpmvLaunches,
  rowExtraRanges,
  type ExtraPieces,
  type PlannedSpmv,
  type SpmvEncodeOptions,
  type SpmvLaunch,
} from './spmv.steps.js';

/** Device buffers of one product on the CUDA backend, owned by the caller (PageRank swaps x and y). */
export interface CudaSpmvBuffers {
  readonly x: CudaBuffer;
  readonly y: CudaBuffer;
  readonly mask?: CudaBuffer;
}

/**
 * Sets of operand buffers whose launches a runner keeps prepared: PageRank's two parities, a benchmark's own
 * buffers, a few more. A caller cycling through more sets gets them prepared again (correct, only slower).
 */
const PREPARED_SETS = 4;

/**
 * {@link SpmvRunner}'s twin on the CUDA backend: the same plan, layout and launches (`planSpmvLaunches`)
 * for `target: 'cuda'`, compiled to cubins (cached on disk), the matrix uploaded once, launched on the
 * device's stream; GPU time by CUDA events around the product. A product's launches are prepared (checked,
 * their arguments packed) once per set of operand buffers, so that `enqueue` is only the driver calls.
 *
 * @example
 * const { openCudaDevice } = await loadCudaRuntime();
 * const gpu = await openCudaDevice();
 * const runner = await CudaSpmvRunner.create(gpu, csr, { semiring: 'min-plus' });
 * const { y, gpuTimeMs } = runner.run(x);
 * runner.destroy();
 */
export class CudaSpmvRunner {
  readonly plan: SpmvPlan;
  readonly n: number;
  readonly stats: RowStats;
  /** Host milliseconds of renumbering the columns by degree, when the plan tried to (see `plan.reorder`): preprocessing. */
  readonly reorderMs: number | undefined;
  /** A fold product's extra pieces, for a caller adding them itself (see {@link SpmvEncodeOptions}); undefined when no row is folded. */
  readonly extraPieces: ExtraPieces<CudaBuffer> | undefined;
  readonly #device: CudaDevice;
  readonly #launches: readonly (SpmvLaunch & { readonly loaded: CudaKernel })[];
  readonly #matrix: Record<string, CudaBuffer>;
  readonly #work: CudaSpmvBuffers;
  readonly #own: CudaBuffer[];
  /** The product's launches prepared for each set of operands, by their addresses. */
  readonly #prepared = new Map<string, PreparedLaunch[]>();
  readonly #life = new RunnerLife('CudaSpmvRunner');

  private constructor(
    device: CudaDevice,
    planned: Pick<PlannedSpmv, 'plan' | 'stats' | 'layout' | 'reorderMs'>,
    launches: readonly (SpmvLaunch & { readonly loaded: CudaKernel })[],
    buffers: { matrix: Record<string, CudaBuffer>; work: CudaSpmvBuffers; own: CudaBuffer[] },
  ) {
    this.#device = device;
    this.plan = planned.plan;
    this.stats = planned.stats;
    this.reorderMs = planned.reorderMs;
    this.n = planned.stats.n;
    this.#launches = launches;
    this.#matrix = buffers.matrix;
    this.#work = buffers.work;
    this.#own = buffers.own;
    const rowExtra = rowExtraRanges(planned);
    this.extraPieces = rowExtra && { partial: buffers.matrix.partial, rowExtra };
  }

  /** Checks the matrix, plans its product for CUDA, compiles (or loads) the kernels, uploads the matrix. */
  static async create(device: CudaDevice, matrix: Csr, options: SpmvKernelOptions = {}): Promise<CudaSpmvRunner> {
    const planned = planSpmvLaunches(matrix, options, CUDA_SPMV_TARGET);
    const { stats, plan, layout, launches } = planned;
    const loaded = [];
    for (const launch of launches) loaded.push({ ...launch, loaded: await device.kernel(launch.kernel) });
    const [{ buffers, work }, own] = await ownedBuffers((b: CudaBuffer) => device.free(b), (keep) => {
      const alloc = (label: string, bytes: number) => keep(device.alloc(label, bytes));
      const buffers: Record<string, CudaBuffer> = {};
      for (const [name, data] of Object.entries(layout.arrays)) {
        buffers[name] = alloc(`spmv.${name}`, data.byteLength);
        if (data.byteLength > 0) device.write(buffers[name], data);
      }
      // Scratch is written before it is read by every product.
      for (const [name, bytes] of Object.entries(layout.scratch)) buffers[name] = alloc(`spmv.${name}`, bytes);
      const bytes = 4 * stats.n;
      const work = { x: alloc('spmv.x', bytes), y: alloc('spmv.y', bytes), mask: plan.spec.masked ? alloc('spmv.mask', bytes) : undefined };
      return { buffers, work };
    });
    return new CudaSpmvRunner(device, planned, loaded, { matrix: buffers, work, own });
  }

  /**
   * Queues y = A ⊗ x (⊕ y) on the device's stream, on the given buffers (n elements each; the mask when planned
   * `masked`); with `combine: false`, a fold product's folded rows get only their first pieces (see {@link SpmvEncodeOptions}).
   */
  enqueue(buffers: CudaSpmvBuffers, options: SpmvEncodeOptions = {}): void {
    this.#life.check('enqueue');
    if (this.plan.spec.masked && !buffers.mask) throw new Error('spmv: this runner was planned with masked: true; pass a mask buffer');
    const combine = options.combine ?? true;
    if (!combine) checkCombineLeftOut(this.plan);
    const prepared = this.#preparedFor(buffers);
    for (let i = 0; i < prepared.length; i++) if (combine || !isFoldCombine(this.#launches[i])) this.#device.launchPrepared(prepared[i]);
  }

  /** The product's launches on these operands, prepared on first use and kept (see {@link PREPARED_SETS}). */
  #preparedFor(buffers: CudaSpmvBuffers): PreparedLaunch[] {
    const key = `${buffers.x.ptr}:${buffers.y.ptr}:${buffers.mask?.ptr ?? ''}`;
    let prepared = this.#prepared.get(key);
    if (!prepared) {
      const pool: Record<string, CudaBuffer | undefined> = { ...this.#matrix, x: buffers.x, y: buffers.y, mask: buffers.mask };
      prepared = this.#launches.map((launch) => this.#device.prepare(launch.loaded, { buffers: bindLaunch(launch, pool), params: launch.params, grid: launch.grid }));
      if (this.#prepared.size >= PREPARED_SETS) this.#prepared.clear();
      this.#prepared.set(key, prepared);
    }
    return prepared;
  }

  /** The runner's own x, y (and mask) on the device, for timing products without transfers. */
  get buffers(): CudaSpmvBuffers {
    return this.#work;
  }

  /** Uploads x (and y, mask), computes y = A ⊗ x (⊕ y) between two CUDA events and reads y back. */
  run(x: ArrayLike<number>, operands: SpmvOperands = {}): SpmvResult {
    this.#life.check('run');
    const started = performance.now();
    const { semiring, type, spec } = this.plan;
    const ops = encodeOperands(this.n, x, operands, semiring, type, spec.masked);
    if (this.n === 0) return { y: ops.y, plan: this.plan, wallTimeMs: performance.now() - started };
    const device = this.#device;
    device.write(this.#work.x, ops.x);
    device.write(this.#work.y, ops.y);
    if (ops.mask) device.write(this.#work.mask!, ops.mask);
    const start = device.record();
    this.enqueue(this.#work);
    const gpuTimeMs = device.elapsedMs(start, device.record());
    const y = device.download(this.#work.y, ops.y.constructor as new (b: ArrayBuffer) => ElementArray);
    decodeF32(y, type);
    return { y, plan: this.plan, gpuTimeMs, wallTimeMs: performance.now() - started };
  }

  /** Frees the device buffers. */
  destroy(): void {
    if (!this.#life.end()) return;
    for (const b of this.#own) this.#device.free(b);
    this.#own.length = 0;
    this.#prepared.clear();
  }
}
