import { ELEMENT_TYPES, getSemiring, type ElementType, type FwKernelSpec, type Layout, type Target } from '@semiforge/codegen';

/** Blocked FW variants: method A (register-blocked products, row-major), B (blocked data layout), plain FW. */
export type ApspMethod = 'a' | 'b' | 'plain';

const APSP_METHODS: readonly ApspMethod[] = ['a', 'b', 'plain'];

/**
 * CUDA blocked rounds' overlap ({@link ApspKernelOptions.lookahead}): `false` one stream; `true` the next pivot
 * and panels on a side stream beside the update of the tiles off the next cross, that cross updated first;
 * `'concurrent-cross'` that cross updated on the side stream too, beside those tiles (see `blockedRounds`).
 */
export type ApspLookahead = boolean | 'concurrent-cross';

/** Options that decide which kernels run. */
export interface ApspKernelOptions {
  /** 'a' (default): row-major, register-blocked products; 'b': the same on the blocked data layout; 'plain': one launch per vertex. */
  method?: ApspMethod;
  /** Where D lives on the GPU; default: 'bdl' for method 'b', 'row-major' otherwise. */
  layout?: Layout;
  /** Blocked FW tile size t (default: {@link defaultTile} of n). */
  tile?: number;
  /** Results per thread along each axis of the products (default 4, or less when the tile is small). */
  unroll?: number;
  /** Unroll of the products' inner k loop (default 4). */
  kUnroll?: number;
  /** Depth of the panel slices the products stage in workgroup memory (default 8). */
  stage?: number;
  /** Threads [x, y] of the product kernels (default: {@link defaultWorkgroups}). */
  workgroup?: readonly [number, number];
  /**
   * Shape of the update (the rank-t product that dominates) alone, over the options above: for tuning it
   * without changing the panels. CUDA's default is {@link defaultCudaUpdate}.
   */
  update?: {
    unroll?: number;
    workgroup?: readonly [number, number];
    kUnroll?: number;
    stage?: number;
    /** CUDA, not DPX: copy the slices with cp.async into this many buffers (codegen's `FwKernelSpec.asyncStages`; to measure). */
    asyncStages?: number;
  };
  /** Threads per side of the pivot closure's square workgroup (default: {@link defaultWorkgroups}). */
  pivotThreads?: number;
  /**
   * CUDA, blocked methods: close the next pivot tile and build its panels on a high-priority second stream
   * while the current update runs (see `blockedRounds`: two update launches a round). Default:
   * {@link lookaheadByDefault}. (H100, with the earlier schedule of up to 7 update launches a round: DPX n = 8192
   * 47.2 ms against 48.8, n = 4096 9.3 against 10.1; f32 n = 8192 55.7 against 52.5, and 2–3× slower at
   * n = 2048, where the host's launches outweighed what the overlap saves.) `'concurrent-cross'`: the same,
   * with the cross of the next row and column updated on the side stream beside the other tiles, not before
   * them (the default where the rule above picks it; {@link ApspLookahead}).
   */
  lookahead?: ApspLookahead;
  /** Semiring name (default 'min-plus'); its ⊕ must be idempotent. */
  semiring?: string;
  /** Element type (default 'f32'). */
  type?: ElementType;
  /** Keep the successor matrix for `path(u, v)` (default false). */
  successors?: boolean;
  target?: Target;
  /**
   * CUDA, min-plus, i32: relax with DPX instructions (`__viaddmin_s32`; see codegen's `FwKernelSpec.dpx`).
   * The CUDA backend turns it on by itself when every finite path length provably stays within
   * ±(2^28 − 1) ({@link dpxFits}); `true` insists (and fails on other inputs), `false` turns it off.
   */
  dpx?: boolean;
}

export interface ApspPlan {
  readonly method: ApspMethod;
  readonly tile: number;
  readonly layout: Layout;
  readonly semiring: string;
  readonly type: ElementType;
  readonly successors: boolean;
  /** Whether the products relax with DPX instructions (CUDA, min-plus, i32). */
  readonly dpx: boolean;
  /** Blocked methods: the four kernels of one pivot step. */
  readonly blocked?: { pivot: FwKernelSpec; panelRow: FwKernelSpec; panelCol: FwKernelSpec; update: FwKernelSpec };
  /**
   * CUDA, blocked methods: what the CUDA runner launches in place of `panelRow`, `panelCol` and `update`: both
   * panels in one launch (`bothPanels`), and the update placing its blocks by parameters (`remap`), so that a
   * lookahead round is two update launches (see `blockedRounds`). Same shapes as the kernels they stand for.
   */
  readonly rounds?: { panels: FwKernelSpec; update: FwKernelSpec };
  readonly plain?: FwKernelSpec;
}

export const APSP_DEFAULTS = { method: 'a', tile: 64, largeTile: 128, largeFrom: 4096, unroll: 4, semiring: 'min-plus', type: 'f32' } as const;

/**
 * Relaxations of one round's update (N² · tile) from which CUDA's blocked FW overlaps the next pivot with the
 * update by default: N = 4096 at tile 128 (about 0.25 ms of update a round on the H100), where the round's
 * four launches and two stream handoffs (tens of µs of host time) hide behind the GPU's work.
 */
export const LOOKAHEAD_FROM_ROUND_WORK = 4096 * 4096 * 128;

/**
 * How CUDA's blocked rounds overlap the next pivot when the options leave it unset: for the products with a
 * cheap relaxation (f32 min-plus, DPX), where the pivot closure and the panels are a tenth of a round, from
 * {@link LOOKAHEAD_FROM_ROUND_WORK}; with the next cross updated beside the other tiles (`'concurrent-cross'`)
 * for f32 from there and for DPX from 4× that. H100, 5 runs (`benchmarks/results/cuda-h100-20261123.json`):
 * f32 n = 8192 70.1% of the min-plus peak against 68.5–68.9% (twice), n = 4096 57.6% against 54.8%; DPX
 * n = 8192 82.0–82.2% against 80.9–81.0%, n = 4096 55.3% against 57.8%. Elsewhere the update dominates
 * (saturating integer ⊗) or the host does: no lookahead.
 *
 * @example
 * lookaheadByDefault(planApsp({ target: 'cuda' }, 8192), 8192); // 'concurrent-cross'
 */
export function lookaheadByDefault(plan: ApspPlan, paddedN: number): ApspLookahead {
  const cheap = plan.dpx || (plan.semiring === 'min-plus' && plan.type === 'f32');
  const work = paddedN * paddedN * plan.tile;
  if (plan.rounds === undefined || !cheap || work < LOOKAHEAD_FROM_ROUND_WORK) return false;
  return !plan.dpx || work >= 4 * LOOKAHEAD_FROM_ROUND_WORK ? 'concurrent-cross' : true;
}

/**
 * The tile for a graph of n vertices when none is given: 128 from n = 4096 (fewer pivot steps; the H100
 * benchmark's best at n = 8192), 64 below (less padding, cheaper pivot closure).
 */
export function defaultTile(n: number | undefined): number {
  return n !== undefined && n >= APSP_DEFAULTS.largeFrom ? APSP_DEFAULTS.largeTile : APSP_DEFAULTS.tile;
}

/**
 * Workgroup shapes when none are given. Products: 16×16 threads (fewer for small tiles). From t = 128 the
 * update runs 8×16 (x × y; H100 n = 8192: 8.4 T/s against 8.0 for 16×16) and the pivot closure 16×16 threads
 * holding 8×8 values each (60 µs against 72 µs for 32×32), but never more than 64 values a thread.
 */
export function defaultWorkgroups(tile: number, unroll: number) {
  const side = Math.max(1, Math.min(16, Math.floor(tile / unroll)));
  const large = tile >= 128;
  return {
    panels: [side, side] as const,
    update: large ? ([8, 16] as const) : ([side, side] as const),
    pivotThreads: large ? Math.max(tile / 8, 16) : Math.min(tile, 32),
  };
}

/**
 * CUDA's update (the rank-t product that dominates) when no shape is given: codegen's register-blocked
 * sm_90 kernel with 8×8 results a thread, 16×16 threads → 128×128 blocks, and its 8-deep slices fully
 * unrolled, where the relaxation is cheap enough to leave registers for that (f32 min-plus, DPX); 4×4 a
 * thread otherwise, as the integer ⊗'s saturation tests need the registers (ptxas spills at 8×8).
 */
export function defaultCudaUpdate(tile: number, cheapRelax: boolean): { unroll: number; workgroup: readonly [number, number]; kUnroll: number } | undefined {
  if (tile % 128 === 0 && cheapRelax) return { unroll: 8, workgroup: [16, 16], kUnroll: 8 };
  if (tile % 64 === 0) return { unroll: 4, workgroup: [16, 16], kUnroll: 8 };
  return undefined;
}

/**
 * Threads per side of the pivot closure's workgroup that the device runs: the default side, halved while its
 * square exceeds the device's invocations per workgroup (browsers offer 256 where Dawn in Node offers 1024).
 *
 * @example
 * pivotSideFor(32, 256); // 16
 */
export function pivotSideFor(side: number, maxInvocations: number): number {
  let fitted = side;
  while (fitted > 1 && fitted * fitted > maxInvocations) fitted /= 2;
  return fitted;
}

/**
 * Chooses the kernel specs for a set of options and, when known, the number of vertices and the device's
 * invocations per workgroup (the pivot's default workgroup shrinks to fit them); invalid combinations fail
 * in codegen's validator.
 */
export function planApsp(options: ApspKernelOptions = {}, n?: number, maxInvocations = Infinity): ApspPlan {
  const method = options.method ?? APSP_DEFAULTS.method;
  const tile = options.tile ?? defaultTile(n);
  const semiring = options.semiring ?? APSP_DEFAULTS.semiring;
  const type = options.type ?? APSP_DEFAULTS.type;
  const successors = options.successors ?? false;
  const target = options.target ?? 'wgsl';
  const layout: Layout = options.layout ?? (method === 'b' ? 'bdl' : 'row-major');
  // Checked with the plan, so that a bad value is refused before a runner uploads or allocates anything.
  // An unknown method ran as a blocked one; an unknown type failed deep in the matrix's encoding.
  if (!APSP_METHODS.includes(method)) throw new RangeError(`apsp: method = ${String(method)} (expected one of ${APSP_METHODS.map((m) => `'${m}'`).join(', ')})`);
  if (!ELEMENT_TYPES.includes(type)) throw new RangeError(`apsp: type = ${String(type)} (expected one of ${ELEMENT_TYPES.join(', ')})`);
  const { lookahead } = options;
  if (lookahead !== undefined && typeof lookahead !== 'boolean' && lookahead !== 'concurrent-cross') {
    throw new Error(`apsp: lookahead ${JSON.stringify(lookahead)} is not one of true, false, 'concurrent-cross'`);
  }
  const sr = getSemiring(semiring);
  if (!sr.idempotent) {
    throw new Error(
      `apsp: semiring '${semiring}' has a non-idempotent ⊕, so Floyd-Warshall has no closure to converge to; ` +
        `use min-plus, max-min, or-and or another idempotent semiring (plus-times belongs to SpMV/PageRank)`,
    );
  }
  const base = { semiring, type, layout, target, successors, tile } as const;
  if (method === 'plain') {
    // Plain FW on BDL still needs the tile to address the layout; row-major needs none.
    return { method, tile, layout, semiring, type, successors, dpx: false, plain: { ...base, op: 'fw_plain', unroll: 1, workgroup: [16, 16] } };
  }
  const unroll = options.unroll ?? Math.max(1, Math.min(APSP_DEFAULTS.unroll, tile / 16));
  const defaults = defaultWorkgroups(tile, unroll);
  const panels = options.workgroup ?? defaults.panels;
  const pivotSide = options.pivotThreads ?? pivotSideFor(defaults.pivotThreads, maxInvocations);
  const dpx = options.dpx === true;
  // Only the products take dpx (the pivot closure keeps the saturating ⊗); left out when off, for stable ids.
  const product = { ...base, unroll, kUnroll: options.kUnroll, stage: options.stage, ...(dpx ? { dpx } : {}) };
  const cuda = target === 'cuda' ? defaultCudaUpdate(tile, dpx || (semiring === 'min-plus' && type === 'f32')) : undefined;
  const own = options.update ?? {};
  const updateUnroll = own.unroll ?? options.unroll ?? cuda?.unroll ?? unroll;
  const fits = (w: readonly [number, number]) => tile % (w[0] * updateUnroll) === 0 && tile % (w[1] * updateUnroll) === 0;
  const update = {
    ...product,
    unroll: updateUnroll,
    kUnroll: own.kUnroll ?? options.kUnroll ?? cuda?.kUnroll,
    stage: own.stage ?? options.stage,
    ...(own.asyncStages !== undefined ? { asyncStages: own.asyncStages } : {}),
    workgroup: own.workgroup ?? options.workgroup ?? (cuda && fits(cuda.workgroup) ? cuda.workgroup : defaultWorkgroups(tile, updateUnroll).update),
  };
  const blocked: NonNullable<ApspPlan['blocked']> = {
    pivot: { ...base, op: 'fw_pivot', unroll: 1, workgroup: [pivotSide, pivotSide] },
    panelRow: { ...product, op: 'fw_panel_row', workgroup: panels },
    panelCol: { ...product, op: 'fw_panel_col', workgroup: panels },
    update: { ...update, op: 'fw_update' },
  };
  const rounds = target === 'cuda' ? { panels: { ...blocked.panelRow, bothPanels: true }, update: { ...blocked.update, remap: true } } : undefined;
  return { method, tile, layout, semiring, type, successors, dpx, blocked, ...(rounds ? { rounds } : {}) };
}

/** Every kernel spec a plan's runner launches (CUDA's blocked rounds: the pivot closure and {@link ApspPlan.rounds}). */
export function planSpecs(plan: ApspPlan): FwKernelSpec[] {
  if (plan.plain) return [plan.plain];
  const b = plan.blocked!;
  return plan.rounds ? [b.pivot, plan.rounds.panels, plan.rounds.update] : [b.pivot, b.panelRow, b.panelCol, b.update];
}
