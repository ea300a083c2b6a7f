import { DEFAULT_MERGE_ITEMS, DEFAULT_STREAM_ITEMS, ELEMENT_TYPES, getSemiring, type ElementType, type SpmvKernelSpec, type SpmvReduction, type Target } from '@semiforge/codegen';
import type { SpmvReorder } from './spmv.reorder.js';

/** Storage formats of the SpMV kernels, e.g. for a command-line choice. */
export const SPMV_FORMATS = ['csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold', 'csr-stream'] as const;

/** Storage formats of the SpMV kernels. */
export type SpmvFormat = (typeof SPMV_FORMATS)[number];

/** Options that decide which SpMV kernel runs. */
export interface SpmvKernelOptions {
  /** Semiring name (default 'plus-times'); any registered one, idempotent or not. */
  semiring?: string;
  /** Element type (default: f32 where the semiring has it, else its first type: u32 for or-and). */
  type?: ElementType;
  /** Storage format (default 'auto': {@link chooseFormat} from the matrix's row statistics). */
  format?: SpmvFormat | 'auto';
  /** y = A ⊗ x ⊕ y when true; y = A ⊗ x when false (default). */
  accumulate?: boolean;
  /** Use a per-row u32 mask: rows whose mask is 0 keep their y (default false). */
  masked?: boolean;
  /**
   * csr-vector: invocations per row, a power of two (default: {@link defaultLanes} of the mean row length);
   * fold: invocations per folded row in the step adding its extra pieces (default: {@link combineLanes} of the longest row's).
   */
  lanesPerRow?: number;
  /** Invocations per workgroup (default 256): rowsPerWorkgroup = this / lanesPerRow. */
  threadsPerWorkgroup?: number;
  /**
   * csr-merge: merge-path items (row ends and nonzeros) per invocation (default 7: codegen's DEFAULT_MERGE_ITEMS);
   * csr-stream: nonzeros per invocation of a row block, so a block holds threadsPerWorkgroup × this (default 8:
   * codegen's DEFAULT_STREAM_ITEMS).
   */
  itemsPerThread?: number;
  /**
   * csr-vector, fold's second step: how lanes combine; csr-merge: how invocations scan their open rows
   * (default: 'subgroup' where the device allows it, else 'workgroup').
   */
  reduction?: SpmvReduction;
  /** sell, fold: rows per slice C, a power of two (default 32: a warp; lavapipe's subgroups hold 8). */
  sliceHeight?: number;
  /**
   * sell, fold: sort rows by length within windows of σ rows, 1 or a multiple of sliceHeight (default:
   * 1 where rows are even, ELL padding ≤ 1.5; else for fold a workgroup's rows, for sell {@link SPMV_DEFAULTS}.sigma).
   * When σ is a workgroup's rows (one row an invocation), each workgroup stages its window's results in workgroup
   * memory and stores y in row order, whole sectors at a time, instead of one scattered store per row.
   *
   * @example
   * await spmv(device, csr, x, { format: 'fold', sigma: 256, threadsPerWorkgroup: 256 }); // y stored a window at a time
   */
  sigma?: number;
  /** fold: pieces of at most this many entries (default: twice the mean row length, rounded up). */
  foldWidth?: number;
  /**
   * fold: keep each folded row's pieces in its own workgroup's window, where the workgroup adds them up in its own
   * memory (`localFold`: one launch, no partial results, no second step), instead of storing the extra pieces after
   * all rows for a second launch to add. It fits where σ is the workgroup's rows (one row an invocation, whole
   * slices), there is no mask, and the longest row's pieces take at most {@link SPMV_DEFAULTS}.localFoldMaxPieces of a
   * window; true where it does not fit is refused, naming why. Default: for power-law rows in windows of
   * {@link SPMV_DEFAULTS}.foldThreads rows, with {@link SPMV_DEFAULTS}.localFoldUnroll slots a step; elsewhere opt-in.
   * H100, R-MAT scale 22, one command each (`benchmarks/results/spmv-h100-20261206.json`, `cuda-spmv-h100-20261206.json`):
   * WebGPU at 1,024 a workgroup 1.1775 → 1.1741 ms (relabelled by degree 1.1153 → 1.0968), at 256 1.1890 → 1.1911;
   * CUDA at 256 1.1203 → 1.1522 (by degree 1.0826 → 1.0918), at 1,024 (8 slots a step) 1.1021 against the 256-row
   * second launch's 1.1195 (by degree 1.0529 against 1.0835).
   *
   * @example
   * await spmv(device, csr, x, { format: 'fold', localFold: false }); // the extra pieces in a second launch
   */
  localFold?: boolean;
  /**
   * ell, sell, fold: slots a row loads per loop step, 2, 4 or 8 (default: one), so that a step's loads are in
   * flight together; the sums keep their order, so the results are the same bits.
   */
  unroll?: number;
  /**
   * sell, fold: consecutive stored rows one invocation computes, 1 or 4 (default 1); with 4 a slot of them is
   * one 16-byte load of indices and one of values (the slice height must be a multiple of 4).
   */
  rowsPerInvocation?: number;
  /**
   * CUDA: load the matrix, x and the mask through the read-only data cache (`__ldg`; default true). WGSL has
   * no such loads: true there is refused.
   */
  ldg?: boolean;
  /**
   * CUDA: load the matrix's column indices and values with evict-first streaming loads (`__ldcs`), so that the
   * matrix, read once, does not push the gathered x out of L1 and L2. Default: true for fold on CUDA, false
   * otherwise. H200 (benchmarks/results/cuda-spmv-h200-20261129.json): fold on R-MAT scale 22 1.075 → 1.042 ms
   * (0.95× → 0.98× cuSPARSE), on Erdős–Rényi 2^21 0.270 → 0.268 ms; elsewhere it cost: ELL ±1% on the stencils
   * and the band, csr-scalar on the road-like grid 0.139 → 0.201 ms. WGSL has no cache hints: true there is refused.
   *
   * @example
   * await spmv(undefined, csr, x, { backend: 'cuda', format: 'fold', streamLoads: true });
   */
  streamLoads?: boolean;
  /**
   * Renumber the matrix's columns by descending degree once, when the product is planned, so that the hot
   * entries of x share cache lines; each product then gathers x into that order first (one pass over n) and
   * writes y, reads the mask and an accumulated y in the user's order as ever. 'degree': always; 'none'
   * (default): never; 'auto': where {@link chooseReorder} says so, when the format is chosen automatically too.
   * Off by default because it did not pay on the H100 (R-MAT scale 22, fold, plus-times): renumbered columns
   * alone ran at 176 GFLOP/s on WebGPU and 213 on CUDA, against 215 and 219 as generated; the matrix
   * relabelled by degree beforehand (rows and columns) ran at 225 and 231.
   */
  reorder?: SpmvReorder;
  /**
   * `reorder: 'hot'`: how many of the columns of most nonzeros get their x entries copied to the front before
   * each product (default {@link SPMV_DEFAULTS}.hotColumns; see `hotColumnsFirst`). Opt-in: on the H100 it ran R-MAT
   * scale 22 at 205.9 GFLOP/s against fold's 212.5 without it.
   */
  hotColumns?: number;
  target?: Target;
}

/**
 * What planning reads besides the options: `pattern`, whether the matrix is a pattern (no weights: every stored
 * value the semiring's one), so that its kernels bind and read no values. `planSpmvLaunches` sets it from the
 * matrix (`weight` absent); the options a user gives have no say in it.
 */
export interface SpmvPlanInput extends SpmvKernelOptions {
  readonly pattern?: boolean;
  /**
   * The device's most invocations a workgroup (WebGPU's `maxComputeInvocationsPerWorkgroup`, CUDA's 1,024 threads a
   * block; absent: 256, which every WebGPU device allows). fold on power-law rows takes {@link SPMV_DEFAULTS}.foldThreads
   * where the device allows it.
   */
  readonly maxInvocations?: number;
}

/** What the device offers the vector kernel's subgroup reduction. */
export interface SubgroupSupport {
  /** The device has the `subgroups` feature (WGSL) — always true of CUDA warps. */
  readonly available: boolean;
  /** Smallest subgroup the device may run (lavapipe 8, NVIDIA 32); lanes must not exceed it. */
  readonly minSize: number;
}

/** Row statistics the automatic format choice reads (graph-io's `degreeStats` and `ellPaddingRatio`). */
export interface RowStats {
  readonly n: number;
  readonly arcs: number;
  readonly mean: number;
  readonly max: number;
  /** ELL slots over nonzeros: n · longest row / nnz. */
  readonly paddingRatio: number;
}

export interface SpmvPlan {
  readonly format: SpmvFormat;
  readonly semiring: string;
  readonly type: ElementType;
  /** The product's kernel (fold: the one over the pieces; it stores y, with the accumulate and the mask). */
  readonly spec: SpmvKernelSpec;
  /** sell, fold: how rows are stored; `foldWidth` for fold. */
  readonly slicing?: { readonly sigma: number; readonly foldWidth?: number };
  /**
   * fold, when some row is longer than the fold width: the kernel adding its extra pieces to y;
   * csr-merge: the kernel adding the tiles' carries (rows that cross tiles) to y; csr-stream: the same kernel,
   * adding the carries of the later pieces of rows longer than a row block (run only when some row is).
   */
  readonly combine?: SpmvKernelSpec;
  /**
   * The columns are renumbered by descending degree (see `orderColumnsByDegree`) and each product gathers x
   * into their order first. Planned from the options and row statistics; the runners drop it for a matrix
   * whose columns already are in that order.
   */
  readonly reorder: boolean;
  /** `reorder: 'hot'`: only this many hottest columns are renumbered, to the front (see `hotColumnsFirst`). */
  readonly hotColumns?: number;
}

export const SPMV_DEFAULTS = {
  semiring: 'plus-times',
  threads: 256,
  /**
   * fold's invocations a workgroup on power-law rows where the device allows them (else `threads`): its windows
   * (σ) are a workgroup's rows, and 1,024-row windows pad the pieces less (R-MAT scale 22, pieces of 128: 1.06 slots a
   * nonzero against 1.20 at 256). H100, R-MAT scale 22, same commands: 1.1905 against 1.1996 ms, relabelled by degree
   * 1.1317 against 1.1381, with one combine lane 1.1789 against 1.1888, without localFold 1.1775 against 1.1890
   * (`benchmarks/results/spmv-h100-20261206.json`). Not on even rows: Erdős–Rényi 2^21 ran 0.3244 ms at 1,024 against
   * 0.3139 at 256. CUDA likewise, with localFold (`CUDA_SPMV_TARGET.maxInvocations`): 1.1195 → 1.1021 ms as generated,
   * 1.0835 → 1.0529 relabelled (`localFoldUnroll`).
   */
  foldThreads: 1024,
  /** ELL when it stores at most this many slots per nonzero. */
  ellMaxPadding: 1.5,
  /**
   * Rows holding at least this many nonzeros on average take csr-stream up to `streamMaxArcs` nonzeros, fold
   * beyond (when ELL would pad); shorter rows take ELL or csr-scalar.
   */
  foldMinMean: 8,
  /**
   * The automatic choice takes csr-stream for rows of `foldMinMean` or more up to this many nonzeros: one launch
   * whose row blocks even out the work (H100, 2.6·10^5 nonzeros: 4.4–7.6× cuSPARSE against fold's and ELL's
   * 1.3–3.8×; 1.7·10^7: R-MAT 1.01–1.08× against fold's 0.99–1.02×, Erdős–Rényi 1.01× against 0.93×, band 0.97×
   * against ELL's 0.88×), but not on the 1.3·10^8-nonzero R-MAT, where fold's pieces ran 0.95× and csr-stream
   * 0.69–0.79×. At 2^25 nonzeros (Erdős–Rényi 2^21, mean 16) csr-stream and fold tied on the H100 (0.97× and
   * 0.96× cuSPARSE) and fold won on the H200 (0.95× against 0.87×, one command,
   * `benchmarks/results/spmv-h200-20261128.json`), so the rule stops at 2^24, just past the medium matrices
   * (R-MAT 19: 16,767,653; Erdős–Rényi 2^20: 2^24).
   */
  streamMaxArcs: 2 ** 24,
  /**
   * Power-law rows (longest over `skewedFrom` × the mean) take fold below `streamMaxArcs` too from this many rows on
   * (256 windows of `foldThreads` rows, two an H100 SM): once fold kept a row's pieces in its window (one launch,
   * `localFold`) it passed csr-stream on R-MAT 19 (2^19 rows, 1.7·10^7 nonzeros; H100, 5 rounds in turn with
   * cuSPARSE, `benchmarks/results/spmv-h100-20261206.json`): WebGPU 0.1403 against 0.1516 ms (1.04× and 0.96×
   * cuSPARSE), relabelled by degree 0.1197 against 0.1474; CUDA 0.1370 against 0.1524. Small matrices keep
   * csr-stream (R-MAT 13, 2^13 rows: 8 windows of 1,024 would leave most SMs idle). 2^18 itself is a choice
   * between those two sizes, not measured.
   */
  skewedFoldMinRows: 2 ** 18,
  /**
   * fold's pieces hold this many times the mean row, and `skewedFoldWidthPerMean` times on power-law rows (longest
   * over `skewedFrom` × the mean), whose slots a loop step are then `skewedUnroll` (H100, R-MAT scale 22, mean 32,
   * with the clocks kept up: pieces of 64 ran at 197 GFLOP/s, 128 at 211, 256 at 209, 128 with 8 slots a step at
   * 216; Erdős–Rényi, mean 16, longest about 2.5× the mean, keeps twice the mean: 215).
   */
  foldWidthPerMean: 2,
  skewedFoldWidthPerMean: 4,
  skewedUnroll: 8,
  skewedFrom: 16,
  maxLanes: 32,
  /**
   * fold with `localFold`: the longest row's pieces may fill at most this share of a window, so that a window
   * closing before a row that does not fit leaves few of its stored rows empty.
   */
  localFoldMaxPieces: 1 / 4,
  /**
   * fold with `localFold` on power-law rows: slots a loop step, by target (H100, R-MAT scale 22, 1,024 a workgroup, one
   * command each): WebGPU 4 slots 1.1586 ms = 1.00× cuSPARSE's 1.1579, 8 slots 1.1747, 2 slots 1.1731 (relabelled by
   * degree 1.0944 against 1.1019 and 1.1036); CUDA 8 slots 1.1021 against 4 slots 1.1115 (relabelled 1.0529 against
   * 1.0545; R-MAT 19 0.1370 against 0.1401, relabelled 0.1104 against 0.1171).
   */
  localFoldUnroll: { wgsl: 4, cuda: 8 },
  /** fold's second step: extra pieces one lane adds up before a folded row gets more lanes ({@link combineLanes}). */
  combineExtrasPerLane: 16,
  /** sell, fold: rows per slice (a warp). */
  sliceHeight: 32,
  /**
   * sell: σ on uneven rows (R-MAT scale 21: padding 2.54 unsorted, 1.35 at σ = 256, 1.05 at 4096). fold sorts within a
   * workgroup's rows instead, so that each workgroup stores y a window at a time (`windowed`): its pieces pad less than
   * whole rows (R-MAT scale 22, pieces of 128: padding 1.20 at σ = 256 against 1.015 at 4096, `slicedEllShape`), and y's
   * scattered stores cost more (H100, R-MAT scale 22, one call each: CUDA 1.1487 → 1.1302 ms windowed; WebGPU 1.1991 →
   * 1.1888 ms windowed with one combine lane a folded row).
   */
  sigma: 4096,
  /**
   * The automatic choice renumbers columns by degree from this many rows on (x of 512 KiB, twice an H100 SM's
   * L1): below it x stays in the caches whatever its order, and the gather would only add a pass.
   */
  reorderMinRows: 2 ** 17,
  /** `reorder: 'hot'`: 32768 f32 entries of x, 128 KiB, within an H100 SM's L1 (up to 256 KiB with workgroup memory). */
  hotColumns: 2 ** 15,
} as const;

/**
 * The format for a matrix when none is given, from the H100 runs of `benchmarks/spmv` (plus-times;
 * `benchmarks/results/spmv-h100-20261122.json` at 1.3·10^8 nonzeros, `spmv-h100-20261123.json` and
 * `probes/spmv-small-medium-h100-20261123.json` below):
 * - csr-stream for rows of 8 or more nonzeros on average, up to `streamMaxArcs` nonzeros (see there), unless the rows
 *   are power-law and many (`skewedFoldMinRows`);
 * - ELL when its padding is small (≤ 1.5 slots per nonzero: stencils, bands, meshes): coalesced slot-major
 *   reads, no row offsets (2-D grid 419 GFLOP/s, 3-D stencil 457, band 490; 74–75% of the copy bandwidth);
 * - otherwise fold when rows are long on average (mean ≥ 8): its pieces of twice the mean (four times on
 *   power-law rows) bound each invocation's loop, which is what power-law and random rows need (R-MAT 216 against
 *   csr-vector's 174–180, Erdős–Rényi 215);
 * - otherwise csr-scalar (short uneven rows: the road-like grid, 230–366 against 177–186 for ELL, sell and fold).
 * An empty matrix takes csr-scalar. With `reorder: 'auto'`, power-law rows also get their columns renumbered by
 * degree ({@link chooseReorder}).
 *
 * @example
 * chooseFormat({ n: 100, arcs: 400, mean: 4, max: 4, paddingRatio: 1 }); // 'ell'
 * chooseFormat({ n: 2 ** 16, arcs: 2 ** 20, mean: 16, max: 400, paddingRatio: 25 }); // 'csr-stream'
 * chooseFormat({ n: 2 ** 19, arcs: 2 ** 24, mean: 32, max: 20000, paddingRatio: 20 }); // 'fold' (power-law, many rows)
 */
export function chooseFormat(stats: RowStats): SpmvFormat {
  if (stats.arcs === 0) return 'csr-scalar';
  const wideSkewed = isSkewed(stats) && stats.n >= SPMV_DEFAULTS.skewedFoldMinRows;
  if (stats.mean >= SPMV_DEFAULTS.foldMinMean && stats.arcs <= SPMV_DEFAULTS.streamMaxArcs && !wideSkewed) return 'csr-stream';
  if (stats.paddingRatio <= SPMV_DEFAULTS.ellMaxPadding) return 'ell';
  return stats.mean >= SPMV_DEFAULTS.foldMinMean ? 'fold' : 'csr-scalar';
}

/**
 * Whether `reorder: 'auto'` renumbers the columns by degree: on the power-law path (fold, with the longest row over
 * `skewedFrom` × the mean) from `reorderMinRows` rows on. There x is gathered at random, 4 bytes a 32-byte sector,
 * and a graph relabelled by degree puts the hubs' entries on shared lines (H100, R-MAT scale 22, WebGPU: fold
 * 212 GFLOP/s as generated, 229 relabelled). Renumbering the columns alone did not get that gain (see
 * {@link SpmvKernelOptions.reorder}), so this is opt-in. Even and short rows read x in their own order.
 *
 * @example
 * chooseReorder({ n: 2 ** 22, arcs: 2 ** 27, mean: 32, max: 30000, paddingRatio: 900 }); // true (2^27 > streamMaxArcs)
 */
export function chooseReorder(stats: RowStats): boolean {
  return chooseFormat(stats) === 'fold' && stats.max > SPMV_DEFAULTS.skewedFrom * stats.mean && stats.n >= SPMV_DEFAULTS.reorderMinRows;
}

/**
 * Lanes per row for csr-vector: the power of two nearest above the mean row length, between 2 and 32
 * (and never above `cap`, e.g. the device's minimum subgroup size), so that few lanes idle on a typical row.
 *
 * @example
 * defaultLanes(5); // 8
 */
export function defaultLanes(mean: number, cap: number = SPMV_DEFAULTS.maxLanes): number {
  let lanes = 2;
  while (lanes < mean && lanes < SPMV_DEFAULTS.maxLanes) lanes *= 2;
  return Math.max(1, Math.min(lanes, cap));
}

/**
 * Lanes per folded row in fold's second step: the power of two that leaves each lane at most
 * {@link SPMV_DEFAULTS}.combineExtrasPerLane of the longest row's extra pieces (1 up to that many), never above
 * `cap`. Most folded rows have one or two extra pieces (R-MAT scale 22, pieces of 128: 99,680 of 110,386 rows one,
 * the longest 13), so lanes sized for the longest row left most of them idle.
 *
 * @example
 * combineLanes(13); // 1
 * combineLanes(100); // 8
 */
export function combineLanes(extraPieces: number, cap: number = SPMV_DEFAULTS.maxLanes): number {
  let lanes = 1;
  while (lanes * SPMV_DEFAULTS.combineExtrasPerLane < extraPieces && lanes < cap) lanes *= 2;
  return lanes;
}

/** The semiring and element type of a product: type f32 where the semiring has it, else its first type. */
export function spmvElement(options: Pick<SpmvKernelOptions, 'semiring' | 'type'>): { semiring: string; type: ElementType } {
  const semiring = options.semiring ?? SPMV_DEFAULTS.semiring;
  const s = getSemiring(semiring);
  // Checked here, not left to codegen: the matrix and vectors are converted to the type before any kernel is made.
  if (options.type !== undefined && !ELEMENT_TYPES.includes(options.type)) {
    throw new RangeError(`spmv: type = ${String(options.type)} (expected one of ${ELEMENT_TYPES.join(', ')})`);
  }
  return { semiring, type: options.type ?? (s.types.includes('f32') ? 'f32' : s.types[0]) };
}

/**
 * Chooses the kernel spec for a matrix's row statistics and the device's subgroups; invalid combinations
 * fail in codegen's validator (a `SpecError` naming the field).
 */
export function planSpmv(options: SpmvPlanInput, stats: RowStats, subgroups: SubgroupSupport): SpmvPlan {
  const chosen = options.format === undefined || options.format === 'auto';
  // An unknown name would otherwise run as csr-scalar (planKernels' last case) or fail deep in the layout.
  if (!chosen && !SPMV_FORMATS.includes(options.format as SpmvFormat)) {
    throw new RangeError(`spmv: format = ${String(options.format)} (expected 'auto' or one of ${SPMV_FORMATS.map((f) => `'${f}'`).join(', ')})`);
  }
  const asked = options.reorder ?? 'none';
  if (asked !== 'auto' && asked !== 'degree' && asked !== 'hot' && asked !== 'none') {
    throw new RangeError(`spmv: reorder = ${String(asked)} (expected 'auto', 'degree', 'hot' or 'none')`);
  }
  if (options.hotColumns !== undefined && asked !== 'hot') throw new RangeError(`spmv: hotColumns = ${options.hotColumns} is for reorder 'hot', not '${asked}'`);
  const hotColumns = options.hotColumns ?? SPMV_DEFAULTS.hotColumns;
  if (!(Number.isInteger(hotColumns) && hotColumns >= 1)) throw new RangeError(`spmv: hotColumns = ${hotColumns} is not a positive integer (the columns whose x entries each product puts first)`);
  const reorder = asked === 'degree' || asked === 'hot' || (asked === 'auto' && chosen && chooseReorder(stats));
  return { ...planKernels(options, stats, subgroups), reorder, ...(asked === 'hot' ? { hotColumns } : {}) };
}

/** {@link planSpmv}'s kernels: the format and its specs. */
function planKernels(options: SpmvPlanInput, stats: RowStats, subgroups: SubgroupSupport): Omit<SpmvPlan, 'reorder'> {
  const { semiring, type } = spmvElement(options);
  const target = options.target ?? 'wgsl';
  const format = options.format === undefined || options.format === 'auto' ? chooseFormat(stats) : options.format;
  const wide = format === 'fold' && isSkewed(stats) && (options.maxInvocations ?? SPMV_DEFAULTS.threads) >= SPMV_DEFAULTS.foldThreads;
  const threads = options.threadsPerWorkgroup ?? (wide ? SPMV_DEFAULTS.foldThreads : SPMV_DEFAULTS.threads);
  // Read-only cache loads: on by default on CUDA; asked of WGSL, refused by codegen's rules.
  const ldg = (target === 'cuda' ? (options.ldg ?? true) : options.ldg) ? { ldg: true } : {};
  // A pattern's second steps (fold's combine, merge's fixup) read no values: codegen drops the flag from their specs.
  const pattern = options.pattern === true ? { pattern: true } : {};
  const stream = (options.streamLoads ?? (target === 'cuda' && format === 'fold')) ? { streamLoads: true } : {};
  const common = { semiring, type, target, accumulate: options.accumulate ?? false, masked: options.masked ?? false, ...ldg, ...stream, ...pattern };
  checkFormatKnobs(options, format, format !== options.format);
  const unroll = options.unroll === undefined || options.unroll === 1 ? {} : { unroll: options.unroll };
  const perInvocation = options.rowsPerInvocation ?? 1;
  if (format === 'csr-merge') {
    // The scan over invocations' open rows: subgroup shuffles where the device has them, as csr-vector.
    const reduction = options.reduction ?? (target === 'cuda' || subgroups.available ? 'subgroup' : 'workgroup');
    if (reduction === 'subgroup' && target === 'wgsl') checkSubgroupLanes(1, subgroups);
    const itemsPerThread = options.itemsPerThread ?? DEFAULT_MERGE_ITEMS;
    const spec: SpmvKernelSpec = { ...common, op: 'spmv_csr_merge', rowsPerWorkgroup: threads, lanesPerRow: 1, reduction, itemsPerThread };
    const combine: SpmvKernelSpec = { ...common, op: 'spmv_merge_fixup', accumulate: true, rowsPerWorkgroup: threads, lanesPerRow: 1 };
    return { format, semiring, type, spec, combine };
  }
  if (format === 'csr-stream') {
    // Row blocks (CSR-Adaptive); the pieces of rows longer than a block add their carries as merge's tiles do.
    const itemsPerThread = options.itemsPerThread ?? DEFAULT_STREAM_ITEMS;
    const spec: SpmvKernelSpec = { ...common, op: 'spmv_csr_stream', rowsPerWorkgroup: threads, lanesPerRow: 1, itemsPerThread };
    const combine: SpmvKernelSpec = { ...common, op: 'spmv_merge_fixup', accumulate: true, rowsPerWorkgroup: threads, lanesPerRow: 1 };
    return { format, semiring, type, spec, combine };
  }
  if (format === 'sell' || format === 'fold') {
    const quad = perInvocation === 1 ? {} : { rowsPerInvocation: perInvocation };
    return planSliced(format, options, stats, subgroups, { ...common, rowsPerWorkgroup: threads, lanesPerRow: 1 }, { ...unroll, ...quad });
  }
  if (format === 'ell') {
    const slots = options.unroll === undefined ? ellUnroll(stats.max) : options.unroll;
    // unroll: 0 (or any other bad value) goes to codegen's validator rather than meaning one slot a step.
    return { format, semiring, type, spec: { ...common, op: 'spmv_ell', rowsPerWorkgroup: threads, lanesPerRow: 1, ...(slots !== undefined && slots !== 1 ? { unroll: slots } : {}) } };
  }
  if (format !== 'csr-vector') return { format, semiring, type, spec: { ...common, op: 'spmv_csr_scalar', rowsPerWorkgroup: threads, lanesPerRow: 1 } };
  const subgroupOk = target === 'cuda' || subgroups.available;
  const reduction = options.reduction ?? (subgroupOk ? 'subgroup' : 'workgroup');
  const cap = reduction === 'subgroup' ? (target === 'cuda' ? 32 : subgroups.minSize) : SPMV_DEFAULTS.maxLanes;
  const lanes = options.lanesPerRow ?? defaultLanes(stats.mean, cap);
  if (reduction === 'subgroup' && target === 'wgsl') checkSubgroupLanes(lanes, subgroups);
  const spec: SpmvKernelSpec = { ...common, op: 'spmv_csr_vector', rowsPerWorkgroup: Math.max(1, Math.floor(threads / lanes)), lanesPerRow: lanes, reduction };
  return { format, semiring, type, spec };
}

/**
 * ELL's slots a loop step when the caller does not choose: of 4 and 2, the one that leaves the fewest of the
 * longest row's slots to single steps (4 on a tie); undefined (one a step) below 2 slots. A step's index and
 * value loads are in flight together, where one slot a step waits for each index before the next. H200,
 * 1.3·10^8 nonzeros, share of the copy kernel's bandwidth at 1 / 2 / 4 slots a step
 * (`benchmarks/results/probes/spmv-ell-unroll-h200-20261128.json`): 2-D grid (5 slots) 58.4 / 84.2 / 91.1%,
 * 3-D 7-point stencil (7 slots) 58.9 / 84.0 / 78.9%.
 *
 * @example
 * ellUnroll(5); // 4: one step of 4, then 1
 * ellUnroll(7); // 2: three steps of 2, then 1 (4 would leave 3)
 */
export function ellUnroll(width: number): number | undefined {
  const fits = [4, 2].filter((u) => u <= width);
  if (fits.length === 0) return undefined;
  return fits.reduce((best, u) => (width % u < width % best ? u : best));
}

/**
 * sell and fold: one invocation per stored row, in slices of `sliceHeight`; σ-sorted rows carry their row
 * ids. fold folds rows longer than `foldWidth` when the longest row is, and then adds their extra pieces
 * with `spmv_fold_combine`, whose lanes (`lanesPerRow`, `reduction`) follow the longest row's extra pieces
 * ({@link combineLanes}).
 */
function planSliced(
  format: 'sell' | 'fold',
  options: SpmvKernelOptions,
  stats: RowStats,
  subgroups: SubgroupSupport,
  common: Omit<SpmvKernelSpec, 'op'>,
  /** The product kernel's own knobs (the combine step takes none of them). */
  own: Pick<SpmvKernelSpec, 'unroll' | 'rowsPerInvocation'>,
): Omit<SpmvPlan, 'reorder'> {
  const { semiring, type, target } = common;
  const sliceHeight = options.sliceHeight ?? SPMV_DEFAULTS.sliceHeight;
  // rowsPerWorkgroup counts stored rows: 4 an invocation make a workgroup of 4 × its invocations.
  const rowsPerWorkgroup = common.rowsPerWorkgroup * (own.rowsPerInvocation ?? 1);
  // The σ window a workgroup can stage and store in row order (`windowed`): its rows, one an invocation, whole slices.
  const windowRows = own.rowsPerInvocation === undefined && rowsPerWorkgroup % sliceHeight === 0 ? rowsPerWorkgroup : undefined;
  const unevenSigma = format === 'fold' ? (windowRows ?? SPMV_DEFAULTS.sigma) : SPMV_DEFAULTS.sigma;
  const sigma = options.sigma ?? (stats.paddingRatio <= SPMV_DEFAULTS.ellMaxPadding ? 1 : unevenSigma);
  const skewed = format === 'fold' && isSkewed(stats);
  const perMean = skewed ? SPMV_DEFAULTS.skewedFoldWidthPerMean : SPMV_DEFAULTS.foldWidthPerMean;
  const foldWidth = format === 'fold' ? (options.foldWidth ?? Math.max(1, Math.ceil(perMean * stats.mean))) : undefined;
  if (foldWidth !== undefined && !(Number.isInteger(foldWidth) && foldWidth >= 1)) {
    throw new RangeError(`spmv: foldWidth = ${foldWidth} is not a positive integer (the most entries of one piece of a folded row)`);
  }
  const folded = foldWidth !== undefined && stats.max > foldWidth;
  const local = folded && localFoldFits(options, common, stats, foldWidth!, sigma, windowRows);
  // Unrolled slots only where a piece holds enough of them (and unless the caller chose). localFold's slot steps
  // gather and add a step at a time (the second-launch fold's gathers a step ahead ran 11% slower at 1,024 a
  // workgroup with 4 slots), and take fewer slots a step.
  const unroll = local ? SPMV_DEFAULTS.localFoldUnroll[target] : SPMV_DEFAULTS.skewedUnroll;
  const slots = skewed && options.unroll === undefined && own.rowsPerInvocation === undefined && foldWidth! >= unroll ? { unroll } : {};
  const slicing = { sigma, ...(foldWidth === undefined ? {} : { foldWidth }) };
  if (local) {
    const spec: SpmvKernelSpec = { ...common, op: 'spmv_sell', rowsPerWorkgroup, sliceHeight, permuted: false, folded: false, localFold: true, ...own, ...slots };
    return { format, semiring, type, spec, slicing };
  }
  const windowed = sigma > 1 && sigma === windowRows ? { windowed: true } : {};
  const spec: SpmvKernelSpec = { ...common, op: 'spmv_sell', rowsPerWorkgroup, sliceHeight, permuted: sigma > 1, folded, ...windowed, ...own, ...slots };
  if (!folded) return { format, semiring, type, spec, slicing };
  const reduction = options.reduction ?? (target === 'cuda' || subgroups.available ? 'subgroup' : 'workgroup');
  const cap = reduction === 'subgroup' ? (target === 'cuda' ? 32 : subgroups.minSize) : SPMV_DEFAULTS.maxLanes;
  const lanes = options.lanesPerRow ?? combineLanes(Math.ceil(stats.max / foldWidth) - 1, cap);
  if (reduction === 'subgroup' && target === 'wgsl') checkSubgroupLanes(lanes, subgroups);
  const threads = common.rowsPerWorkgroup;
  const combine: SpmvKernelSpec = {
    ...common,
    op: 'spmv_fold_combine',
    accumulate: true,
    rowsPerWorkgroup: Math.max(1, Math.floor(threads / lanes)),
    lanesPerRow: lanes,
    reduction,
  };
  return { format, semiring, type, spec, slicing, combine };
}

/** Power-law rows: the longest over {@link SPMV_DEFAULTS}.skewedFrom × the mean. */
function isSkewed(stats: RowStats): boolean {
  return stats.max > SPMV_DEFAULTS.skewedFrom * stats.mean;
}

/**
 * Whether fold keeps folded rows' pieces in their windows ({@link SpmvKernelOptions.localFold}): by default where it
 * fits; asked for where it does not, refused with the reason.
 */
function localFoldFits(options: SpmvKernelOptions, common: Omit<SpmvKernelSpec, 'op'>, stats: RowStats, foldWidth: number, sigma: number, windowRows: number | undefined): boolean {
  if (options.localFold === false) return false;
  // By default only where it was measured faster: power-law rows, windows of foldThreads rows.
  if (options.localFold === undefined && (!isSkewed(stats) || (windowRows ?? 0) < SPMV_DEFAULTS.foldThreads)) return false;
  const pieces = Math.ceil(stats.max / foldWidth);
  const most = windowRows === undefined ? 0 : Math.floor(windowRows * SPMV_DEFAULTS.localFoldMaxPieces);
  const why =
    windowRows === undefined
      ? 'one row an invocation and a whole number of slices a workgroup (leave rowsPerInvocation out)'
      : sigma !== windowRows
        ? `σ = the workgroup's ${windowRows} rows (σ is ${sigma})`
        : common.masked
          ? 'no mask (it computes every piece of a window)'
          : pieces > most
            ? `the longest row (${stats.max} entries, ${pieces} pieces of ${foldWidth}) in at most ${most} of a window's ${windowRows} stored rows`
            : undefined;
  if (why !== undefined && options.localFold === true) throw new RangeError(`spmv: localFold needs ${why}`);
  return why === undefined;
}

/**
 * The options only some formats read, with those formats and what the option does: given for another format it
 * would be ignored, so the plan refuses it.
 */
const FORMAT_KNOBS: Readonly<Partial<Record<keyof SpmvKernelOptions, { formats: readonly SpmvFormat[]; does: string }>>> = {
  lanesPerRow: { formats: ['csr-vector', 'fold'], does: 'sets the invocations of a row' },
  reduction: { formats: ['csr-vector', 'csr-merge', 'fold'], does: 'sets how invocations combine their sums' },
  itemsPerThread: { formats: ['csr-merge', 'csr-stream'], does: 'sets the items an invocation takes' },
  sliceHeight: { formats: ['sell', 'fold'], does: 'sets the rows of a slice' },
  sigma: { formats: ['sell', 'fold'], does: 'sorts rows within windows' },
  foldWidth: { formats: ['fold'], does: 'sets the length of a folded row\'s pieces' },
  localFold: { formats: ['fold'], does: 'keeps a folded row\'s pieces in its window' },
  unroll: { formats: ['ell', 'sell', 'fold'], does: 'steps through ELL slots' },
  rowsPerInvocation: { formats: ['sell', 'fold'], does: 'is for the sliced formats' },
};

/** Refuses an option the format does not read (`chosen`: the format is the automatic choice, said so). */
function checkFormatKnobs(options: SpmvKernelOptions, format: SpmvFormat, chosen: boolean): void {
  for (const [name, knob] of Object.entries(FORMAT_KNOBS) as [keyof SpmvKernelOptions, { formats: readonly SpmvFormat[]; does: string }][]) {
    const value = options[name];
    if (value === undefined || knob.formats.includes(format)) continue;
    const which = chosen ? `the automatic choice, format '${format}',` : `format '${format}'`;
    throw new RangeError(`spmv: ${name} = ${JSON.stringify(value)} ${knob.does}, which ${which} does not read (use ${knob.formats.join(', ')})`);
  }
}

/** The subgroup reduction needs the device feature and all of a row's lanes in one subgroup. */
function checkSubgroupLanes(lanes: number, subgroups: SubgroupSupport): void {
  if (!subgroups.available) {
    throw new Error(`spmv: reduction 'subgroup' needs the device feature 'subgroups', which this device lacks; use reduction 'workgroup'`);
  }
  if (lanes > subgroups.minSize) {
    throw new Error(
      `spmv: lanesPerRow ${lanes} exceeds this device's minimum subgroup size ${subgroups.minSize}, so a row's lanes may span subgroups; ` +
        `use lanesPerRow ≤ ${subgroups.minSize} or reduction 'workgroup'`,
    );
  }
}
