import { AsciiWriter } from '../../text/ascii-writer.js';
import type { EdgeList } from '../../edge-list.js';
import { validateEdgeList } from '../../edge-list.js';
import { commentLines, DEFAULT_CHUNK_BYTES, textOfChunks, type TextChunkOptions } from '../text-chunks.js';

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
 * has no others: a `RangeError` names the first arc that is not. For files beyond V8's string
 * limit (~512 MB), use {@link dimacsGrChunks} or `writeGraphFile`.
 *
 * @example
 * ```ts
 * writeDimacsGr(edgeListFromArrays(2, [0], [1], [7]), { comments: ['tiny'] });
 * // 'c tiny\np sp 2 1\na 1 2 7\n'
 * ```
 */
export function writeDimacsGr(edges: EdgeList, options: WriteDimacsGrOptions = {}): string {
  return textOfChunks(dimacsGrChunks(edges, options));
}

/**
 * The bytes of {@link writeDimacsGr}'s file in chunks of `chunkBytes`, from one reused buffer (each
 * chunk is valid until the next is asked for). Checks the list and options at the call, before the
 * first chunk, with the same errors.
 *
 * @example
 * ```ts
 * for (const chunk of dimacsGrChunks(g, { patternWeight: 1 })) await file.write(chunk);
 * ```
 */
export function dimacsGrChunks(edges: EdgeList, options: WriteDimacsGrOptions & TextChunkOptions = {}): Generator<Uint8Array, void, undefined> {
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
  return arcs(edges, patternWeight ?? 0, options.comments, new AsciiWriter(options.chunkBytes ?? DEFAULT_CHUNK_BYTES));
}

function* arcs(edges: EdgeList, patternWeight: number, comments: readonly string[] | undefined, out: AsciiWriter): Generator<Uint8Array, void, undefined> {
  const { src, dst, weight } = edges;
  yield* commentLines(out, comments, 'c');
  out.text(`p sp ${edges.n} ${src.length}\n`);
  for (let k = 0; k < src.length; k++) {
    out.byte(A);
    out.byte(SPACE);
    out.integer(src[k] + 1);
    out.byte(SPACE);
    out.integer(dst[k] + 1);
    out.byte(SPACE);
    out.integer(weight === null ? patternWeight : weight[k]);
    out.byte(NEWLINE);
    if (out.full) yield* out.take();
  }
  yield* out.flush();
}
