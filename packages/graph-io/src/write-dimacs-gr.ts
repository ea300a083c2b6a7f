import { AsciiWriter } from './ascii-writer.js';
import type { EdgeList } from './edge-list.js';
import { validateEdgeList } from './edge-list.js';

/** Options of {@link writeDimacsGr}. */
export interface WriteDimacsGrOptions {
  /** Comment lines written after a `c` at the top (newlines inside split into more comment lines). */
  readonly comments?: readonly string[];
  /** Weight written for every arc of a pattern graph (`weight: null`); required for those. */
  readonly patternWeight?: number;
}

const A = 0x61;
const SPACE = 0x20;
const NEWLINE = 0x0a;

/**
 * Writes an edge list as a DIMACS shortest-path file (`p sp N M`, `a U V W` with 1-based ids);
 * {@link readDimacsGr} reads it back to the same arcs. Every arc is written as listed (an
 * undirected list already holds both directions). Weights must be safe integers, the format
 * has no others: a `RangeError` names the first arc that is not.
 *
 * @example
 * ```ts
 * writeDimacsGr(edgeListFromArrays(2, [0], [1], [7]), { comments: ['tiny'] });
 * // 'c tiny\np sp 2 1\na 1 2 7\n'
 * ```
 */
export function writeDimacsGr(edges: EdgeList, options: WriteDimacsGrOptions = {}): string {
  validateEdgeList(edges);
  const { src, dst, weight } = edges;
  const patternWeight = options.patternWeight;
  if (weight === null) {
    if (patternWeight === undefined) {
      throw new TypeError('edge list has no weights (pattern graph); pass options.patternWeight');
    }
    if (!Number.isSafeInteger(patternWeight)) {
      throw new RangeError(`patternWeight ${patternWeight} is not a safe integer (DIMACS .gr weights are integers)`);
    }
  } else {
    for (let k = 0; k < weight.length; k++) {
      if (!Number.isSafeInteger(weight[k])) {
        throw new RangeError(`arc ${k} (${src[k]} → ${dst[k]}) has weight ${weight[k]}, not a safe integer (DIMACS .gr weights are integers)`);
      }
    }
  }
  const out = new AsciiWriter(64 + src.length * 24);
  for (const comment of options.comments ?? []) {
    for (const line of comment.split(/\r?\n/)) out.text(line === '' ? 'c\n' : `c ${line}\n`);
  }
  out.text(`p sp ${edges.n} ${src.length}\n`);
  for (let k = 0; k < src.length; k++) {
    out.byte(A);
    out.byte(SPACE);
    out.integer(src[k] + 1);
    out.byte(SPACE);
    out.integer(dst[k] + 1);
    out.byte(SPACE);
    out.integer(weight === null ? (patternWeight as number) : weight[k]);
    out.byte(NEWLINE);
  }
  return out.toString();
}
