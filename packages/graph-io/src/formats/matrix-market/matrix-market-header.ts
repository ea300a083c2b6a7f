import type { LineScanner } from '../../text/line-scanner.js';
import { MAX_VERTICES } from '../../graph-limits.js';

/** Entry layout of a Matrix Market file: sparse `(i, j, v)` triples, or every value column by column. */
export type MatrixMarketFormat = 'coordinate' | 'array';
/** Value field of a Matrix Market file that this reader supports. */
export type MatrixMarketField = 'real' | 'integer' | 'pattern';
/**
 * Symmetry of a Matrix Market file that this reader supports. `hermitian` is only read with a real
 * or integer field, where it means `symmetric` (the conjugate of a real number is itself).
 */
export type MatrixMarketSymmetry = 'general' | 'symmetric' | 'skew-symmetric' | 'hermitian';

/** What the banner and size line of a Matrix Market file say. */
export interface MatrixMarketHeader {
  readonly format: MatrixMarketFormat;
  readonly field: MatrixMarketField;
  readonly symmetry: MatrixMarketSymmetry;
  /** Rows (= columns: a graph needs a square matrix). */
  readonly n: number;
  /** Stored entries declared by a coordinate size line; -1 for array files (implied by n and symmetry). */
  readonly entries: number;
  /** Line number of the size line, quoted by count errors. */
  readonly sizeLine: number;
}

export const BANNER_SHAPE =
  '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric|hermitian>';
const PERCENT = 0x25;

const FORMATS = ['coordinate', 'array'];
const FIELDS = ['real', 'integer', 'pattern', 'complex'];
const SYMMETRIES = ['general', 'symmetric', 'skew-symmetric', 'hermitian'];

/**
 * Reads the banner (line 1), skips `%` comment and blank lines, and reads the size line
 * (`rows cols entries` for coordinate, `rows cols` for array), leaving the scanner on the size line.
 * Refuses unknown or unsupported words, invalid combinations (as NIST's `mmio.c` does) and
 * non-square sizes, each with a {@link GraphParseError} at the offending token.
 */
export function readMatrixMarketHeader(sc: LineScanner): MatrixMarketHeader {
  if (!sc.nextLine() || !sc.nextToken() || sc.tokenLower() !== '%%matrixmarket') {
    if (sc.line === 0) sc.failAtEnd(`empty input; expected the banner '${BANNER_SHAPE}'`);
    sc.failAtLine(`missing banner: line 1 must be '${BANNER_SHAPE}'`);
  }
  sc.expectToken('the object', BANNER_SHAPE);
  if (sc.tokenLower() !== 'matrix') sc.failAtToken(`unsupported object '${sc.tokenText()}' (supported: matrix)`);
  const format = bannerWord(sc, 'format', FORMATS) as MatrixMarketFormat;
  const field = bannerWord(sc, 'field', FIELDS);
  if (field === 'complex') sc.failAtToken(`unsupported field '${sc.tokenText()}' (supported: real, integer, pattern)`);
  if (field === 'pattern' && format === 'array') {
    sc.failAtToken(`'array pattern' is not a valid combination (an array file lists values)`);
  }
  const symmetry = bannerWord(sc, 'symmetry', SYMMETRIES) as MatrixMarketSymmetry;
  if (field === 'pattern' && symmetry !== 'general' && symmetry !== 'symmetric') {
    sc.failAtToken(`'pattern ${symmetry}' is not a valid combination (a pattern has no values to negate or conjugate)`);
  }
  sc.expectLineEnd('the symmetry', BANNER_SHAPE);

  while (sc.nextLine()) {
    if (sc.nextToken() && sc.tokenFirstByte() !== PERCENT) {
      return { format, field: field as MatrixMarketField, symmetry, ...readSizeLine(sc, format) };
    }
  }
  return sc.failAtEnd(`no size line '${sizeShape(format)}' after the banner`);
}

/** Reads the banner's next word, case-insensitively, and checks it is one of `allowed`. */
function bannerWord(sc: LineScanner, what: string, allowed: readonly string[]): string {
  sc.expectToken(`the ${what}`, BANNER_SHAPE);
  const word = sc.tokenLower();
  if (!allowed.includes(word)) {
    sc.failAtToken(`unknown ${what} '${sc.tokenText()}' (expected ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)})`);
  }
  return word;
}

function sizeShape(format: MatrixMarketFormat): string {
  return format === 'coordinate' ? 'rows cols entries' : 'rows cols';
}

/** Reads the size line the scanner stands on (its first token already read). */
function readSizeLine(sc: LineScanner, format: MatrixMarketFormat): { n: number; entries: number; sizeLine: number } {
  const shape = sizeShape(format);
  const n = sc.tokenUnsigned();
  if (!Number.isInteger(n) || n > MAX_VERTICES) sc.failAtToken(`row count '${sc.tokenText()}' is not an integer in 0..${MAX_VERTICES}`);
  sc.expectToken('the column count', shape);
  const cols = sc.tokenUnsigned();
  if (!Number.isInteger(cols)) sc.failAtToken(`column count '${sc.tokenText()}' is not a non-negative integer`);
  if (cols !== n) sc.failAtToken(`matrix is ${n}x${sc.tokenText()} but a graph needs a square matrix`);
  let entries = -1;
  if (format === 'coordinate') {
    sc.expectToken('the entry count', shape);
    entries = sc.tokenUnsigned();
    if (!Number.isSafeInteger(entries)) sc.failAtToken(`entry count '${sc.tokenText()}' is not an integer in 0..${Number.MAX_SAFE_INTEGER}`);
  }
  sc.expectLineEnd(format === 'coordinate' ? 'the entry count' : 'the column count', shape);
  return { n, entries, sizeLine: sc.line };
}
