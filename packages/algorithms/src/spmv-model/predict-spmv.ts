import type { SpmvFormat } from '../spmv/spmv.plan.js';
import type { LayoutTraffic } from './layout-traffic.js';
import type { MatrixFactors } from './matrix-factors.js';
import { H100_NOMINAL, SMALL_MATRIX_ROWS } from './platform.js';

/** The formats the SpMV kernels have, in the order the model reports them. */
export const SPMV_MODEL_FORMATS: readonly SpmvFormat[] = ['csr-scalar', 'csr-vector', 'ell', 'sell', 'fold', 'csr-merge'];

export interface SpmvModelOptions {
  /** Memory bandwidth W, GB/s (10^9 B/s): the paper's device bandwidth; best the one measured in the same run. */
  readonly bandwidthGBps: number;
  readonly format: SpmvFormat;
  /** F, bytes per matrix value and per element of x (default: the factors' valueBytes, which S was measured for). */
  readonly valueBytes?: number;
  /** I, bytes per column index (default 4: the kernels' u32). */
  readonly indexBytes?: number;
  /**
   * The matrix stores no values (`weight: null`): the kernels read only its column indices (the `pattern`
   * kernels `spmv()` plans for such a matrix), so eq. (1)'s F/2 per flop for the matrix values drops out.
   */
  readonly pattern?: boolean;
  /** hit_x to use instead of the factors' simulated one, e.g. measured with a profiler. */
  readonly hitX?: number;
  /**
   * Rate at which the SMs gather 32-B sectors of x from L2, GB/s, measured in the same run (e.g. random
   * gathers from an L2-resident vector). When given, the prediction adds the L2 → L1 traffic of x's L1 misses
   * and the CSR row offsets (the hierarchy-aware model; paper 002 names the L2 hit rate as its future work);
   * absent, it is paper 002's eq. (1)–(3) alone.
   */
  readonly l2BandwidthGBps?: number;
  /**
   * The format's slots and other bytes per product, from `layoutTraffic(csr, plan)` for the plan that runs
   * (e.g. a fold width or slice height of its own). Default: the factors' `layouts` (the default plans) for
   * sell, fold and csr-merge; for CSR and ELL, what the factors' n, nnz and longest row give.
   */
  readonly layout?: LayoutTraffic;
}

export interface SpmvPrediction {
  readonly format: SpmvFormat;
  /** BPF, bytes moved per useful flop (two flops per nonzero), eq. (1). */
  readonly bytesPerFlop: number;
  /** Predicted rate in useful GFLOP/s (2 · nnz per product), eq. (2), or eq. (3) for ELL. */
  readonly gflops: number;
  /** With `l2BandwidthGBps`: bytes per flop gathered from L2 into L1 (x's L1 misses × 32 B / 2). */
  readonly l2BytesPerFlop?: number;
  /** 'paper-002': eq. (1)–(3); 'hierarchy': with the L2 → L1 term and row offsets. */
  readonly model: 'paper-002' | 'hierarchy';
  readonly hitX: number;
  /** Fewer rows than {@link SMALL_MATRIX_ROWS}: the paper finds the model too optimistic there. */
  readonly smallMatrix: boolean;
}

/**
 * Paper 002's model of a cache-based SpMV (§3.1):
 * BPF = F/2 + I/2 + (1 − hit_x) · L / S   [B/FLOP]   (1)
 * GFLOPS = W / BPF                                    (2), and for a zero-padded format
 * GFLOPS = Nnz / Nnz_padded · W / BPF                 (3).
 * F/2 and I/2 are one matrix value and one column index streamed per nonzero, i.e. per 2 flops; the last term is x's
 * lines fetched on a miss, of which S elements are useful. The paper's eq. (7) writes 6 for F/2 + I/2 with
 * I = F = 4 (which gives 4); we follow eq. (1). The padded formats take eq. (3) with Nnz_padded their slots (see
 * {@link LayoutTraffic}): ELL n · longest row, sell and fold their slices' padded slots (fold's of its pieces).
 * The paper's model has no term for row offsets or load balance, so csr-scalar, csr-vector and csr-merge get the
 * same prediction; the paper leaves the difference between them to load balancing (its Fold method), outside the
 * model. The hierarchy model adds each layout's other bytes per product: row offsets, slice offsets, row ids,
 * fold's partial results and merge's carries.
 *
 * @example
 * // hit_x = 0, S = 1, L = 16 B: BPF = 2 + 2 + 16 = 20 B/flop, so 100 GB/s gives 5 GFLOP/s.
 * predictSpmv(factors, { bandwidthGBps: 100, format: 'csr-vector' }); // { bytesPerFlop: 20, gflops: 5, hitX: 0, … }
 */
export function predictSpmv(factors: MatrixFactors, options: SpmvModelOptions): SpmvPrediction {
  const F = options.valueBytes ?? factors.valueBytes;
  const I = options.indexBytes ?? 4;
  const hitX = options.hitX ?? factors.hitX;
  const W = options.bandwidthGBps;
  if (F !== factors.valueBytes) {
    throw new RangeError(`spmv model: S and hit_x were measured for ${factors.valueBytes}-byte elements of x; measure the factors with valueBytes ${F}`);
  }
  if (!(W > 0) || !Number.isFinite(W)) throw new RangeError(`spmv model: bandwidthGBps ${W} must be a positive number`);
  if (!(I > 0)) throw new RangeError(`spmv model: indexBytes ${I} must be positive`);
  if (!(hitX >= 0 && hitX <= 1)) throw new RangeError(`spmv model: hitX ${hitX} must lie in 0 … 1`);
  const layout = layoutOf(factors, options);
  const useful = factors.arcs === 0 || layout.slots === 0 ? 0 : layout.nnz / layout.slots;
  const smallMatrix = factors.n < SMALL_MATRIX_ROWS;
  const paperBpf = (options.pattern ? 0 : F / 2) + I / 2 + ((1 - hitX) * factors.lineBytes) / factors.spatialLocality;
  const L2 = options.l2BandwidthGBps;
  if (L2 === undefined) return { format: options.format, bytesPerFlop: paperBpf, gflops: (useful * W) / paperBpf, hitX, smallMatrix, model: 'paper-002' };
  if (!(L2 > 0) || !Number.isFinite(L2)) throw new RangeError(`spmv model: l2BandwidthGBps ${L2} must be a positive number`);
  // The layout's other bytes per useful flop, e.g. CSR's n + 1 row offsets: 4 (n + 1) / (2 nnz).
  const extra = factors.arcs === 0 ? 0 : layout.extraBytes / (2 * factors.arcs);
  const bytesPerFlop = paperBpf + extra;
  const l2BytesPerFlop = ((1 - factors.hitL1) * H100_NOMINAL.sectorBytes) / 2;
  // DRAM and L2 traffic are added as times, not overlapped: a gather that misses L1 stalls its warp either way.
  const nsPerFlop = bytesPerFlop / W + l2BytesPerFlop / L2;
  return { format: options.format, bytesPerFlop, l2BytesPerFlop, gflops: useful / nsPerFlop, hitX, smallMatrix, model: 'hierarchy' };
}

/**
 * {@link predictSpmv} for every format of the kernels.
 *
 * @example
 * const best = predictFormats(f, { bandwidthGBps: 3350 }).reduce((a, b) => (b.gflops > a.gflops ? b : a));
 */
export function predictFormats(factors: MatrixFactors, options: Omit<SpmvModelOptions, 'format'>): SpmvPrediction[] {
  return SPMV_MODEL_FORMATS.map((format) => predictSpmv(factors, { ...options, format }));
}

/** The layout a prediction uses: given, the factors' own, or for CSR and ELL what the row factors give. */
function layoutOf(factors: MatrixFactors, options: SpmvModelOptions): LayoutTraffic {
  const { format, layout } = options;
  if (layout !== undefined) {
    if (layout.format !== format || layout.nnz !== factors.arcs) {
      throw new RangeError(`spmv model: the layout given is a '${layout.format}' of ${layout.nnz} nonzeros, not a '${format}' of these factors' ${factors.arcs}`);
    }
    return layout;
  }
  const { n, arcs } = factors;
  if (format === 'csr-scalar' || format === 'csr-vector') return { format, nnz: arcs, slots: arcs, extraBytes: 4 * (n + 1) };
  if (format === 'ell') return { format, nnz: arcs, slots: arcs * factors.paddingRatio, extraBytes: 0 };
  // csr-stream's row blocks depend on its plan's budget: the factors carry no default layout of it.
  const own = format === 'csr-stream' ? undefined : factors.layouts?.[format];
  if (own === undefined) throw new RangeError(`spmv model: predicting '${format}' needs its layout: pass layout: layoutTraffic(csr, plan), or factors from matrixFactors`);
  return own;
}
