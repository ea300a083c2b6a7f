import type { ElementArray } from '@semiforge/codegen';
import type { Csr } from '@semiforge/graph-io';
import type { Device, DispatchBatch, TypedArrayConstructor } from '@semiforge/runtime';
import { decodeF32 } from '../kernels/f32-encoding.js';
import { ownedBuffers } from '../kernels/owned-buffers.js';
import { RunnerLife } from '../kernels/runner-life.js';
import { encodeOperands, type SpmvOperands } from './spmv.input.js';
import type { RowStats, SpmvKernelOptions, SpmvPlan, SubgroupSupport } from './spmv.plan.js';
import { bindLaunch, checkCombineLeftOut, isFoldCombine, planSpmvLaunches, rowExtraRanges, type ExtraPieces, type PlannedSpmv, type SpmvEncodeOptions, type SpmvLaunch } from './spmv.steps.js';

export { rowStats } from './spmv.steps.js';

export interface SpmvResult {
  /** y, length n; f32 shows the kernels' stand-ins for ±infinity as ±Infinity. */
  readonly y: ElementArray;
  readonly plan: SpmvPlan;
  /** GPU time of the product (timestamp queries), when the device has them. */
  readonly gpuTimeMs?: number;
  /** Host wall time from upload of x to the end of the read-back. */
  readonly wallTimeMs: number;
}

/**
 * GPU buffers of one product, owned by the caller (a PageRank loop swaps x and y between iterations).
 * x and y must be different buffers: WebGPU refuses a buffer bound both read-only and writable.
 */
export interface SpmvBuffers {
  readonly x: GPUBuffer;
  readonly y: GPUBuffer;
  readonly mask?: GPUBuffer;
}

/** Whether the device can run the vector kernel's subgroup reduction, and its smallest subgroup. */
export function subgroupSupport(device: Device): SubgroupSupport {
  // An adapter that does not report its sizes gets WebGPU's smallest allowed subgroup, 4.
  return { available: device.gpu.features.has('subgroups'), minSize: device.describe().subgroupMinSize ?? 4 };
}

/**
 * One matrix made ready for many products on a device: format chosen, kernel compiled, the matrix uploaded
 * once (with its columns renumbered by degree where the plan says `reorder`: x and y stay in the user's order). `run` uploads x (and y, mask), multiplies and reads y back; `encode` records a product on buffers
 * the caller keeps on the GPU, for iterative algorithms. `spmv()` is create → run → destroy.
 *
 * @example
 * const runner = await SpmvRunner.create(device, csr, { semiring: 'plus-times', format: 'auto' });
 * const { y } = await runner.run(x);
 * const again = await runner.run(y);   // the matrix is not uploaded again
 * runner.destroy();
 */
export class SpmvRunner {
  readonly plan: SpmvPlan;
  readonly n: number;
  readonly stats: RowStats;
  /** Host milliseconds of renumbering the columns by degree, when the plan tried to (see `plan.reorder`): preprocessing. */
  readonly reorderMs: number | undefined;
  /** A fold product's extra pieces, for a caller adding them itself (see {@link SpmvEncodeOptions}); undefined when no row is folded. */
  readonly extraPieces: ExtraPieces<GPUBuffer> | undefined;
  readonly #device: Device;
  readonly #launches: readonly SpmvLaunch[];
  /** The matrix's arrays and scratch buffers by name. */
  readonly #matrix: Record<string, GPUBuffer>;
  readonly #own: GPUBuffer[];
  readonly #work: SpmvBuffers;
  readonly #life = new RunnerLife('SpmvRunner');

  private constructor(device: Device, planned: Pick<PlannedSpmv, 'plan' | 'stats' | 'layout' | 'launches' | 'reorderMs'>, matrix: Record<string, GPUBuffer>, work: SpmvBuffers, own: GPUBuffer[]) {
    const { plan, stats, launches } = planned;
    const rowExtra = rowExtraRanges(planned);
    this.extraPieces = rowExtra && { partial: matrix.partial, rowExtra };
    this.#device = device;
    this.plan = plan;
    this.stats = stats;
    this.reorderMs = planned.reorderMs;
    this.n = stats.n;
    this.#launches = launches;
    this.#matrix = matrix;
    this.#work = work;
    this.#own = own;
  }

  /** Checks the matrix, plans the kernel for its rows and the device, checks the sizes, uploads it. */
  static async create(device: Device, matrix: Csr, options: SpmvKernelOptions = {}): Promise<SpmvRunner> {
    const planned = planSpmvLaunches(matrix, options, {
      target: 'wgsl',
      subgroups: subgroupSupport(device),
      limits: device.limits,
      maxInvocations: device.limits.maxComputeInvocationsPerWorkgroup,
    });
    const { stats, plan, layout } = planned;
    const [{ buffers, work }, own] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep) => {
      const make = async (label: string, data: ArrayBufferView) => keep(await device.createStorage(label, data));
      const buffers: Record<string, GPUBuffer> = {};
      for (const [name, data] of Object.entries(layout.arrays)) buffers[name] = await make(`spmv.${name}`, data);
      // Scratch is written before it is read by every product; 4 bytes at least, since WebGPU refuses empty bindings.
      for (const [name, bytes] of Object.entries(layout.scratch)) buffers[name] = await make(`spmv.${name}`, new Uint8Array(Math.max(4, bytes)));
      const vector = new Uint32Array(stats.n);
      const work = {
        x: await make('spmv.x', vector),
        y: await make('spmv.y', vector),
        mask: plan.spec.masked ? await make('spmv.mask', vector) : undefined,
      };
      return { buffers, work };
    });
    return new SpmvRunner(device, planned, buffers, work, own);
  }

  /**
   * Records y = A ⊗ x (⊕ y) on the given buffers (n elements each; the mask when planned `masked`); with
   * `combine: false`, a fold product's folded rows get only their first pieces (see {@link SpmvEncodeOptions}).
   */
  encode(batch: DispatchBatch, buffers: SpmvBuffers, options: SpmvEncodeOptions = {}): void {
    this.#life.check('encode');
    if (this.plan.spec.masked && !buffers.mask) throw new Error('spmv: this runner was planned with masked: true; pass a mask buffer');
    const combine = options.combine ?? true;
    if (!combine) checkCombineLeftOut(this.plan);
    const pool: Record<string, GPUBuffer | undefined> = { ...this.#matrix, x: buffers.x, y: buffers.y, mask: buffers.mask };
    for (const launch of this.#launches) {
      if (!combine && isFoldCombine(launch)) continue;
      batch.dispatch(launch.kernel, { buffers: bindLaunch(launch, pool), params: launch.params, workgroups: launch.grid });
    }
  }

  /** Uploads x (and y, mask), computes y = A ⊗ x (⊕ y) and reads y back. */
  async run(x: ArrayLike<number>, operands: SpmvOperands = {}): Promise<SpmvResult> {
    this.#life.check('run');
    const started = performance.now();
    const { semiring, type, spec } = this.plan;
    const ops = encodeOperands(this.n, x, operands, semiring, type, spec.masked);
    if (this.n === 0) return { y: ops.y, plan: this.plan, wallTimeMs: performance.now() - started };
    this.#device.upload(this.#work.x, ops.x);
    this.#device.upload(this.#work.y, ops.y);
    if (ops.mask) this.#device.upload(this.#work.mask!, ops.mask);
    const batch = this.#device.batch({ label: `spmv ${this.plan.format}` });
    this.encode(batch, this.#work);
    const { gpuTimeMs } = await batch.submit();
    const y = await this.#device.read(this.#work.y, ops.y.constructor as TypedArrayConstructor<ElementArray>, 0, this.n);
    decodeF32(y, type);
    return { y, plan: this.plan, gpuTimeMs, wallTimeMs: performance.now() - started };
  }

  /** Frees the GPU buffers. */
  destroy(): void {
    if (!this.#life.end()) return;
    for (const b of this.#own) b.destroy();
    this.#own.length = 0;
  }
}
