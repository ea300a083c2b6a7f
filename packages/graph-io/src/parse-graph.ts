import type { EdgeList } from './edge-list.js';
import type { GraphFormat } from './graph-format.js';
import type { GraphInput } from './input-bytes.js';
import { readDimacsGr } from './read-dimacs-gr.js';
import { readEdgeList, type EdgeListReadOptions } from './read-edge-list.js';
import { readMatrixMarket } from './read-matrix-market.js';

/** Options of {@link parseGraph}; `directed` and `n` apply to edge lists only. */
export type ParseGraphOptions = EdgeListReadOptions;

/**
 * Parses graph text in the given format with the matching reader.
 *
 * @example
 * ```ts
 * const g = parseGraph('p sp 2 1\na 1 2 3\n', 'dimacs-gr', { file: 'x.gr' });
 * ```
 */
export function parseGraph(input: GraphInput, format: GraphFormat, options: ParseGraphOptions = {}): EdgeList {
  switch (format) {
    case 'dimacs-gr':
      return readDimacsGr(input, { file: options.file });
    case 'matrix-market':
      return readMatrixMarket(input, { file: options.file });
    case 'edge-list':
      return readEdgeList(input, options);
  }
}
