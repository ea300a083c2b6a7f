import { degreeStats, ellPaddingRatio, type Csr } from '@semiforge/graph-io';
import { checkSquareCsr } from '../spmv/spmv.input.js';
import { planSpmv, type RowStats } from '../spmv/spmv.plan.js';
import { layoutTraffic, type LayoutTraffic } from './layout-traffic.js';
import { H100_NOMINAL } from './platform.js';
import { xLocality } from './x-locality.js';

export interface MatrixFactorOptions {
  /** Cache line L in bytes (default 128, the H100's line; see {@link H100_NOMINAL}). */
  readonly lineBytes?: number;
  /** Bytes of one element of x, F (default 4: f32, i32, u32). */
  readonly valueBytes?: number;
  /** Cache in which x's hit rate is simulated, bytes (default the H100's 50 MiB L2). */
  readonly cacheBytes?: number;
  /** Per-processor cache in which x's L1 hit rate is simulated, bytes (default the H100's 256 KiB L1). */
  readonly l1Bytes?: number;
  /** How rows are dealt to processors for that simulation (default 256-row chunks over 132 SMs). */
  readonly share?: { readonly chunkRows: number; readonly parts: number };
}

/**
 * Paper 002's seven matrix factors (§2.1), the ELL padding ratio and the estimated hit rate of x, with the
 * platform figures they were measured for. The row factors keep {@link RowStats}' names, so the factors can be
 * handed to `chooseFormat` as they are.
 */
export interface MatrixFactors extends RowStats {
  /** (1) Rows (n; the matrix is n × n). */
  readonly n: number;
  /** (2) Nonzeros (stored entries). */
  readonly arcs: number;
  /** (3) Longest row: the ELL width. */
  readonly max: number;
  /** (4) Spread of row lengths: "分散(標準偏差)", taken as the population standard deviation. */
  readonly stddev: number;
  /** (5) Mean row length: nnz / n. */
  readonly mean: number;
  /** (6) Temporal locality index: mean accesses until a line of x is accessed again (Infinity: never). */
  readonly temporalLocality: number;
  /** (7) Spatial locality S(F, L): mean useful elements of x per fetched line, 1 … L/F. */
  readonly spatialLocality: number;
  /** ELL slots per nonzero, Nnz_padded / Nnz = n · max / nnz (≥ 1; 1 for an empty matrix). */
  readonly paddingRatio: number;
  /** Estimated hit rate of x's accesses (FIFO cache of `cacheBytes`). */
  readonly hitX: number;
  /**
   * Estimated hit rate of x's accesses in one processor's L1 (FIFO of `l1Bytes` in 32-B sectors, over the rows
   * that processor is dealt): what is left goes to L2, which paper 002's model does not see.
   */
  readonly hitL1: number;
  readonly l1Bytes: number;
  readonly lineBytes: number;
  readonly valueBytes: number;
  readonly cacheBytes: number;
  /** The default plans' traffic for the formats whose slots the row factors do not give (see `layoutTraffic`). */
  readonly layouts?: Readonly<Partial<Record<'sell' | 'fold' | 'csr-merge', LayoutTraffic>>>;
}

/**
 * Measures a square CSR matrix for paper 002's model in O(nnz) time and O(n) extra memory (typed arrays only).
 *
 * @example
 * const f = matrixFactors(csr);                    // H100 defaults: 128-B lines, 50 MiB L2, 4-B elements
 * chooseFormat(f);                                 // the format the SpMV kernels would pick
 * predictSpmv(f, { bandwidthGBps: 3000, format: 'ell' }).gflops;
 */
export function matrixFactors(csr: Csr, options: MatrixFactorOptions = {}): MatrixFactors {
  const lineBytes = options.lineBytes ?? H100_NOMINAL.lineBytes;
  const valueBytes = options.valueBytes ?? 4;
  const cacheBytes = options.cacheBytes ?? H100_NOMINAL.cacheBytes;
  checkPlatform(lineBytes, valueBytes, cacheBytes);
  checkSquareCsr(csr);
  const rows = degreeStats(csr);
  const locality = xLocality(csr, { lineBytes, valueBytes, cacheBytes });
  const l1Bytes = options.l1Bytes ?? H100_NOMINAL.l1Bytes;
  const share = options.share ?? { chunkRows: H100_NOMINAL.chunkRows, parts: H100_NOMINAL.multiprocessors };
  const sector = Math.ceil(H100_NOMINAL.sectorBytes / valueBytes) * valueBytes;
  const l1 = xLocality(csr, { lineBytes: sector, valueBytes, cacheBytes: l1Bytes, share });
  const stats: RowStats = { n: rows.n, arcs: rows.arcs, mean: rows.mean, max: rows.max, paddingRatio: ellPaddingRatio(csr, rows.max) };
  // Planned as for the platform of the factors: subgroups of 32 (an H100's warps).
  const layout = (format: 'sell' | 'fold' | 'csr-merge') => layoutTraffic(csr, planSpmv({ format }, stats, { available: true, minSize: 32 }));
  return {
    n: rows.n,
    arcs: rows.arcs,
    max: rows.max,
    stddev: rows.stddev,
    mean: rows.mean,
    temporalLocality: locality.temporalLocality,
    spatialLocality: locality.spatialLocality,
    paddingRatio: stats.paddingRatio,
    hitX: locality.hitX,
    hitL1: l1.hitX,
    l1Bytes,
    lineBytes,
    valueBytes,
    cacheBytes,
    layouts: { sell: layout('sell'), fold: layout('fold'), 'csr-merge': layout('csr-merge') },
  };
}

/** A line must hold a whole number of elements; the cache size may be anything from 0. */
function checkPlatform(lineBytes: number, valueBytes: number, cacheBytes: number): void {
  if (!Number.isInteger(valueBytes) || valueBytes < 1) throw new RangeError(`spmv model: valueBytes ${valueBytes} must be a positive integer`);
  if (!Number.isInteger(lineBytes) || lineBytes < valueBytes || lineBytes % valueBytes !== 0) {
    throw new RangeError(`spmv model: lineBytes ${lineBytes} must be a positive multiple of valueBytes ${valueBytes}`);
  }
  if (!Number.isFinite(cacheBytes) || cacheBytes < 0) throw new RangeError(`spmv model: cacheBytes ${cacheBytes} must be a finite number ≥ 0`);
}
