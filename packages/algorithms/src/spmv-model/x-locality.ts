import type { Csr } from '@semiforge/graph-io';

/** What one pass over x's access stream measures (see {@link xLocality}). */
export interface XLocality {
  /** Mean accesses between two accesses to the same line of x (paper 002's 時間的局所性指標); Infinity when no line is reused. */
  readonly temporalLocality: number;
  /** Mean useful elements of x per fetched line (paper 002's S(F, L)): 1 ≤ S ≤ L/F; 1 when nothing is fetched. */
  readonly spatialLocality: number;
  /** Share of x's accesses that hit in a FIFO cache of `cacheBytes` (paper 002's hit_x). */
  readonly hitX: number;
  /** Lines fetched into that cache (its misses). */
  readonly fetches: number;
}

export interface XLocalityOptions {
  /** Line size L, bytes. */
  readonly lineBytes: number;
  /** Element size F of x, bytes. */
  readonly valueBytes: number;
  /** Cache capacity, bytes (whole lines are kept: ⌊cacheBytes / L⌋ of them). */
  readonly cacheBytes: number;
  /**
   * Only the rows one of `parts` processors sees, when rows are dealt to them in chunks of `chunkRows`
   * round-robin (rows r with ⌊r / chunkRows⌋ mod parts = 0): the stream a per-SM L1 cache serves. Default: all rows.
   */
  readonly share?: { readonly chunkRows: number; readonly parts: number };
}

/**
 * Locality of the gathers from x, exactly, in one pass over the column indices: O(nnz) time, and typed arrays of
 * O(n) (three words per line of x, one per element), so no sampling is needed even at 10^8 nonzeros.
 *
 * The access stream is x[indices[p]] for p = 0 … nnz−1, i.e. row by row in CSR order: the paper measures locality
 * on "インデックス配列の内容がもたらすアクセスパターン" (the pattern the index array's contents produce). A GPU
 * interleaves nearby rows, which this order approximates.
 *
 * - Temporal locality index: "同一ラインが再びアクセスされるまでのアクセス回数の平均値", the mean number of
 *   accesses until the same line is accessed again. We count p − p_prev for each access to a line seen before
 *   (back-to-back accesses to one line give 1); first touches have no interval and are left out.
 * - hit_x: the paper estimates it from the temporal locality with a fitted line whose coefficients it does not
 *   give, noting its tool assumes Denning-style FIFO replacement ("Denning 流(FIFO)"). We instead simulate that
 *   FIFO cache directly on the stream: the hit rate a FIFO of ⌊cacheBytes/L⌋ lines gets.
 * - Spatial locality S: "ミス時のリプレース動作において転送されるライン中で直近に使われる有効なデータ数の平均値",
 *   the mean number of valid data, in a line brought in by a miss, that are used soon. We read "used soon" as
 *   "used while the line stays in the simulated cache", and "valid data" as distinct elements, so S counts the
 *   distinct elements of x each fetch serves, averaged over fetches (1 ≤ S ≤ L/F). The paper mentions tool outputs
 *   above 32 = L/F, so its tool may count repeated uses too; counting distinct elements keeps S a property of the
 *   line, with repeat uses credited to hit_x instead of twice.
 *
 * @example
 * // The 8 × 8 identity, four f32 per 16-B line: x[0..3] and x[4..7] each fetched once, reused back to back.
 * xLocality(identity8, { lineBytes: 16, valueBytes: 4, cacheBytes: 1 << 20 }); // { temporalLocality: 1, spatialLocality: 4, hitX: 0.75, fetches: 2 }
 */
export function xLocality(csr: Csr, options: XLocalityOptions): XLocality {
  const { n, indices } = csr;
  const stream = streamRanges(csr, options.share);
  const perLine = options.lineBytes / options.valueBytes;
  const lines = Math.ceil(n / perLine);
  const capacity = Math.min(lines, Math.floor(options.cacheBytes / options.lineBytes));
  // lastSeen[line] = 1 + position of its latest access (0: never); fetchOf[line] = id of the fetch that holds it
  // (0: not resident); counted[col] = the fetch that already counted element col as useful. Fetch ids run 1 … nnz,
  // which fit in u32 because a Csr's nnz does.
  const lastSeen = new Uint32Array(lines);
  const fetchOf = new Uint32Array(lines);
  const counted = new Uint32Array(n);
  const fifo = new Uint32Array(capacity);
  let head = 0;
  let fetches = 0;
  let useful = 0;
  let reuses = 0;
  let intervals = 0;
  let p = 0; // position in the simulated stream
  for (let q = 0; q < stream.length; q += 2) {
    for (let k = stream[q]; k < stream[q + 1]; k++, p++) {
      const col = indices[k];
      const line = Math.floor(col / perLine);
      if (lastSeen[line] !== 0) {
        reuses++;
        intervals += p + 1 - lastSeen[line];
      }
      lastSeen[line] = p + 1;
      if (fetchOf[line] === 0) {
        fetches++;
        if (capacity > 0) {
          if (fetches > capacity) fetchOf[fifo[head]] = 0; // the oldest line leaves
          fifo[head] = line;
          head = head + 1 === capacity ? 0 : head + 1;
          fetchOf[line] = fetches;
        }
      }
      const holder = capacity > 0 ? fetchOf[line] : fetches;
      if (counted[col] !== holder) {
        counted[col] = holder;
        useful++;
      }
    }
  }
  return {
    temporalLocality: reuses === 0 ? Infinity : intervals / reuses,
    spatialLocality: fetches === 0 ? 1 : useful / fetches,
    hitX: p === 0 ? 0 : 1 - fetches / p,
    fetches,
  };
}

/** The nonzero ranges [start, end) of the simulated stream, in order: all of them, or one processor's share of row chunks. */
function streamRanges(csr: Csr, share: XLocalityOptions['share']): Uint32Array {
  const { n, indptr } = csr;
  if (!share) return Uint32Array.of(0, indptr[n]);
  const { chunkRows, parts } = share;
  if (!(Number.isInteger(chunkRows) && chunkRows >= 1 && Number.isInteger(parts) && parts >= 1)) {
    throw new RangeError(`spmv model: share needs positive integer chunkRows and parts, got ${chunkRows} and ${parts}`);
  }
  const chunks = Math.ceil(n / (chunkRows * parts));
  const ranges = new Uint32Array(2 * chunks);
  for (let c = 0; c < chunks; c++) {
    const first = c * chunkRows * parts;
    ranges[2 * c] = indptr[first];
    ranges[2 * c + 1] = indptr[Math.min(n, first + chunkRows)];
  }
  return ranges;
}
