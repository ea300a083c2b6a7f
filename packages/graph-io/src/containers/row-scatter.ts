import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { sharedArray } from '../shared-memory.js';

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
  /** The rows' indices and payload in shared memory, for worker threads to sort in place. Default false. */
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
  const indices = shared ? sharedArray(Uint32Array, total) : new Uint32Array(total);
  const rowOf = new Uint32Array(total);
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
  const indptr = placeByRow(n, shift, starts, rowOf, indices, out);
  return { indptr, indices, payload: out as P };
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
  const outPtr = placeByRow(n, shift, starts, rowOf, outIdx, out);
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
 * Second step of the bucketed scatter: bucket `b` holds `starts[b] … starts[b + 1] − 1`, its arcs in input
 * order with their row in `rowOf`. Counts each bucket's rows, then moves its arcs (through a scratch copy)
 * to their rows' positions. Returns the row offsets.
 */
function placeByRow(
  n: number,
  shift: number,
  starts: Uint32Array,
  rowOf: Uint32Array,
  indices: Uint32Array,
  payload: ArcPayload,
): Uint32Array {
  const indptr = new Uint32Array(n + 1);
  let largest = 0;
  for (let b = 0; b + 1 < starts.length; b++) largest = Math.max(largest, starts[b + 1] - starts[b]);
  const scratchIdx = new Uint32Array(largest);
  const scratchVal = allocateLike(payload, largest);
  const rowsPerBucket = 2 ** shift;
  const cursor = new Uint32Array(Math.min(n, rowsPerBucket));
  for (let b = 0; b + 1 < starts.length; b++) {
    const start = starts[b];
    const end = starts[b + 1];
    const first = b * rowsPerBucket;
    const last = Math.min(n, first + rowsPerBucket);
    // indptr[first] already holds `start`, the previous bucket's end.
    for (let p = start; p < end; p++) indptr[rowOf[p] + 1]++;
    for (let r = first; r < last; r++) {
      cursor[r - first] = indptr[r];
      indptr[r + 1] += indptr[r];
    }
    scratchIdx.set(indices.subarray(start, end));
    if (scratchVal !== null) scratchVal.set(payload!.subarray(start, end));
    for (let p = start; p < end; p++) {
      const q = cursor[rowOf[p] - first]++;
      indices[q] = scratchIdx[p - start];
      if (scratchVal !== null) payload![q] = scratchVal[p - start];
    }
  }
  return indptr;
}

/** A zeroed array of the payload's type and the given length (null for no payload), in shared memory if asked. */
export function allocateLike<P extends ArcPayload>(payload: P, length: number, shared = false): P {
  if (payload === null) return null as P;
  if (shared) return sharedArray(payload.constructor as unknown as { new (buffer: SharedArrayBuffer): NonNullable<P>; readonly BYTES_PER_ELEMENT: number }, length);
  return new (payload.constructor as new (length: number) => NonNullable<P>)(length);
}
