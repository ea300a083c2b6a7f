import type { EdgeList } from '../../edge-list.js';
import { edgeListBodyRequest, MAX_EDGE_LIST_ID, readEdgeListBody } from './edge-list-body.js';
import { inputBytes, type GraphInput } from '../../text/input-bytes.js';
import { LineScanner } from '../../text/line-scanner.js';
import { mapEdgeListIds, type EdgeListIds } from './map-edge-list-ids.js';
import type { ReadOptions } from '../read-options.js';
import { checkSnapEdgeCount, findSnapHeader } from './snap-header.js';
import { finishOnThisThread, type PendingBody } from '../../text/pending-body.js';

/** Options of {@link readEdgeList}. */
export interface EdgeListReadOptions extends ReadOptions {
  /** `false` reads each line as an undirected edge and adds its mirror arc (self-loops once). Default `true`. */
  readonly directed?: boolean;
  /**
   * Vertex count; every vertex must be below it (after the `ids` mapping). Not allowed with
   * `ids: 'compact'`; with `auto` it means `zero-based`. Default: from the ids.
   */
  readonly n?: number;
  /** Id mapping; default `auto`. */
  readonly ids?: EdgeListIds;
}

const ID_MODES: readonly EdgeListIds[] = ['auto', 'zero-based', 'one-based', 'compact'];

/**
 * Reads a SNAP-style / plain edge list (`.txt`, `.el`, `.wel`): one edge `u v` or `u v w` per
 * line, space or tab separated, CRLF tolerated, `#` (or `%`) comment lines and blank lines
 * skipped. The weight column is on all lines or on none. Ids map to vertices by `options.ids`.
 *
 * A SNAP header `# Nodes: N Edges: M` among the comment lines before the first edge is checked: the number of edge lines must be M (a
 * mismatch means a truncated or edited file, so it is an error naming the header line and both
 * numbers), and the edges may name at most N distinct vertices (fewer is fine: SNAP counts
 * isolated nodes, which an edge list cannot show; with 0- or 1-based ids n is raised to N).
 *
 * @example
 * ```ts
 * const g = readEdgeList('# tiny\n0\t1\r\n1\t2\r\n');
 * // g.n === 3, g.src = [0, 1], g.dst = [1, 2], g.weight === null, g.directed === true
 * const u = readEdgeList('0 1 2.5\n', { directed: false }); // arcs 0→1 and 1→0, both 2.5
 * const s = readEdgeList('10 5000\n5000 77\n'); // sparse: n === 3, ids = [10, 77, 5000], arcs 0→2, 2→1
 * ```
 */
export function readEdgeList(input: GraphInput, options: EdgeListReadOptions = {}): EdgeList {
  return finishOnThisThread(beginEdgeList(input, options));
}

/**
 * Checks the options and finds any SNAP header, then returns the rest of {@link readEdgeList} as a
 * {@link PendingBody}, so that the body can be parsed elsewhere (in worker threads by `readGraphFile`).
 *
 * @example
 * ```ts
 * const pending = beginEdgeList(bytes, { file: 'g.txt' });
 * const g = pending.finish(pending.request && (await parallelFastEntries(pending.request, { threads: 2 })));
 * ```
 */
export function beginEdgeList(input: GraphInput, options: EdgeListReadOptions = {}): PendingBody<EdgeList> {
  const sc: LineScanner = new LineScanner(inputBytes(input), options.file, 'edge-list');
  const directed = options.directed ?? true;
  const mode = options.ids ?? 'auto';
  const givenN = options.n;
  if (!ID_MODES.includes(mode)) throw new RangeError(`options.ids = ${String(mode)} (expected ${ID_MODES.join(', ')})`);
  if (givenN !== undefined && (!Number.isInteger(givenN) || givenN < 0 || givenN > MAX_EDGE_LIST_ID + 1)) {
    throw new RangeError(`options.n = ${givenN} is not an integer in 0..${MAX_EDGE_LIST_ID + 1}`);
  }
  if (givenN !== undefined && mode === 'compact') throw new RangeError(`options.n cannot be combined with ids: 'compact' (n is the number of distinct ids)`);
  const header = findSnapHeader(sc);
  const body = { directed, base: mode === 'one-based' ? 1 : 0, n: givenN } as const;
  return {
    request: edgeListBodyRequest(sc.bytes, body, header?.edges ?? null),
    finish: (fast) => {
      const { edges, lines, maxId } = readEdgeListBody(sc, body, fast);
      if (header !== null) checkSnapEdgeCount(sc, header, lines);
      return mapEdgeListIds(edges, { mode, n: givenN, maxId, header, scanner: sc });
    },
  };
}
