import type { EdgeList } from '../edge-list.js';
import type { GraphFormat } from './graph-format.js';
import type { GraphInput } from '../text/input-bytes.js';
import { readDimacsGr } from './dimacs/read-dimacs-gr.js';
import { beginEdgeList, type EdgeListReadOptions } from './edge-list/read-edge-list.js';
import { beginMatrixMarket, type MatrixMarketReadOptions } from './matrix-market/read-matrix-market.js';
import { finishOnThisThread, type PendingBody } from '../text/pending-body.js';

/** Options of {@link parseGraph}: `directed`, `n` and `ids` apply to edge lists, `duplicates` to Matrix Market. */
export type ParseGraphOptions = EdgeListReadOptions & MatrixMarketReadOptions;

/**
 * Parses graph text in the given format with the matching reader.
 *
 * @example
 * ```ts
 * const g = parseGraph('p sp 2 1\na 1 2 3\n', 'dimacs-gr', { file: 'x.gr' });
 * const e = parseGraph('7 9\n', 'edge-list', { ids: 'compact' }); // n === 2, ids = [7, 9]
 * ```
 */
export function parseGraph(input: GraphInput, format: GraphFormat, options: ParseGraphOptions = {}): EdgeList {
  return finishOnThisThread(beginParseGraph(input, format, options));
}

/**
 * {@link parseGraph} up to the numeric body: the header is read and checked, and the body is left
 * for the fast path on this thread or in workers (`request` is null for formats without one).
 *
 * @example
 * ```ts
 * const pending = beginParseGraph(bytes, 'matrix-market', { file: 'm.mtx' });
 * const g = pending.finish(pending.request && (await parallelFastEntries(pending.request, { threads: 2 })));
 * ```
 */
export function beginParseGraph(input: GraphInput, format: GraphFormat, options: ParseGraphOptions = {}): PendingBody<EdgeList> {
  if (options.duplicates !== undefined && format !== 'matrix-market') {
    throw new RangeError(`options.duplicates applies to Matrix Market files only, not ${format}`);
  }
  switch (format) {
    case 'dimacs-gr':
      return { request: null, finish: () => readDimacsGr(input, { file: options.file }) };
    case 'matrix-market':
      return beginMatrixMarket(input, { file: options.file, duplicates: options.duplicates });
    case 'edge-list':
      return beginEdgeList(input, options);
  }
  // Untyped callers (a format named at run time) would otherwise meet a TypeError from deep inside.
  const other = format as string;
  throw new RangeError(
    other === 'dimacs-co'
      ? 'format dimacs-co holds vertex coordinates, not a graph; read it with readDimacsCo'
      : `format = ${JSON.stringify(other)} (expected dimacs-gr, matrix-market or edge-list)`,
  );
}
