import { grownArray } from '../grow-array.js';
import { parseDecimalBytes } from './parse-decimal.js';

/** What {@link fastEntries} reads: a body of `id id [value]` lines inside a byte buffer. */
export interface FastEntriesRequest {
  readonly bytes: Uint8Array;
  /** Byte offset of the first body line (a line start, past any BOM). */
  readonly start: number;
  /** End of the body (exclusive): a line start or the buffer end. */
  readonly end: number;
  /** Third column: none, a safe integer (`[+-]?digits`) or a decimal number. */
  readonly value: 'none' | 'integer' | 'real';
  /** Subtracted from both ids. */
  readonly idBase: 0 | 1;
  /** Largest id allowed after subtracting the base (−1: no entry allowed). */
  readonly maxId: number;
  /** First bytes that make a line a comment, e.g. `[0x25]` for `%`, `[0x23, 0x25]` for edge lists. */
  readonly commentBytes: readonly number[];
  /** Exact entry count when the header gives one (Matrix Market). */
  readonly expectedCount?: number;
}

/** Entries read by {@link fastEntries}: ids with the base subtracted, values as doubles. */
export interface FastEntries {
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  /** `null` when the request's `value` is `'none'`. */
  readonly value: Float64Array | null;
  readonly count: number;
  /** Largest id seen (base subtracted), −1 for no entries: an edge list's `n` is this + 1. */
  readonly largestId: number;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const ZERO = 48;
const DOT = 46;
const PLUS = 43;
const MINUS = 45;
const LOWER_E = 101;
/** 10^0 … 10^22: each exact as a double, so one multiply or divide rounds correctly (Clinger). */
const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
/** A guess at bytes per line when the count is unknown (SNAP lines run 9–20); storage doubles as needed. */
const TYPICAL_LINE_BYTES = 12;
const MIN_CAPACITY = 16;
const MIN_LINE_BYTES = 4;
/** Bytes per call of the hot loop (cut at a line end). */
const BLOCK_BYTES = 1 << 20;

/** Growable output columns; a class so that the hot loop sees one stable shape. */
class Columns {
  src: Uint32Array;
  dst: Uint32Array;
  value: Float64Array | null;
  count = 0;
  largestId = -1;

  constructor(capacity: number, valued: boolean) {
    this.src = new Uint32Array(capacity);
    this.dst = new Uint32Array(capacity);
    this.value = valued ? new Float64Array(capacity) : null;
  }

  grow(): void {
    const capacity = Math.max(MIN_CAPACITY, this.src.length * 2);
    this.src = grownArray(this.src, capacity);
    this.dst = grownArray(this.dst, capacity);
    if (this.value !== null) this.value = grownArray(this.value, capacity);
  }
}

/**
 * Parses the body of a Matrix Market coordinate or edge-list file in one tight loop. Returns `null` on
 * anything unusual (a token that is not a plain number, an id out of range, a wrong column count, a count
 * mismatch, a sign on an id), so that the caller reruns its strict line-by-line reader, which gives the
 * precise `file:line:col` error. It never gives a different answer from the strict readers: decimals take
 * Clinger's exact fast path (mantissa below 2^53, |power of ten| ≤ 22) and otherwise `parseDecimalBytes`.
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('% body\n1 2 0.5\n2 1 -3e2\n');
 * const e = fastEntries({ bytes, start: 0, end: bytes.length, value: 'real', idBase: 1, maxId: 1, commentBytes: [0x25] });
 * // e.src = [0, 1], e.dst = [1, 0], e.value = [0.5, -300], e.count === 2
 * ```
 */
export function fastEntries(req: FastEntriesRequest): FastEntries | null {
  const e = untrimmedEntries(req);
  if (e === null) return null;
  const n = e.count;
  const fit = <A extends Uint32Array | Float64Array>(a: A): A => (a.length === n ? a : (a.slice(0, n) as A));
  return { src: fit(e.src), dst: fit(e.dst), value: e.value && fit(e.value), count: n, largestId: e.largestId };
}

/**
 * {@link fastEntries} without the final trim: the columns may be longer than `count` (for callers that copy
 * them on anyway, as {@link parallelFastEntries} does). `capacity` is a first guess at the entry count when
 * `expectedCount` is not given; storage grows past it as needed.
 */
export function untrimmedEntries(req: FastEntriesRequest, capacity?: number): FastEntries | null {
  const { start, end, expectedCount } = req;
  if (start < 0 || end > req.bytes.length || start > end) throw new RangeError(`body [${start}, ${end}) outside the ${req.bytes.length} bytes`);
  if (!expectedCountFits(req)) return null;
  // A plain Uint8Array view (not a Buffer subclass) keeps the hot loop's loads monomorphic.
  const bytes = new Uint8Array(req.bytes.buffer, req.bytes.byteOffset, req.bytes.length);
  const out = new Columns(expectedCount ?? capacity ?? Math.max(MIN_CAPACITY, Math.ceil((end - start) / TYPICAL_LINE_BYTES)), req.value !== 'none');
  const comment = new Uint8Array(256);
  for (const c of req.commentBytes) comment[c] = 1;
  // The loop relies on every line ending in LF; a last line without one is parsed from a copy that has it.
  const lastLf = end > start ? bytes.lastIndexOf(LF, end - 1) : -1;
  const fullEnd = lastLf < start ? start : lastLf + 1;
  // Blocks of lines rather than one call: the loop's exit runs early, so V8 optimises the whole function
  // with full type feedback instead of deoptimising at the end of each call and recompiling the next.
  let ok = true;
  for (let from = start; ok && from < fullEnd; ) {
    const to = from + BLOCK_BYTES >= fullEnd ? fullEnd : bytes.indexOf(LF, from + BLOCK_BYTES) + 1;
    ok = parseLines(bytes, from, to, req, comment, out);
    from = to;
  }
  if (ok && fullEnd < end) {
    const tail = new Uint8Array(end - fullEnd + 1);
    tail.set(bytes.subarray(fullEnd, end));
    tail[tail.length - 1] = LF;
    ok = parseLines(tail, 0, tail.length, req, comment, out);
  }
  if (!ok || (expectedCount !== undefined && out.count !== expectedCount)) return null;
  return { src: out.src, dst: out.dst, value: out.value, count: out.count, largestId: out.largestId };
}

/**
 * Whether the body's bytes could hold `expectedCount` entries (the shortest is `1 1` and a newline): a larger
 * count is a mismatch to report, not an array to allocate.
 */
export function expectedCountFits(req: FastEntriesRequest): boolean {
  return req.expectedCount === undefined || req.expectedCount <= Math.floor((req.end - req.start + 1) / MIN_LINE_BYTES);
}

/**
 * The hot loop over `[p, end)`, whose every line ends in LF (so scans stop at the LF without bound checks).
 * Appends to `out`; false when the strict reader must take over.
 */
function parseLines(
  b: Uint8Array,
  p: number,
  end: number,
  req: FastEntriesRequest,
  comment: Uint8Array,
  out: Columns,
): boolean {
  const { idBase, maxId } = req;
  const kind = req.value === 'none' ? 0 : req.value === 'integer' ? 1 : 2;
  let { count, largestId } = out;
  let src = out.src;
  let dst = out.dst;
  let val = out.value;
  while (p < end) {
    let c = b[p];
    while (c === SPACE || c === TAB || c === CR) c = b[++p];
    if (c === LF) {
      p++;
      continue;
    }
    if (comment[c] === 1) {
      p = b.indexOf(LF, p) + 1;
      continue;
    }

    // Row id: digits only, then a blank.
    let d = c - ZERO;
    if ((d >>> 0) > 9) return false;
    let i = 0;
    do {
      i = i * 10 + d;
      d = b[++p] - ZERO;
    } while ((d >>> 0) <= 9);
    c = b[p];
    if (c !== SPACE && c !== TAB && c !== CR) return false;
    i -= idBase;
    if (i < 0 || i > maxId) return false;
    do c = b[++p];
    while (c === SPACE || c === TAB || c === CR);

    // Column id: digits only, then a blank or the line end.
    d = c - ZERO;
    if ((d >>> 0) > 9) return false;
    let j = 0;
    do {
      j = j * 10 + d;
      d = b[++p] - ZERO;
    } while ((d >>> 0) <= 9);
    c = b[p];
    j -= idBase;
    if (j < 0 || j > maxId) return false;
    if (i > largestId) largestId = i;
    if (j > largestId) largestId = j;

    if (count === src.length) {
      // With an expected count the arrays hold exactly that many: one more entry is a mismatch.
      if (req.expectedCount !== undefined) return false;
      out.count = count;
      out.grow();
      src = out.src;
      dst = out.dst;
      val = out.value;
    }
    src[count] = i;
    dst[count] = j;

    if (kind !== 0) {
      if (c !== SPACE && c !== TAB && c !== CR) return false;
      do c = b[++p];
      while (c === SPACE || c === TAB || c === CR);
      const tokenStart = p;
      const negative = c === MINUS;
      if (negative || c === PLUS) c = b[++p];
      let mantissa = 0;
      let digits = 0;
      let v: number;
      d = c - ZERO;
      if (kind === 1) {
        // Integer field: the same digit-by-digit sum as parse-decimal.ts, so equal to it wherever it is safe.
        while ((d >>> 0) <= 9) {
          digits++;
          mantissa = mantissa * 10 + d;
          d = b[++p] - ZERO;
        }
        if (digits === 0 || mantissa > Number.MAX_SAFE_INTEGER) return false;
        v = negative ? -mantissa : mantissa;
      } else {
        let scale = 0;
        while ((d >>> 0) <= 9) {
          digits++;
          mantissa = mantissa * 10 + d;
          d = b[++p] - ZERO;
        }
        if (b[p] === DOT) {
          d = b[++p] - ZERO;
          while ((d >>> 0) <= 9) {
            digits++;
            scale--;
            mantissa = mantissa * 10 + d;
            d = b[++p] - ZERO;
          }
        }
        if (digits === 0) return false;
        let exponent = 0;
        if ((b[p] | 0x20) === LOWER_E) {
          c = b[++p];
          const expNegative = c === MINUS;
          if (expNegative || c === PLUS) c = b[++p];
          d = c - ZERO;
          if ((d >>> 0) > 9) return false;
          do {
            exponent = exponent * 10 + d;
            d = b[++p] - ZERO;
          } while ((d >>> 0) <= 9);
          if (expNegative) exponent = -exponent;
        }
        const e10 = exponent + scale;
        c = b[p];
        if (c !== SPACE && c !== TAB && c !== CR && c !== LF) return false;
        // Digits past 2^53 round, but the sum only grows, so a final mantissa below 2^53 was exact all along.
        if (mantissa <= Number.MAX_SAFE_INTEGER && e10 >= -22 && e10 <= 22) {
          v = e10 >= 0 ? mantissa * POW10[e10] : mantissa / POW10[-e10];
          if (negative) v = -v;
        } else {
          // Past the fast path: the strict readers' own parser, so the double is the same bit for bit.
          v = parseDecimalBytes(b, tokenStart, p);
          if (!Number.isFinite(v)) return false;
        }
      }
      val![count] = v;
      c = b[p];
    }
    while (c === SPACE || c === TAB || c === CR) c = b[++p];
    if (c !== LF) return false;
    p++;
    count++;
  }
  out.count = count;
  out.largestId = largestId;
  return true;
}
