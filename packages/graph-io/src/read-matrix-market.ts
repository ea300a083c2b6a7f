import type { EdgeList } from './edge-list.js';
import { EdgeListBuilder } from './edge-list-builder.js';
import { inputBytes, type GraphInput } from './input-bytes.js';
import { LineScanner } from './line-scanner.js';
import type { ReadOptions } from './read-options.js';

/** Value field of a Matrix Market file that this reader supports. */
export type MatrixMarketField = 'real' | 'integer' | 'pattern';
/** Symmetry of a Matrix Market file that this reader supports. */
export type MatrixMarketSymmetry = 'general' | 'symmetric' | 'skew-symmetric';

const MAX_VERTICES = 0xffffffff;
const BANNER_SHAPE = '%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric|skew-symmetric>';
const SIZE_SHAPE = 'rows cols entries';
const PERCENT = 0x25;
/** Shortest entry line is `1 1` plus a newline. */
const MIN_ENTRY_LINE_BYTES = 4;

const FIELDS: Record<string, MatrixMarketField | 'unsupported'> = {
  real: 'real',
  integer: 'integer',
  pattern: 'pattern',
  complex: 'unsupported',
};
const SYMMETRIES: Record<string, MatrixMarketSymmetry | 'unsupported'> = {
  general: 'general',
  symmetric: 'symmetric',
  'skew-symmetric': 'skew-symmetric',
  hermitian: 'unsupported',
};

/**
 * Reads a Matrix Market coordinate file (`.mtx`) as a graph: entry `(i, j, v)` is arc `i-1 → j-1`
 * with weight `v`.
 *
 * Banner `%%MatrixMarket matrix coordinate real|integer|pattern general|symmetric|skew-symmetric`
 * (words case-insensitive), `%` comment and blank lines, a size line `rows cols entries` (square),
 * then exactly `entries` entries with 1-based indices. `symmetric` is expanded to both arcs (the
 * diagonal once) and gives `directed: false`; `skew-symmetric` adds the negated mirror and refuses
 * diagonal entries; `pattern` gives `weight: null`. A symmetric file may store either triangle but
 * not both. `complex`, `hermitian` and `array` are refused as unsupported.
 *
 * @example
 * ```ts
 * const g = readMatrixMarket('%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 4\n2 1 -3\n');
 * // g.n === 2, arcs 0→0 (4), 1→0 (-3), 0→1 (-3); g.directed === false
 * ```
 */
export function readMatrixMarket(input: GraphInput, options: ReadOptions = {}): EdgeList {
  const sc: LineScanner = new LineScanner(inputBytes(input), options.file, 'matrix-market');
  if (!sc.nextLine() || !sc.nextToken() || sc.tokenLower() !== '%%matrixmarket') {
    if (sc.line === 0) sc.failAtEnd(`empty input; expected the banner '${BANNER_SHAPE}'`);
    sc.failAtLine(`missing banner: line 1 must be '${BANNER_SHAPE}'`);
  }
  const { field, symmetry } = readBanner(sc);
  const entryShape = field === 'pattern' ? 'i j' : 'i j value';

  let n = 0;
  let declared = -1;
  let sizeLine = 0;
  let count = 0;
  let builder: EdgeListBuilder | null = null;
  let triangleLine = 0;
  let lowerTriangle = true;

  const readIndex = (what: string): number => {
    if (!sc.nextToken()) sc.failAtLineEnd(`line ends before the ${what} index (expected '${entryShape}')`);
    const id = sc.tokenInteger();
    if (Number.isNaN(id)) sc.failAtToken(`${what} index '${sc.tokenText()}' is not an integer`);
    if (id < 1 || id > n) sc.failAtToken(`${what} index ${sc.tokenText()} out of range 1..${n} (size line ${n} ${n} ${declared})`);
    return id - 1;
  };

  while (sc.nextLine()) {
    if (!sc.nextToken()) continue;
    if (sc.tokenFirstByte() === PERCENT) continue;
    if (builder === null) {
      n = sc.tokenUnsigned();
      if (!Number.isInteger(n) || n > MAX_VERTICES) sc.failAtToken(`row count '${sc.tokenText()}' is not an integer in 0..${MAX_VERTICES}`);
      sc.expectToken('the column count', SIZE_SHAPE);
      const cols = sc.tokenUnsigned();
      if (!Number.isInteger(cols)) sc.failAtToken(`column count '${sc.tokenText()}' is not a non-negative integer`);
      if (cols !== n) sc.failAtToken(`matrix is ${n}x${sc.tokenText()} but a graph needs a square matrix`);
      sc.expectToken('the entry count', SIZE_SHAPE);
      declared = sc.tokenUnsigned();
      if (!Number.isSafeInteger(declared)) sc.failAtToken(`entry count '${sc.tokenText()}' is not an integer in 0..${Number.MAX_SAFE_INTEGER}`);
      sc.expectLineEnd('the entry count', SIZE_SHAPE);
      sizeLine = sc.line;
      const expand = symmetry === 'general' ? 1 : 2;
      const maxEntriesLeft = Math.floor(sc.remainingBytes() / MIN_ENTRY_LINE_BYTES) + 1;
      builder = new EdgeListBuilder(field !== 'pattern', Math.min(declared, maxEntriesLeft) * expand);
      continue;
    }
    if (count === declared) sc.failAtToken(`more entries than the ${declared} declared by the size line (line ${sizeLine})`);
    sc.pos = sc.tokenStart;
    const i = readIndex('row');
    const j = readIndex('column');
    let value = 0;
    if (field !== 'pattern') {
      sc.expectToken('the value', entryShape);
      if (field === 'integer') {
        value = sc.tokenInteger();
        if (Number.isNaN(value)) sc.failAtToken(`value '${sc.tokenText()}' is not an integer (field is integer)`);
        if (!Number.isSafeInteger(value)) sc.failAtToken(`value ${sc.tokenText()} is outside the safe integer range ±${Number.MAX_SAFE_INTEGER}`);
      } else {
        value = sc.tokenDecimal();
        if (Number.isNaN(value)) sc.failAtToken(`value '${sc.tokenText()}' is not a decimal number`);
        if (!Number.isFinite(value)) sc.failAtToken(`value ${sc.tokenText()} overflows a double`);
      }
    }
    sc.expectLineEnd(field === 'pattern' ? 'the column index (field is pattern)' : 'the value', entryShape);
    count++;
    builder.push(i, j, value);
    if (symmetry === 'general' || i === j) {
      if (i === j && symmetry === 'skew-symmetric') {
        sc.failAtLine(`diagonal entry (${i + 1}, ${j + 1}) in a skew-symmetric matrix (its diagonal is zero and not stored)`);
      }
      continue;
    }
    const lower = i > j;
    if (triangleLine === 0) {
      triangleLine = sc.line;
      lowerTriangle = lower;
    } else if (lower !== lowerTriangle) {
      const [was, now] = lowerTriangle ? ['lower', 'upper'] : ['upper', 'lower'];
      sc.failAtLine(`${symmetry} file mixes ${was} (line ${triangleLine}) and ${now} triangle entries; store one triangle only`);
    }
    builder.push(j, i, symmetry === 'skew-symmetric' ? -value : value);
  }
  if (builder === null) sc.failAtEnd(`no size line '${SIZE_SHAPE}' after the banner`);
  if (count !== declared) {
    sc.failAtEnd(`found ${count} entries but the size line (line ${sizeLine}) declares ${declared}`);
  }
  return builder.finish(n, symmetry !== 'symmetric');
}

function readBanner(sc: LineScanner): { field: MatrixMarketField; symmetry: MatrixMarketSymmetry } {
  sc.expectToken('the object', BANNER_SHAPE);
  const object = sc.tokenLower();
  if (object !== 'matrix') sc.failAtToken(`unsupported object '${sc.tokenText()}' (supported: matrix)`);

  sc.expectToken('the format', BANNER_SHAPE);
  const format = sc.tokenLower();
  if (format === 'array') sc.failAtToken(`unsupported format 'array' (supported: coordinate)`);
  if (format !== 'coordinate') sc.failAtToken(`unknown format '${sc.tokenText()}' (expected coordinate or array)`);

  sc.expectToken('the field', BANNER_SHAPE);
  const fieldWord = sc.tokenLower();
  if (!Object.hasOwn(FIELDS, fieldWord)) {
    sc.failAtToken(`unknown field '${sc.tokenText()}' (expected real, integer, pattern or complex)`);
  }
  const field = FIELDS[fieldWord];
  if (field === 'unsupported') sc.failAtToken(`unsupported field '${sc.tokenText()}' (supported: real, integer, pattern)`);

  sc.expectToken('the symmetry', BANNER_SHAPE);
  const symmetryWord = sc.tokenLower();
  if (!Object.hasOwn(SYMMETRIES, symmetryWord)) {
    sc.failAtToken(`unknown symmetry '${sc.tokenText()}' (expected general, symmetric, skew-symmetric or hermitian)`);
  }
  const symmetry = SYMMETRIES[symmetryWord];
  if (symmetry === 'unsupported') {
    sc.failAtToken(`unsupported symmetry '${sc.tokenText()}' (supported: general, symmetric, skew-symmetric)`);
  }
  if (field === 'pattern' && symmetry === 'skew-symmetric') {
    sc.failAtToken(`'pattern skew-symmetric' is not a valid combination (a pattern has no values to negate)`);
  }
  sc.expectLineEnd('the symmetry', BANNER_SHAPE);
  return { field, symmetry };
}
