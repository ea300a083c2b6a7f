import { shortestDecimal } from './shortest-decimal.js';

const MINUS = 45;
const ZERO = 48;
/** Room for the longest line a writer appends after checking {@link AsciiWriter.full}, so the buffer rarely grows. */
const LINE_SLACK = 256;

/**
 * Appends ASCII text and decimal numbers to a byte buffer and hands the bytes out in chunks of exactly
 * `chunkBytes` (the last one shorter). The buffer is reused from chunk to chunk, so a writer's memory
 * stays bounded however long its output: files of billions of lines are written this way, without a
 * JS string per line or per file.
 *
 * @example
 * ```ts
 * const out = new AsciiWriter(4);
 * out.integer(-120); out.byte(0x20); out.decimal(0.5);
 * [...out.flush()].map((c) => new TextDecoder().decode(c)); // ['-120', ' 0.5']
 * ```
 */
export class AsciiWriter {
  private buffer: Uint8Array;
  private length = 0;

  constructor(readonly chunkBytes: number) {
    if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 1) throw new RangeError(`chunkBytes = ${chunkBytes} is not a positive integer`);
    this.buffer = new Uint8Array(chunkBytes + LINE_SLACK);
  }

  /** Whether a whole chunk is ready: writers check this between lines and then yield {@link take}. */
  get full(): boolean {
    return this.length >= this.chunkBytes;
  }

  /**
   * Yields every whole chunk held, then moves the remainder to the front. Each chunk is a view of the
   * reused buffer, valid until the next one is asked for: copy it to keep it.
   */
  *take(): Generator<Uint8Array, void, undefined> {
    let start = 0;
    for (; this.length - start >= this.chunkBytes; start += this.chunkBytes) yield this.buffer.subarray(start, start + this.chunkBytes);
    this.buffer.copyWithin(0, start, this.length);
    this.length -= start;
  }

  /** Yields the whole chunks held and then the rest, if any, leaving the writer empty (the end of a file). */
  *flush(): Generator<Uint8Array, void, undefined> {
    yield* this.take();
    if (this.length > 0) yield this.buffer.subarray(0, this.length);
    this.length = 0;
  }

  /** Appends ASCII text (other characters are written as UTF-8 through TextEncoder). */
  text(s: string): void {
    // Headers and real weights come through here, so plain ASCII skips the encoder's allocation.
    this.reserve(s.length);
    let k = 0;
    for (; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0x80) break;
      this.buffer[this.length + k] = c;
    }
    if (k === s.length) {
      this.length += k;
      return;
    }
    const bytes = new TextEncoder().encode(s);
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends one ASCII byte. */
  byte(c: number): void {
    this.reserve(1);
    this.buffer[this.length++] = c;
  }

  /** Appends a safe integer in decimal (`-0` as `0`). */
  integer(value: number): void {
    this.reserve(22);
    const buf = this.buffer;
    let v = value;
    if (v < 0) {
      buf[this.length++] = MINUS;
      v = -v;
    }
    // Count the digits first, then write them backwards straight into place.
    let end = this.length + 1;
    for (let power = 10; power <= v; power *= 10) end++;
    this.length = end;
    if (v < 0x80000000) {
      // Vertex ids and most weights: int32 arithmetic, about twice as fast as Math.floor on doubles.
      let i = v | 0;
      do {
        const q = (i / 10) | 0;
        buf[--end] = ZERO + i - q * 10;
        i = q;
      } while (i > 0);
    } else {
      do {
        const q = Math.floor(v / 10);
        buf[--end] = ZERO + (v - q * 10);
        v = q;
      } while (v > 0);
    }
  }

  /** Appends a finite number as {@link shortestDecimal} writes it (`-0` kept). */
  decimal(value: number): void {
    // Integral weights are common and String() writes a safe integer as plain digits, so skip the string.
    if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) this.integer(value);
    else this.text(shortestDecimal(value));
  }

  private reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.buffer.length) return;
    // Only a line longer than the slack (a long comment) gets here; the buffer keeps that size.
    const grown = new Uint8Array(Math.max(needed, this.buffer.length * 2));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
