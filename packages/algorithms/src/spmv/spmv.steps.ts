import { dispatchGrid, type GeneratedKernel, type Target } from '@semiforge/codegen';
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
}

/**
 * CUDA's side of {@link SpmvTarget}: warps of 32, and arrays up to 2^32 − 1 four-byte elements, since the
 * kernels index them with 32-bit unsigned integers.
 */
export const CUDA_SPMV_TARGET: SpmvTarget = {
  target: 'cuda',
  subgroups: { available: true, minSize: 32 },
  limits: { maxStorageBufferBindingSize: 4 * (2 ** 32 - 1) },
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
  const planned = planSpmv({ ...options, target: device.target, pattern: matrix.weight === null }, stats, device.subgroups);
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
