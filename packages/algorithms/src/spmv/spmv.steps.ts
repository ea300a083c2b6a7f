import { dispatchGrid, validateSpec, type GeneratedKernel, type Target } from '@semiforge/codegen';
import { degreeStats, ellPaddingRatio, type Csr } from '@semiforge/graph-io';
import { kernelFor } from '../kernels/kernel-source.js';
import { kernelBuffers } from '../kernels/kernel-buffers.js';
import { layoutFor, type BindingLimits, type SpmvLayout } from './layouts/index.js';
import { checkSquareCsr } from './spmv.input.js';
import { checkSpmvFits } from './spmv.limits.js';
import { planSpmv, type RowStats, type SpmvKernelOptions, type SpmvPlan, type SubgroupSupport } from './spmv.plan.js';
import { gatherFirst, hotColumnsFirst, orderColumnsByDegree } from './spmv.reorder.js';

/** What planning a product needs to know of the device it runs on, whichever the backend. */
export interface SpmvTarget {
  readonly target: Target;
  readonly subgroups: SubgroupSupport;
  /** The largest array one kernel may index (WebGPU: one storage binding). */
  readonly limits: BindingLimits;
  /** The most invocations of one workgroup (WebGPU's `maxComputeInvocationsPerWorkgroup`), where a plan may use more than 256. */
  readonly maxInvocations?: number;
}

/**
 * CUDA's side of {@link SpmvTarget}: warps of 32, and arrays up to 2^32 − 1 four-byte elements, since the
 * kernels index them with 32-bit unsigned integers.
 */
export const CUDA_SPMV_TARGET: SpmvTarget = {
  target: 'cuda',
  subgroups: { available: true, minSize: 32 },
  limits: { maxStorageBufferBindingSize: 4 * (2 ** 32 - 1) },
  // Threads a block: fold on power-law rows takes 1,024 (SPMV_DEFAULTS.foldThreads).
  maxInvocations: 1024,
};

/** One launch of a product, ready for either backend: its kernel, parameters, grid and what each binding takes. */
export interface SpmvLaunch {
  readonly kernel: GeneratedKernel;
  readonly params: Uint32Array;
  /** Workgroups (CUDA: blocks) in x, y, z; rows past 65535 workgroups spill into y. */
  readonly grid: [number, number, number];
  /**
   * Each storage binding of the kernel, in order, with the buffer it takes: a name of the layout's arrays or
   * scratch, or one of the operands x, y, mask.
   */
  readonly sources: readonly (readonly [binding: string, buffer: string])[];
}

/** A matrix planned for a device: its statistics, the plan, its layout and the launches of one product. */
export interface PlannedSpmv {
  readonly stats: RowStats;
  readonly plan: SpmvPlan;
  readonly layout: SpmvLayout;
  readonly launches: readonly SpmvLaunch[];
  /**
   * Host milliseconds of renumbering the columns by degree (their order and the renumbered indices), when the
   * plan tried to: preprocessing done once, apart from the products (and from laying out the format).
   */
  readonly reorderMs?: number;
}

/** Row statistics of a matrix, as the automatic format choice reads them. */
export function rowStats(csr: Csr): RowStats {
  const s = degreeStats(csr);
  return { n: s.n, arcs: s.arcs, mean: s.mean, max: s.max, paddingRatio: ellPaddingRatio(csr, s.max) };
}

/**
 * Checks the matrix, plans its product for the device's target, checks the sizes, lays the matrix out and
 * makes each step a launch: the one place both runners (WebGPU, CUDA) turn a matrix into kernels and buffer
 * names. A matrix with no `weight` is planned as a pattern (every value the semiring's one): no values array. A plan that reorders lays out the matrix with its columns renumbered by degree, after a gather of x
 * (`gatherFirst`). Pure: nothing touches a device, so a CUDA plan can be checked where there is no GPU.
 *
 * @example
 * const { plan, launches } = planSpmvLaunches(csr, { format: 'fold' }, CUDA_SPMV_TARGET);
 * launches.map((l) => l.kernel.name); // the product, then the fold's combine step when a row is folded
 */
export function planSpmvLaunches(matrix: Csr, options: SpmvKernelOptions, device: SpmvTarget): PlannedSpmv {
  if (options.target !== undefined && options.target !== device.target) {
    throw new Error(`spmv: target '${options.target}' was asked of a ${device.target === 'cuda' ? 'CUDA' : 'WebGPU'} device, which runs '${device.target}'; leave target out`);
  }
  checkSquareCsr(matrix);
  const stats = rowStats(matrix);
  // A matrix without weights is a pattern: its kernels bind no values (4 bytes a nonzero fewer to stream).
  const invocations = device.maxInvocations === undefined ? {} : { maxInvocations: device.maxInvocations };
  const planned = planSpmv({ ...options, target: device.target, pattern: matrix.weight === null, ...invocations }, stats, device.subgroups);
  // Before the layout, which sizes its arrays from these specs (itemsPerThread 0 made a typed array of Infinity).
  validateSpec(planned.spec);
  if (planned.combine) validateSpec(planned.combine);
  checkSpmvFits(device.limits, { n: stats.n, nnz: stats.arcs, format: planned.format, width: stats.max });
  const started = performance.now();
  const columns = !planned.reorder ? undefined : planned.hotColumns === undefined ? orderColumnsByDegree(matrix) : hotColumnsFirst(matrix, planned.hotColumns);
  const reorderMs = planned.reorder ? performance.now() - started : undefined;
  // x in the hot columns' order holds n + hotColumns entries, bound as one array.
  if (columns && 4 * columns.order.length > device.limits.maxStorageBufferBindingSize) {
    throw new RangeError(`spmv: x with its ${columns.order.length - stats.n} hot columns first takes ${4 * columns.order.length} bytes, over the device's binding limit of ${device.limits.maxStorageBufferBindingSize}; use fewer hotColumns or reorder 'degree'`);
  }
  // Columns already in degree order: nothing to renumber, nothing to gather.
  const plan = planned.reorder && !columns ? { ...planned, reorder: false } : planned;
  const laid = layoutFor(columns?.matrix ?? matrix, plan, device.limits);
  const layout = columns ? gatherFirst(laid, columns.order, device.target) : laid;
  const launches = layout.steps.map((step): SpmvLaunch => {
    const kernel = kernelFor(step.spec);
    const sources = Object.entries(kernelBuffers(kernel.bindings, (name) => step.bind?.[name] ?? name));
    return { kernel, params: step.params, grid: dispatchGrid(step.spec, step.rows), sources };
  });
  return { stats, plan, layout, launches, ...(reorderMs === undefined ? {} : { reorderMs }) };
}

/**
 * A launch's buffers by binding name, from a pool of the matrix's buffers and the operands; throws naming
 * the binding when the pool lacks one (a mask for a masked plan, say), so that nothing launches half bound.
 */
export function bindLaunch<B>(launch: SpmvLaunch, pool: Readonly<Record<string, B | undefined>>): Record<string, B> {
  return Object.fromEntries(
    launch.sources.map(([binding, source]) => {
      const buffer = pool[source];
      if (buffer === undefined) throw new Error(`spmv: kernel ${launch.kernel.name} binds '${binding}' to buffer '${source}', which this product lacks`);
      return [binding, buffer];
    }),
  );
}

/**
 * Where a fold product leaves its folded rows' extra pieces, for a caller that adds them to y itself instead of
 * running the combine step (the runners' `combine: false`): n + 1 offsets into the scratch `partial`, row i's
 * extra pieces' results in partial[rowExtra[i] … rowExtra[i + 1]) (none for a row not folded). undefined when
 * the plan folds no row (every format but fold, and fold on rows no longer than the fold width).
 *
 * @example
 * // rows 0 and 2 of 4 folded, with 2 and 1 extra pieces (foldedRows [0, 2], extraStart [0, 2, 3])
 * rowExtraRanges(planned); // Uint32Array [0, 2, 2, 3, 3]
 */
export function rowExtraRanges(planned: Pick<PlannedSpmv, 'stats' | 'layout'>): Uint32Array | undefined {
  const { foldedRows, extraStart } = planned.layout.arrays;
  if (!(foldedRows instanceof Uint32Array) || !(extraStart instanceof Uint32Array)) return undefined;
  const n = planned.stats.n;
  const ranges = new Uint32Array(n + 1);
  for (let i = 0, k = 0; i <= n; i++) {
    ranges[i] = extraStart[k];
    if (k < foldedRows.length && foldedRows[k] === i) k++;
  }
  return ranges;
}

/** How a runner records one product. */
export interface SpmvEncodeOptions {
  /**
   * false: leave out a fold product's combine step, so that each folded row's y holds its first piece only and
   * its extra pieces' results stay in `extraPieces.partial`, for the caller to add (PageRank's update does, and
   * saves a launch a step). Refused for masked plans (the combine skips masked-out rows). Default true.
   */
  readonly combine?: boolean;
}

/** A fold product's extra pieces as a caller adding them itself finds them: the scratch, and each row's range in it. */
export interface ExtraPieces<B> {
  readonly partial: B;
  /** See {@link rowExtraRanges}. */
  readonly rowExtra: Uint32Array;
}

/** Refuses `combine: false` where the caller could not add the extra pieces as the combine would. */
export function checkCombineLeftOut(plan: SpmvPlan): void {
  if (plan.spec.masked) throw new Error('spmv: combine: false leaves the extra pieces to the caller, which a masked plan cannot (the combine skips masked-out rows); run it with combine');
}

/** Whether a launch is the fold's combine step, which a caller adding the extra pieces itself leaves out. */
export const isFoldCombine = (launch: SpmvLaunch): boolean => launch.kernel.spec.op === 'spmv_fold_combine';
