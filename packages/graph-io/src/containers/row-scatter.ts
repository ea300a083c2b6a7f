import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { inShared, sharedArray } from '../shared-memory.js';

/**
 * What travels with each arc through a counting sort: its weight, its input arc index (for error
 * messages), or nothing for a pattern graph.
 */
export type ArcPayload = WeightArray | Uint32Array | null;

/** Rows produced by a counting sort: a CSR without its flags. */
export interface Rows<P extends ArcPayload = ArcPayload> {
  readonly indptr: Uint32Array;
  readonly indices: Uint32Array;
  readonly payload: P;
}

/** How {@link rowsFromArcs} treats each arc. */
export interface ScatterOptions {
  /** Also file every arc under its head, as the mirror arc (a self-loop only once). */
  readonly mirror: boolean;
  readonly dropSelfLoops: boolean;
  /** Names the graph in a size-limit error. */
  readonly what: string;
  /** The arcs (indices, rows, payload) in shared memory, for worker threads to place and sort. Default false. */
  readonly shared?: boolean;
}

/**
 * Stable counting sort of arcs `row[k] → col[k]` into rows. Mirrors are filed in the same pass, so a
 * mirrored arc list never exists. Arcs keep their input order within a row (an arc and its mirror both
 * at the arc's position), which is what makes "last" well defined. The arc total is checked against the
 * u32 offset limit before any arc-length array is allocated. See {@link FAN_OUT_BITS} for the route.
 *
 * @example
 * ```ts
 * const r = rowsFromArcs(3, Uint32Array.of(2, 0), Uint32Array.of(0, 1), null, { mirror: false, dropSelfLoops: false, what: 'g' });
 * // r.indptr = [0, 1, 1, 2], r.indices = [1, 0]
 * ```
 */
export function rowsFromArcs<P extends ArcPayload>(
  n: number,
  row: Uint32Array,
  col: Uint32Array,
  payload: P,
  options: ScatterOptions,
): Rows<P> {
  const buckets = bucketArcs(n, row, col, payload, options);
  const indptr = new Uint32Array(n + 1);
  placeBuckets(buckets, indptr, 0, buckets.starts.length - 1);
  return { indptr, indices: buckets.indices, payload: buckets.payload };
}

/**
 * The arcs of {@link rowsFromArcs} after its first step: appended per bucket of 2^shift consecutive rows (bucket
 * b holds `starts[b]` … `starts[b + 1] − 1`, in input order, each arc's row in `rowOf`). {@link placeBuckets}
 * then puts each bucket's arcs in row order, bucket by bucket (independent of each other).
 */
export interface BucketedArcs<P extends ArcPayload = ArcPayload> {
  readonly n: number;
  readonly shift: number;
  readonly starts: Uint32Array;
  readonly rowOf: Uint32Array;
  readonly indices: Uint32Array;
  readonly payload: P;
}

/** The first step of {@link rowsFromArcs}: the arcs counted and appended per bucket (in shared memory if asked). */
export function bucketArcs<P extends ArcPayload>(n: number, row: Uint32Array, col: Uint32Array, payload: P, options: ScatterOptions): BucketedArcs<P> {
  const { mirror, dropSelfLoops } = options;
  const m = row.length;
  const shift = bucketShift(n);
  const starts = new Uint32Array(bucketCount(n, shift) + 1);
  // Bucket counts can wrap only when the total exceeds the limit, which is checked before use.
  let total = 0;
  for (let k = 0; k < m; k++) {
    const u = row[k];
    const v = col[k];
    if (u >= n || v >= n) throw new RangeError(`arc ${k}: vertex ids (${u}, ${v}) out of range 0..${n - 1} (n = ${n})`);
    if (u === v) {
      if (dropSelfLoops) continue;
    } else if (mirror) {
      starts[(v >>> shift) + 1]++;
      total++;
    }
    starts[(u >>> shift) + 1]++;
    total++;
  }
  checkArcCount(total, options.what);
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];

  const shared = options.shared === true;
  const array = (length: number) => (shared ? sharedArray(Uint32Array, length) : new Uint32Array(length));
  const indices = array(total);
  const rowOf = array(total);
  const out = allocateLike(payload, total, shared);
  const cursor = starts.slice(0, starts.length - 1);
  for (let k = 0; k < m; k++) {
    const u = row[k];
    const v = col[k];
    if (u === v && dropSelfLoops) continue;
    const p = cursor[u >>> shift]++;
    indices[p] = v;
    rowOf[p] = u;
    if (out !== null) out[p] = payload![k];
    if (mirror && u !== v) {
      const q = cursor[v >>> shift]++;
      indices[q] = u;
      rowOf[q] = v;
      if (out !== null) out[q] = payload![k];
    }
  }
  return { n, shift, starts: shared ? inShared(starts) : starts, rowOf, indices, payload: out as P };
}

/**
 * Stable counting-sort transpose: row `c` of the result lists every `r` with `c` in row `r`, in
 * ascending `r`, so every result row comes out sorted; equal entries keep their order from the input.
 *
 * @example
 * ```ts
 * transposeRows(2, { indptr: Uint32Array.of(0, 2, 3), indices: Uint32Array.of(1, 0, 0), payload: null });
 * // { indptr: [0, 2, 3], indices: [0, 1, 0], payload: null }
 * ```
 */
export function transposeRows<P extends ArcPayload>(n: number, rows: Rows<P>): Rows<P> {
  const { indptr, indices, payload } = rows;
  const total = indices.length;
  const shift = bucketShift(n);
  const starts = new Uint32Array(bucketCount(n, shift) + 1);
  for (let p = 0; p < total; p++) starts[(indices[p] >>> shift) + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const outIdx = new Uint32Array(total);
  const rowOf = new Uint32Array(total);
  const out = allocateLike(payload, total);
  const cursor = starts.slice(0, starts.length - 1);
  for (let r = 0; r < n; r++) {
    const end = indptr[r + 1];
    for (let p = indptr[r]; p < end; p++) {
      const c = indices[p];
      const q = cursor[c >>> shift]++;
      outIdx[q] = r;
      rowOf[q] = c;
      if (out !== null) out[q] = payload![p];
    }
  }
  const outPtr = new Uint32Array(n + 1);
  placeBuckets({ n, shift, starts, rowOf, indices: outIdx, payload: out }, outPtr, 0, starts.length - 1);
  return { indptr: outPtr, indices: outIdx, payload: out as P };
}

/**
 * Scattering arcs straight to their rows writes all over arrays of gigabytes, one cache and TLB miss per
 * arc, and so does counting them per row. Instead arcs are counted and appended per bucket of 2^shift
 * consecutive rows (at most 2^FAN_OUT_BITS buckets: that many sequential write streams), then each
 * bucket, whose rows fill one contiguous range of the output, is counted and placed row by row within
 * that range, in cache. Both steps are stable. About 6× faster than the direct scatter at 2^25 arcs (2-core VM).
 */
const FAN_OUT_BITS = 8;

/** Rows `b · 2^shift … (b + 1) · 2^shift − 1` form bucket `b`. */
function bucketShift(n: number): number {
  const bits = n <= 1 ? 0 : 32 - Math.clz32(n - 1);
  return Math.max(0, bits - FAN_OUT_BITS);
}

function bucketCount(n: number, shift: number): number {
  return n === 0 ? 0 : Math.floor((n - 1) / 2 ** shift) + 1;
}

/**
 * Second step of the bucketed scatter, for buckets `firstBucket` … `endBucket − 1`: counts each bucket's rows,
 * writes their offsets (`indptr[first]` … `indptr[last]`; a bucket and the one before write the same value to the
 * offset they share, so workers may take ranges of buckets and find their own rows' offsets written), then moves
 * the bucket's arcs (through a scratch copy) to their rows' positions.
 */
export function placeBuckets(buckets: BucketedArcs, indptr: Uint32Array, firstBucket: number, endBucket: number): void {
  const { n, shift, starts, rowOf, indices, payload } = buckets;
  let largest = 0;
  for (let b = firstBucket; b < endBucket; b++) largest = Math.max(largest, starts[b + 1] - starts[b]);
  const scratchIdx = new Uint32Array(largest);
  const scratchVal = allocateLike(payload, largest);
  const rowsPerBucket = 2 ** shift;
  // cursor[r − first]: where row r's next arc goes; first its count, then its start.
  const cursor = new Uint32Array(Math.min(n, rowsPerBucket) + 1);
  for (let b = firstBucket; b < endBucket; b++) {
    const start = starts[b];
    const end = starts[b + 1];
    const first = b * rowsPerBucket;
    const rows = Math.min(n, first + rowsPerBucket) - first;
    cursor.fill(0, 0, rows + 1);
    for (let p = start; p < end; p++) cursor[rowOf[p] - first + 1]++;
    cursor[0] = start;
    indptr[first] = start;
    for (let r = 0; r < rows; r++) {
      cursor[r + 1] += cursor[r];
      indptr[first + r + 1] = cursor[r + 1];
    }
    scratchIdx.set(indices.subarray(start, end));
    if (scratchVal !== null) scratchVal.set(payload!.subarray(start, end));
    for (let p = start; p < end; p++) {
      const q = cursor[rowOf[p] - first]++;
      indices[q] = scratchIdx[p - start];
      if (scratchVal !== null) payload![q] = scratchVal[p - start];
    }
  }
}

/** A zeroed array of the payload's type and the given length (null for no payload), in shared memory if asked. */
export function allocateLike<P extends ArcPayload>(payload: P, length: number, shared = false): P {
  if (payload === null) return null as P;
  if (shared) return sharedArray(payload.constructor as unknown as { new (buffer: SharedArrayBuffer): NonNullable<P>; readonly BYTES_PER_ELEMENT: number }, length);
  return new (payload.constructor as new (length: number) => NonNullable<P>)(length);
}
