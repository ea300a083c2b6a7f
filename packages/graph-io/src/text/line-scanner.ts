import { displayBytes } from './display-bytes.js';
import type { TextFormat } from '../formats/graph-format.js';
import { GraphParseError } from './graph-parse-error.js';
import { parseDecimalBytes, parseIntegerBytes, parseUnsignedBytes } from './parse-decimal.js';

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/** Space, tab and carriage return separate tokens; CR so that CRLF files read like LF files. */
function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR;
}

/**
 * Walks a byte buffer line by line and token by token without allocating, keeping the
 * position needed for error messages. Shared by every text reader; not part of the public API.
 */
export class LineScanner {
  readonly bytes: Uint8Array;
  readonly file: string | undefined;
  readonly format: TextFormat;
  /** 1-based number of the current line (0 before the first). */
  line = 0;
  lineStart = 0;
  /** Index of the line's `\n`, or the buffer length on the last line. */
  lineEnd = 0;
  pos = 0;
  tokenStart = 0;
  tokenEnd = 0;
  private nextStart: number;

  constructor(bytes: Uint8Array, file: string | undefined, format: TextFormat) {
    this.bytes = bytes;
    this.file = file;
    this.format = format;
    const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    this.nextStart = hasBom ? 3 : 0;
  }

  /** Moves to the next line; false at the end of the input. */
  nextLine(): boolean {
    const start = this.nextStart;
    if (start >= this.bytes.length) return false;
    let end = this.bytes.indexOf(LF, start);
    if (end < 0) end = this.bytes.length;
    this.line++;
    this.lineStart = start;
    this.lineEnd = end;
    this.pos = start;
    this.nextStart = end + 1;
    return true;
  }

  /** Bytes left after the current line: a bound on how much more data can follow. */
  remainingBytes(): number {
    return Math.max(0, this.bytes.length - this.nextStart);
  }

  /** Reads the next token of the current line into `tokenStart/tokenEnd`; false at the line end. */
  nextToken(): boolean {
    const b = this.bytes;
    const end = this.lineEnd;
    let p = this.pos;
    while (p < end && isBlank(b[p])) p++;
    if (p >= end) {
      this.pos = end;
      return false;
    }
    this.tokenStart = p;
    while (p < end && !isBlank(b[p])) p++;
    this.tokenEnd = p;
    this.pos = p;
    return true;
  }

  /** First byte of the token just read. */
  tokenFirstByte(): number {
    return this.bytes[this.tokenStart];
  }

  /** Whether the token equals `word` exactly (ASCII). */
  tokenIs(word: string): boolean {
    if (this.tokenEnd - this.tokenStart !== word.length) return false;
    for (let k = 0; k < word.length; k++) {
      if (this.bytes[this.tokenStart + k] !== word.charCodeAt(k)) return false;
    }
    return true;
  }

  /** The token in lower case (for case-insensitive keywords; tokens here are short). */
  tokenLower(): string {
    return this.tokenText().toLowerCase();
  }

  /** The token as display text (escaped, shortened). */
  tokenText(): string {
    return displayBytes(this.bytes, this.tokenStart, this.tokenEnd);
  }

  /** The current line as display text (escaped, shortened, CR dropped). */
  lineText(): string {
    let end = this.lineEnd;
    if (end > this.lineStart && this.bytes[end - 1] === CR) end--;
    return displayBytes(this.bytes, this.lineStart, end, 80);
  }

  tokenUnsigned(): number {
    return parseUnsignedBytes(this.bytes, this.tokenStart, this.tokenEnd);
  }

  tokenInteger(): number {
    return parseIntegerBytes(this.bytes, this.tokenStart, this.tokenEnd);
  }

  tokenDecimal(): number {
    return parseDecimalBytes(this.bytes, this.tokenStart, this.tokenEnd);
  }

  /** Throws a {@link GraphParseError} pointing at the current token. */
  failAtToken(rule: string): never {
    throw new GraphParseError({
      file: this.file,
      format: this.format,
      line: this.line,
      column: this.tokenStart - this.lineStart + 1,
      text: this.tokenText(),
      rule,
    });
  }

  /** Throws a {@link GraphParseError} pointing just past the last token of the line (something is missing). */
  failAtLineEnd(rule: string): never {
    let end = this.lineEnd;
    while (end > this.lineStart && isBlank(this.bytes[end - 1])) end--;
    throw new GraphParseError({
      file: this.file,
      format: this.format,
      line: this.line,
      column: end - this.lineStart + 1,
      text: this.lineText(),
      rule,
    });
  }

  /** Throws a {@link GraphParseError} about the current line as a whole. */
  failAtLine(rule: string): never {
    throw new GraphParseError({ file: this.file, format: this.format, line: this.line, text: this.lineText(), rule });
  }

  /** Throws a {@link GraphParseError} at the end of the input (something expected never came). */
  failAtEnd(rule: string): never {
    throw new GraphParseError({ file: this.file, format: this.format, line: Math.max(this.line, 1), rule });
  }

  /** Fails when the line has more tokens; `after` names what came last, `shape` the expected line. */
  expectLineEnd(after: string, shape: string): void {
    if (this.nextToken()) this.failAtToken(`unexpected '${this.tokenText()}' after ${after} (expected '${shape}')`);
  }

  /** Reads the next token or fails saying the line ends early. */
  expectToken(what: string, shape: string): void {
    if (!this.nextToken()) this.failAtLineEnd(`line ends before ${what} (expected '${shape}')`);
  }
}
