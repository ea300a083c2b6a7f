import { AsciiWriter } from '../../text/ascii-writer.js';
import type { EdgeList } from '../../edge-list.js';
import { validateEdgeList } from '../../edge-list.js';
import { commentLines, DEFAULT_CHUNK_BYTES, textOfChunks, type TextChunkOptions } from '../text-chunks.js';
import { checkMirrorCounts, checkWeights } from '../write-checks.js';

/**
 * Layout of a written edge list: `snap` (`#` comments and a `# Nodes: N Edges: M` header, tab
 * separated, weight column if weighted), or gapbs `el` (`u v`) / `wel` (`u v w`), space separated
 * with no header.
 */
export type EdgeListStyle = 'snap' | 'el' | 'wel';

/** Options of {@link writeEdgeList}. */
export interface WriteEdgeListOptions {
  /** Default `snap`. */
  readonly style?: EdgeListStyle;
  /** Comment lines written at the top after a `#` (`snap` only). */
  readonly comments?: readonly string[];
}

/**
 * Writes an edge list as text, 0-based. An undirected list is written one line per edge (u ≤ v),
 * as SNAP does; read it back with `directed: false`. Vertices are written by their original ids
 * when the list has `ids` (so a compacted file keeps the user's labels), else by index. Weights
 * take their shortest round-trip form. For files beyond V8's
 * string limit (~512 MB), use {@link edgeListChunks} or `writeGraphFile`. The SNAP header's node count is n (isolated vertices
 * included), so {@link readEdgeList} gives back the same n. `el` refuses a weighted list and `wel`
 * an unweighted one (a `TypeError`) rather than drop or invent weights.
 *
 * @example
 * ```ts
 * writeEdgeList(edgeListFromArrays(3, [0, 1], [1, 2], [1.5, 2]));
 * // '# Nodes: 3 Edges: 2\n0\t1\t1.5\n1\t2\t2\n'
 * writeEdgeList(edgeListFromArrays(3, [0, 1], [1, 2]), { style: 'el' }); // '0 1\n1 2\n'
 * ```
 */
export function writeEdgeList(edges: EdgeList, options: WriteEdgeListOptions = {}): string {
  return textOfChunks(edgeListChunks(edges, options));
}

/**
 * The bytes of {@link writeEdgeList}'s file in chunks of `chunkBytes`, from one reused buffer (each
 * chunk is valid until the next is asked for). Checks the list and options at the call, before the
 * first chunk, with the same errors.
 *
 * @example
 * ```ts
 * for (const chunk of edgeListChunks(g, { style: 'el' })) await file.write(chunk);
 * ```
 */
export function edgeListChunks(edges: EdgeList, options: WriteEdgeListOptions & TextChunkOptions = {}): Generator<Uint8Array, void, undefined> {
  validateEdgeList(edges);
  const style = options.style ?? 'snap';
  if (style === 'el' && edges.weight !== null) throw new TypeError(`edge list has weights; style 'el' would drop them (use 'wel' or 'snap')`);
  if (style === 'wel' && edges.weight === null) throw new TypeError(`edge list has no weights; style 'wel' needs them (use 'el' or 'snap')`);
  checkWeights(edges, Number.isFinite, 'not finite');
  if (!edges.directed) checkMirrorCounts(edges);
  return lines(edges, style, options.comments, new AsciiWriter(options.chunkBytes ?? DEFAULT_CHUNK_BYTES));
}

function* lines(edges: EdgeList, style: EdgeListStyle, comments: readonly string[] | undefined, out: AsciiWriter): Generator<Uint8Array, void, undefined> {
  const { src, dst, weight, ids } = edges;
  const keep = (k: number): boolean => edges.directed || src[k] <= dst[k];
  const label = (v: number): number => (ids === undefined ? v : ids[v]);
  const separator = style === 'snap' ? 0x09 : 0x20;
  if (style === 'snap') {
    let count = 0;
    for (let k = 0; k < src.length; k++) if (keep(k)) count++;
    yield* commentLines(out, comments, '#');
    if (!edges.directed) out.text('# Undirected graph: each edge listed once (u <= v)\n');
    out.text(`# Nodes: ${edges.n} Edges: ${count}\n`);
  }
  for (let k = 0; k < src.length; k++) {
    if (!keep(k)) continue;
    out.integer(label(src[k]));
    out.byte(separator);
    out.integer(label(dst[k]));
    if (weight !== null) {
      out.byte(separator);
      out.decimal(weight[k]);
    }
    out.byte(0x0a);
    if (out.full) yield* out.take();
  }
  yield* out.flush();
}
