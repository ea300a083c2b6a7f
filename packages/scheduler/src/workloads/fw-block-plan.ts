// The FW kernels of one block side, planned once per (options, side, target): blocked APSP sends thousands of
// tasks with the same options, and planning and kernel lookup (identity hashing) per task cost host time that
// the schedule then waits for.
import { dispatchGrid, type GeneratedKernel, type Target } from '@semiforge/codegen';
import { kernelFor, planApsp, type ApspKernelOptions, type ApspPlan } from '@semiforge/algorithms';

/** A block side's plan and its four kernels (pivot, row panel, column panel, update) with their grids. */
export interface BlockKernels {
  readonly plan: ApspPlan;
  readonly tile: number;
  readonly pivot: GeneratedKernel;
  readonly panelRow: GeneratedKernel;
  readonly panelCol: GeneratedKernel;
  readonly update: GeneratedKernel;
  /** Grids of pivot, panelRow, panelCol, update, in that order. */
  readonly grids: readonly [number, number, number][];
}

const memo = new Map<string, BlockKernels>();

/** A key of the options' content (workers receive a fresh copy of the same options with every task). */
function keyOf(options: ApspKernelOptions, side: number, target: Target): string {
  const entries = Object.entries(options).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : 1));
  return `${target}|${side}|${JSON.stringify(entries)}`;
}

/**
 * The kernels of a plan on blocks of side `side` (method 'a', row-major, no successors, a tile dividing the
 * side), for `target`, memoised.
 *
 * @example
 * ```ts
 * const k = blockKernels({ tile: 32 }, 128, 'wgsl');
 * batch.dispatch(k.update, { buffers, params, workgroups: k.grids[3] });
 * ```
 */
export function blockKernels(options: ApspKernelOptions, side: number, target: Target): BlockKernels {
  const key = keyOf(options, side, target);
  let kernels = memo.get(key);
  if (kernels === undefined) {
    const plan = planApsp({ ...options, method: 'a', layout: 'row-major', successors: false, target, ...(target === 'cuda' ? { dpx: false } : {}) }, side);
    if (side % plan.tile !== 0) throw new RangeError(`block side ${side} is not a multiple of the tile ${plan.tile}`);
    const specs = plan.blocked!;
    const order = [specs.pivot, specs.panelRow, specs.panelCol, specs.update];
    const [pivot, panelRow, panelCol, update] = order.map(kernelFor);
    kernels = { plan, tile: plan.tile, pivot, panelRow, panelCol, update, grids: order.map((s) => dispatchGrid(s, side)) };
    memo.set(key, kernels);
  }
  return kernels;
}
