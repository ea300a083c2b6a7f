import { distinctIds, renumberIds } from './compact-ids.js';
import type { EdgeList } from '../../edge-list.js';
import type { LineScanner } from '../../text/line-scanner.js';
import { failAtSnapHeader, type SnapHeader } from './snap-header.js';

/**
 * How the vertex ids of an edge list map to 0..n−1:
 * - `zero-based`: as they are; n = largest id + 1 (or the SNAP header's node count if larger).
 * - `one-based`: id k is vertex k − 1; id 0 is an error; n = largest id (or the header's count).
 * - `compact`: the distinct ids, sorted ascending, become 0..k−1 (so the order of ids is kept and
 *   the result does not depend on line order); `EdgeList.ids` holds the original id of each vertex.
 * - `auto` (default): `compact` when the ids are sparse — largest id + 1 > 2 × distinct ids, i.e.
 *   more than half of 0..max would be isolated vertices — else `zero-based`. It never guesses
 *   `one-based`: a file without id 0 may as well be 0-based with vertex 0 isolated.
 */
export type EdgeListIds = 'auto' | 'zero-based' | 'one-based' | 'compact';

/** What {@link mapEdgeListIds} needs to know about the file just read. */
export interface EdgeListIdContext {
  readonly mode: EdgeListIds;
  /** Vertex count given by the caller (never with `compact`). */
  readonly n: number | undefined;
  /** Largest id read, after subtracting 1 for `one-based`; -1 when there are no edges. */
  readonly maxId: number;
  readonly header: SnapHeader | null;
  /** The scanner that read the file, for errors at the header line. */
  readonly scanner: LineScanner;
}

/**
 * Turns the ids an edge list reader stored (0-based, or already shifted for `one-based`) into
 * vertices: sets n, compacts sparse ids when the mode says so (renumbering `src`/`dst` in place and
 * setting `ids`), and checks the SNAP header's node count against the distinct ids.
 *
 * @example
 * ```ts
 * // inside readEdgeList, once the body is read:
 * return mapEdgeListIds(edges, { mode: 'auto', n: undefined, maxId, header, scanner: sc });
 * ```
 */
export function mapEdgeListIds(edges: EdgeList, context: EdgeListIdContext): EdgeList {
  const { mode, n, maxId, header } = context;
  const autoDecides = mode === 'auto' && n === undefined;
  const labels = mode === 'compact' || autoDecides || header !== null ? distinctIds(edges.src, edges.dst, maxId) : null;
  if (header !== null && labels !== null && labels.length > header.nodes) {
    failAtSnapHeader(context.scanner, header, `the header declares ${header.nodes} nodes but the edges name ${labels.length} distinct vertices`);
  }
  const sparse = labels !== null && maxId + 1 > 2 * labels.length;
  if (labels !== null && (mode === 'compact' || (autoDecides && sparse))) {
    renumberIds(edges.src, labels);
    renumberIds(edges.dst, labels);
    return { ...edges, n: labels.length, ids: labels };
  }
  return { ...edges, n: n ?? Math.max(maxId + 1, header?.nodes ?? 0) };
}
