import type { EdgeList } from '../../edge-list.js';
import { inputBytes, type GraphInput } from '../../text/input-bytes.js';
import { LineScanner } from '../../text/line-scanner.js';
import { readMatrixMarketArrayBody } from './matrix-market-array-body.js';
import {
  matrixMarketBodyRequest,
  readMatrixMarketCoordinateBody,
  scannerAtMatrixMarketEntry,
} from './matrix-market-coordinate-body.js';
import { readMatrixMarketHeader, type MatrixMarketHeader } from './matrix-market-header.js';
import { expandMatrixMarketSymmetry, type EntryLocator } from './matrix-market-symmetry.js';
import type { ReadOptions } from '../read-options.js';
import { combineDuplicates } from '../../transforms/combine-duplicates.js';
import { DuplicateArcError } from '../../transforms/duplicate-arc-error.js';
import { finishOnThisThread, type PendingBody } from '../../text/pending-body.js';

/**
 * What to do with entries at the same position (i, j), which the Matrix Market format allows:
 * `keep` them as parallel arcs (the default: nothing is lost, and `denseFromEdges` combines them
 * later with the semiring's own rule), `sum` them (the usual sparse-matrix meaning, as scipy
 * gives), take their `min` (shortest paths), take the `last` one, or throw an `error` naming both lines.
 */
export type MatrixMarketDuplicates = 'keep' | 'sum' | 'min' | 'last' | 'error';

/** Options of {@link readMatrixMarket}. */
export interface MatrixMarketReadOptions extends ReadOptions {
  /** Policy for repeated positions; default `keep`. Applied after symmetric expansion. */
  readonly duplicates?: MatrixMarketDuplicates;
}

/**
 * Reads a Matrix Market file (`.mtx`) as a graph: entry `(i, j, v)` is arc `i-1 → j-1` with weight `v`.
 *
 * Banner `%%MatrixMarket matrix coordinate|array real|integer|pattern general|symmetric|skew-symmetric|hermitian`
 * (words case-insensitive), `%` comment and blank lines anywhere, a size line (square only), then
 * the entries. Coordinate files list exactly `entries` lines `i j [v]`, 1-based; array files list
 * values one per line in column-major order, and their zeros are not arcs. `symmetric` is expanded
 * to both arcs (the diagonal once) and gives `directed: false`; `hermitian` with a real or integer
 * field is read as symmetric (a real number is its own conjugate); `skew-symmetric` adds the negated
 * mirror and refuses diagonal entries; a symmetric file stores one triangle, either one, not both;
 * `pattern` gives `weight: null`. `complex` is refused as unsupported. Repeated positions follow
 * `options.duplicates`. Reading goes header → body → symmetry → duplicates, each its own step.
 *
 * @example
 * ```ts
 * const g = readMatrixMarket('%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 4\n2 1 -3\n');
 * // g.n === 2, arcs 0→0 (4), 1→0 (-3), then the mirror 0→1 (-3); g.directed === false
 * const d = readMatrixMarket('%%MatrixMarket matrix array integer general\n2 2\n0\n5\n7\n0\n');
 * // arcs 1→0 (5) and 0→1 (7): values go down column 1, then column 2
 * ```
 */
export function readMatrixMarket(input: GraphInput, options: MatrixMarketReadOptions = {}): EdgeList {
  return finishOnThisThread(beginMatrixMarket(input, options));
}

/**
 * Reads a Matrix Market file's header and returns the rest of {@link readMatrixMarket} as a
 * {@link PendingBody}, so that the numeric body of a coordinate file can be parsed elsewhere (in
 * worker threads by `readGraphFile`). Header errors are thrown here.
 *
 * @example
 * ```ts
 * const pending = beginMatrixMarket(bytes, { file: 'm.mtx' });
 * const g = pending.finish(pending.request && (await parallelFastEntries(pending.request, { threads: 2 })));
 * ```
 */
export function beginMatrixMarket(input: GraphInput, options: MatrixMarketReadOptions = {}): PendingBody<EdgeList> {
  const sc = new LineScanner(inputBytes(input), options.file, 'matrix-market');
  const header = readMatrixMarketHeader(sc);
  const coordinate = header.format === 'coordinate';
  return {
    request: coordinate ? matrixMarketBodyRequest(sc, header) : null,
    finish: (fast) => {
      const stored = coordinate ? readMatrixMarketCoordinateBody(sc, header, fast) : readMatrixMarketArrayBody(sc, header);
      return applyRules(sc, header, stored, options.duplicates ?? 'keep');
    },
  };
}

/** Symmetric expansion, then the duplicates policy, each error located at its entry's line. */
function applyRules(sc: LineScanner, header: MatrixMarketHeader, stored: EdgeList, policy: MatrixMarketDuplicates): EdgeList {
  const at = entryLocator(sc, header);
  const arcs = expandMatrixMarketSymmetry(stored, header.symmetry, at);
  if (policy === 'keep') return arcs;
  try {
    return combineDuplicates(arcs, policy);
  } catch (error) {
    if (!(error instanceof DuplicateArcError)) throw error;
    const a = storedEntryOf(stored, error.first);
    const b = storedEntryOf(stored, error.second);
    const [first, second] = [Math.min(a, b), Math.max(a, b)];
    return at.fail(second, `entry (${stored.src[second] + 1}, ${stored.dst[second] + 1}) repeats the position of line ${at.line(first)} (duplicates: 'error')`);
  }
}

/** Locates stored entries of a coordinate file by rescanning its text (array files never need it). */
function entryLocator(sc: LineScanner, header: MatrixMarketHeader): EntryLocator {
  const scannerAt = (entry: number): LineScanner => scannerAtMatrixMarketEntry(sc, header.sizeLine, entry);
  return {
    line: (entry) => scannerAt(entry).line,
    fail: (entry, rule) => scannerAt(entry).failAtLine(rule),
  };
}

/** The stored entry that arc `arc` of {@link expandMatrixMarketSymmetry}'s output comes from. */
function storedEntryOf(stored: EdgeList, arc: number): number {
  const { src, dst } = stored;
  if (arc < src.length) return arc;
  let mirrors = arc - src.length;
  for (let k = 0; k < src.length; k++) {
    if (src[k] !== dst[k] && mirrors-- === 0) return k;
  }
  throw new RangeError(`arc ${arc} is past the expanded matrix`);
}
