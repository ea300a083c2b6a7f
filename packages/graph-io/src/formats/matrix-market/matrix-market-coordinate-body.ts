import type { EdgeList } from '../../edge-list.js';
import { EdgeListBuilder } from '../../edge-list-builder.js';
import { LineScanner } from '../../text/line-scanner.js';
import type { MatrixMarketHeader } from './matrix-market-header.js';
import { matrixMarketValue } from './matrix-market-value.js';
import type { FastEntries, FastEntriesRequest } from '../../text/fast-entries.js';

const PERCENT = 0x25;
/** Shortest entry line is `1 1` plus a newline. */
const MIN_ENTRY_LINE_BYTES = 4;

/**
 * The fast-path request for a coordinate file's body, the scanner standing on the size line.
 *
 * @example
 * ```ts
 * const fast = fastEntries(matrixMarketBodyRequest(sc, header)); // null: read it strictly
 * ```
 */
export function matrixMarketBodyRequest(sc: LineScanner, header: MatrixMarketHeader): FastEntriesRequest {
  return {
    bytes: sc.bytes,
    start: Math.min(sc.lineEnd + 1, sc.bytes.length),
    end: sc.bytes.length,
    value: header.field === 'pattern' ? 'none' : header.field,
    idBase: 1,
    maxId: header.n - 1,
    commentBytes: [PERCENT],
    expectedCount: header.entries,
  };
}

/**
 * Reads the entries of a coordinate file, the scanner standing on the size line: exactly
 * `header.entries` lines `i j [value]` with 1-based indices in 1..n. Returns them as stored, one arc
 * `i-1 → j-1` per entry and nothing mirrored (that is {@link expandMatrixMarketSymmetry}'s job).
 * `fast` is what the fast path read from {@link matrixMarketBodyRequest}; when it is null (the fast
 * path declined, or was not run) this strict loop reads the body and names any error exactly.
 */
export function readMatrixMarketCoordinateBody(sc: LineScanner, header: MatrixMarketHeader, fast: FastEntries | null): EdgeList {
  const { n, field, entries: declared, sizeLine } = header;
  if (fast !== null) return { n, src: fast.src, dst: fast.dst, weight: fast.value, directed: true };
  const shape = field === 'pattern' ? 'i j' : 'i j value';
  const maxEntriesLeft = Math.floor(sc.remainingBytes() / MIN_ENTRY_LINE_BYTES) + 1;
  const builder = new EdgeListBuilder(field !== 'pattern', Math.min(declared, maxEntriesLeft));

  const readIndex = (what: string): number => {
    if (!sc.nextToken()) sc.failAtLineEnd(`line ends before the ${what} index (expected '${shape}')`);
    const id = sc.tokenInteger();
    if (Number.isNaN(id)) sc.failAtToken(`${what} index '${sc.tokenText()}' is not an integer`);
    if (id < 1 || id > n) sc.failAtToken(`${what} index ${sc.tokenText()} out of range 1..${n} (size line ${n} ${n} ${declared})`);
    return id - 1;
  };

  while (sc.nextLine()) {
    if (!sc.nextToken() || sc.tokenFirstByte() === PERCENT) continue;
    if (builder.length === declared) sc.failAtToken(`more entries than the ${declared} declared by the size line (line ${sizeLine})`);
    sc.pos = sc.tokenStart;
    const i = readIndex('row');
    const j = readIndex('column');
    let value = 0;
    if (field !== 'pattern') {
      sc.expectToken('the value', shape);
      value = matrixMarketValue(sc, field);
    }
    sc.expectLineEnd(field === 'pattern' ? 'the column index (field is pattern)' : 'the value', shape);
    builder.push(i, j, value);
  }
  if (builder.length !== declared) {
    sc.failAtEnd(`found ${builder.length} entries but the size line (line ${sizeLine}) declares ${declared}`);
  }
  return builder.finish(n, true);
}

/**
 * A scanner standing on the line of entry `index` (0-based, in file order) of a coordinate file,
 * for errors found after the body was read (triangles, duplicates). Rescans the text, so it is
 * only called on the error path.
 */
export function scannerAtMatrixMarketEntry(source: LineScanner, sizeLine: number, index: number): LineScanner {
  const sc = new LineScanner(source.bytes, source.file, source.format);
  let seen = -1;
  while (sc.nextLine()) {
    if (sc.line <= sizeLine || !sc.nextToken() || sc.tokenFirstByte() === PERCENT) continue;
    if (++seen === index) return sc;
  }
  throw new RangeError(`entry ${index} not found after line ${sizeLine}`);
}
