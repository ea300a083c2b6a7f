import { AsciiWriter } from '../../text/ascii-writer.js';
import type { EdgeList } from '../../edge-list.js';
import { validateEdgeList } from '../../edge-list.js';
import type { MatrixMarketField } from './matrix-market-header.js';
import { commentLines, DEFAULT_CHUNK_BYTES, textOfChunks, type TextChunkOptions } from '../text-chunks.js';
import { checkMirrorCounts, checkWeights } from '../write-checks.js';

/** Options of {@link writeMatrixMarket}. */
export interface WriteMatrixMarketOptions {
  /**
   * Value field. Default: `pattern` for an unweighted list, `integer` when every weight is a safe
   * integer, else `real`. `pattern` on a weighted list drops the weights (you asked for it).
   */
  readonly field?: MatrixMarketField;
  /** Default `symmetric` for an undirected list (one triangle written), `general` otherwise. */
  readonly symmetry?: 'general' | 'symmetric';
  /** Comment lines written after the banner, each after a `%`. */
  readonly comments?: readonly string[];
}

/**
 * Writes an edge list as a Matrix Market coordinate file: arc `u → v` with weight `w` is entry
 * `u+1 v+1 w`. A `symmetric` file holds the lower triangle (u ≥ v) of an undirected list, as the
 * spec and SuiteSparse do; `general` holds every arc as listed. Real weights are written in their
 * shortest round-trip form, so {@link readMatrixMarket} (and scipy.io.mmread, fast_matrix_market)
 * read back exactly the same doubles. Refuses non-finite weights, non-integers under `integer`,
 * and a symmetric write of a list whose arcs are not mirrored, each with a `RangeError`. For files
 * beyond V8's string limit (~512 MB), use {@link matrixMarketChunks} or `writeGraphFile`.
 *
 * @example
 * ```ts
 * writeMatrixMarket(edgeListFromArrays(3, [0, 2], [1, 0], [0.5, 2]));
 * // '%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n3 1 2\n'
 * ```
 */
export function writeMatrixMarket(edges: EdgeList, options: WriteMatrixMarketOptions = {}): string {
  return textOfChunks(matrixMarketChunks(edges, options));
}

/**
 * The bytes of {@link writeMatrixMarket}'s file in chunks of `chunkBytes`, from one reused buffer (each
 * chunk is valid until the next is asked for). Checks the list and options at the call, before the
 * first chunk, with the same errors.
 *
 * @example
 * ```ts
 * for (const chunk of matrixMarketChunks(g, { chunkBytes: 4 << 20 })) await file.write(chunk);
 * ```
 */
export function matrixMarketChunks(edges: EdgeList, options: WriteMatrixMarketOptions & TextChunkOptions = {}): Generator<Uint8Array, void, undefined> {
  validateEdgeList(edges);
  const field = options.field ?? defaultField(edges);
  const symmetric = (options.symmetry ?? (edges.directed ? 'general' : 'symmetric')) === 'symmetric';
  if (field !== 'pattern' && edges.weight === null) throw new TypeError(`edge list has no weights; field '${field}' needs them (use 'pattern')`);
  checkWeights(edges, Number.isFinite, 'not finite (Matrix Market values are numbers)');
  if (field === 'integer') checkWeights(edges, Number.isSafeInteger, 'not a safe integer (field is integer)');
  if (symmetric) checkMirrorCounts(edges);
  return entries(edges, field, symmetric, options.comments, new AsciiWriter(options.chunkBytes ?? DEFAULT_CHUNK_BYTES));
}

function* entries(edges: EdgeList, field: MatrixMarketField, symmetric: boolean, comments: readonly string[] | undefined, out: AsciiWriter): Generator<Uint8Array, void, undefined> {
  const { src, dst } = edges;
  const weight = field === 'pattern' ? null : edges.weight;
  let count = 0;
  for (let k = 0; k < src.length; k++) if (!symmetric || src[k] >= dst[k]) count++;
  out.text(`%%MatrixMarket matrix coordinate ${field} ${symmetric ? 'symmetric' : 'general'}\n`);
  yield* commentLines(out, comments, '%');
  out.text(`${edges.n} ${edges.n} ${count}\n`);
  for (let k = 0; k < src.length; k++) {
    if (symmetric && src[k] < dst[k]) continue;
    out.integer(src[k] + 1);
    out.byte(0x20);
    out.integer(dst[k] + 1);
    if (weight !== null) {
      out.byte(0x20);
      if (field === 'integer') out.integer(weight[k]); // -0 as 0: an integer field has no signed zero
      else out.decimal(weight[k]);
    }
    out.byte(0x0a);
    if (out.full) yield* out.take();
  }
  yield* out.flush();
}

function defaultField(edges: EdgeList): MatrixMarketField {
  if (edges.weight === null) return 'pattern';
  return edges.weight.every(Number.isSafeInteger) ? 'integer' : 'real';
}
