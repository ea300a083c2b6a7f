import { AsciiWriter } from './ascii-writer.js';
import type { EdgeList } from './edge-list.js';
import { validateEdgeList } from './edge-list.js';
import type { MatrixMarketField } from './matrix-market-header.js';
import { shortestDecimal } from './shortest-decimal.js';
import { checkMirrorCounts, checkWeights } from './write-checks.js';

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
 * and a symmetric write of a list whose arcs are not mirrored, each with a `RangeError`.
 *
 * @example
 * ```ts
 * writeMatrixMarket(edgeListFromArrays(3, [0, 2], [1, 0], [0.5, 2]));
 * // '%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n3 1 2\n'
 * ```
 */
export function writeMatrixMarket(edges: EdgeList, options: WriteMatrixMarketOptions = {}): string {
  validateEdgeList(edges);
  const { src, dst, weight } = edges;
  const field = options.field ?? defaultField(edges);
  const symmetric = (options.symmetry ?? (edges.directed ? 'general' : 'symmetric')) === 'symmetric';
  if (field !== 'pattern' && weight === null) throw new TypeError(`edge list has no weights; field '${field}' needs them (use 'pattern')`);
  checkWeights(edges, Number.isFinite, 'not finite (Matrix Market values are numbers)');
  if (field === 'integer') checkWeights(edges, Number.isSafeInteger, 'not a safe integer (field is integer)');
  if (symmetric) checkMirrorCounts(edges);

  let entries = 0;
  for (let k = 0; k < src.length; k++) if (!symmetric || src[k] >= dst[k]) entries++;
  const out = new AsciiWriter(64 + entries * (weight === null ? 16 : 36));
  out.text(`%%MatrixMarket matrix coordinate ${field} ${symmetric ? 'symmetric' : 'general'}\n`);
  for (const comment of options.comments ?? []) {
    for (const line of comment.split(/\r?\n/)) out.text(`%${line === '' ? '' : ' '}${line}\n`);
  }
  out.text(`${edges.n} ${edges.n} ${entries}\n`);
  for (let k = 0; k < src.length; k++) {
    if (symmetric && src[k] < dst[k]) continue;
    out.integer(src[k] + 1);
    out.byte(0x20);
    out.integer(dst[k] + 1);
    if (field !== 'pattern' && weight !== null) {
      out.byte(0x20);
      if (field === 'integer') out.integer(weight[k]);
      else out.text(shortestDecimal(weight[k]));
    }
    out.byte(0x0a);
  }
  return out.toString();
}

function defaultField(edges: EdgeList): MatrixMarketField {
  if (edges.weight === null) return 'pattern';
  return edges.weight.every(Number.isSafeInteger) ? 'integer' : 'real';
}
