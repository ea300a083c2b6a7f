/**
 * Nominal figures of the platform the model defaults to, an NVIDIA H100 SXM5 (80 GB). They are datasheet
 * numbers, not measurements: paper 002 takes W as the device's memory bandwidth (144 GB/s on its Tesla C2050),
 * and the benchmark should pass the bandwidth it measures in the same run instead.
 */
export const H100_NOMINAL = {
  /** HBM3 peak, GB/s (datasheet: 3.35 TB/s). */
  bandwidthGBps: 3350,
  /**
   * Cache line, bytes. The paper uses 128 B (Fermi's L1 line, "128 バイト固定（京コンピュータや GPU）"). The H100's
   * L1 and L2 also tag 128-B lines, so 128 keeps the paper's meaning; note that the H100 fills misses by
   * 32-B sectors, so `lineBytes: 32` models sector-granular traffic (a lower bound on x's cost).
   */
  lineBytes: 128,
  /**
   * Cache that x's accesses are simulated in, bytes: the H100's 50 MB L2 (shared by all SMs, so it sees the whole
   * access stream). The paper correlates its locality index with the C2050's L1 hit rate; on the H100 the per-SM
   * L1 sees only one SM's rows, so L2 is the cache the row-ordered stream below describes.
   */
  cacheBytes: 50 * 2 ** 20,
  /**
   * The per-SM cache between the SMs and L2, bytes: the H100's combined L1/shared memory (256 KiB); the SpMV
   * kernels use little or no workgroup memory, so nearly all of it caches. It fills by 32-B sectors.
   */
  l1Bytes: 256 * 2 ** 10,
  /** Unit of L2 → L1 traffic, bytes. */
  sectorBytes: 32,
  /** Streaming multiprocessors: rows are dealt to them in workgroup-sized chunks. */
  multiprocessors: 132,
  /** Rows of one workgroup of the csr-scalar and ELL kernels (256 invocations): the chunk an SM takes at a time. */
  chunkRows: 256,
} as const;

/**
 * Below this many rows paper 002 finds the model too optimistic ("70,000 行を閾値とする"): too few threads to
 * hide memory latency, plus launch overhead. Its correction (eq. 7, coefficient 6e-7) was fitted to a Tesla
 * C2050 and is not applied here; predictions for such matrices are flagged instead.
 */
export const SMALL_MATRIX_ROWS = 70_000;
