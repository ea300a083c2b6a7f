import type { EdgeList } from '../../edge-list.js';
import { EdgeListBuilder } from '../../edge-list-builder.js';
import type { LineScanner } from '../../text/line-scanner.js';
import type { FastEntries, FastEntriesRequest } from '../../text/fast-entries.js';
import { firstDataColumns } from '../../text/first-data-columns.js';
import { MAX_VERTICES } from '../../graph-limits.js';

/** What {@link readEdgeListBody} read: the arcs (n not set yet), the edge-line count and the largest id. */
export interface EdgeListBody {
  readonly edges: EdgeList;
  readonly lines: number;
  /** Largest id after subtracting `base`; -1 for no edges. */
  readonly maxId: number;
}

/** How the body reads ids and edges. */
export interface EdgeListBodyOptions {
  readonly directed: boolean;
  /** Subtracted from every id (1 for one-based files); an id below it is an error. */
  readonly base: 0 | 1;
  /** Vertex count given by the caller: ids (after `base`) must be below it. */
  readonly n: number | undefined;
}

/** Largest id an edge list may use: 2^32 − 1 is reserved as "no vertex". */
export const MAX_EDGE_LIST_ID = MAX_VERTICES - 1;
const HASH = 0x23;
const PERCENT = 0x25;
/** First guess at bytes per edge line (SNAP files run 9–12); storage grows if lines are shorter. */
const TYPICAL_EDGE_LINE_BYTES = 10;

/**
 * The fast-path request for an edge list's body (the whole text; comments are skipped there too).
 *
 * @example
 * ```ts
 * const fast = fastEntries(edgeListBodyRequest(bytes, { directed: true, base: 0, n: undefined }, null));
 * ```
 */
export function edgeListBodyRequest(bytes: Uint8Array, options: EdgeListBodyOptions, expectedLines: number | null): FastEntriesRequest {
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const columns = firstDataColumns(bytes, start, bytes.length, [HASH, PERCENT]);
  return {
    bytes,
    start,
    end: bytes.length,
    value: columns >= 3 ? 'real' : 'none',
    idBase: options.base,
    maxId: options.n === undefined ? MAX_EDGE_LIST_ID : options.n - 1,
    commentBytes: [HASH, PERCENT],
    expectedCount: expectedLines ?? undefined,
  };
}

/**
 * Reads every edge line `u v` or `u v w` (the weight column on all lines or none, decided by the
 * first), skipping `#`/`%` comments and blank lines; `directed: false` adds each mirror (self-loops
 * once). Ids are stored as the file says minus `base`; mapping them to vertices is a later step.
 * `fast` is what the fast path read from {@link edgeListBodyRequest}; when it is null (declined or
 * not run) this strict loop reads the body and names any error exactly.
 *
 * @example
 * ```ts
 * const sc = new LineScanner(new TextEncoder().encode('# c\n0 1\n'), 'e.txt', 'edge-list');
 * readEdgeListBody(sc, { directed: true, base: 0, n: undefined }, null); // { edges: (one arc 0 → 1), lines: 1, maxId: 1 }
 * ```
 */
export function readEdgeListBody(sc: LineScanner, options: EdgeListBodyOptions, fast: FastEntries | null): EdgeListBody {
  const { directed, base, n: givenN } = options;
  if (fast !== null) return { edges: directed ? fastArcs(fast) : withMirrors(fast), lines: fast.count, maxId: fast.largestId };
  const idLimit = givenN === undefined ? MAX_EDGE_LIST_ID : givenN - 1;
  let builder: EdgeListBuilder | null = null;
  let firstLine = 0;
  let lines = 0;
  let maxId = -1;

  const readId = (what: string, shape: string): number => {
    if (!sc.nextToken()) sc.failAtLineEnd(`line ends before the ${what} (expected '${shape}')`);
    const raw = sc.tokenUnsigned();
    if (Number.isNaN(raw)) sc.failAtToken(`${what} '${sc.tokenText()}' is not a non-negative integer`);
    if (raw < base) sc.failAtToken(`${what} 0 in a one-based edge list (ids start at 1)`);
    const id = raw - base;
    if (id > idLimit) {
      sc.failAtToken(
        givenN === undefined
          ? `${what} ${sc.tokenText()} exceeds the largest supported id ${MAX_EDGE_LIST_ID + base}`
          : `${what} ${sc.tokenText()} out of range ${base}..${idLimit + base} (n = ${givenN})`,
      );
    }
    if (id > maxId) maxId = id;
    return id;
  };

  while (sc.nextLine()) {
    if (!sc.nextToken()) continue;
    const c = sc.tokenFirstByte();
    if (c === HASH || c === PERCENT) continue;
    sc.pos = sc.tokenStart;
    if (builder === null) {
      const weighted = countTokens(sc) >= 3;
      sc.pos = sc.lineStart;
      firstLine = sc.line;
      const edgesLeft = Math.floor(sc.remainingBytes() / TYPICAL_EDGE_LINE_BYTES) + 1;
      builder = new EdgeListBuilder(weighted, directed ? edgesLeft : 2 * edgesLeft);
    }
    const shape = builder.weighted ? 'u v w' : 'u v';
    const u = readId('tail id', shape);
    const v = readId('head id', shape);
    let w = 0;
    if (builder.weighted) {
      if (!sc.nextToken()) {
        sc.failAtLineEnd(`line has 2 columns but line ${firstLine} has 3 (a weight column must be on all lines or none)`);
      }
      w = sc.tokenDecimal();
      if (Number.isNaN(w)) sc.failAtToken(`weight '${sc.tokenText()}' is not a decimal number`);
      if (!Number.isFinite(w)) sc.failAtToken(`weight ${sc.tokenText()} overflows a double`);
    }
    if (sc.nextToken()) {
      if (!builder.weighted && isLastToken(sc)) {
        sc.failAtToken(`line has 3 columns but line ${firstLine} has 2 (a weight column must be on all lines or none)`);
      }
      sc.failAtToken(`unexpected '${sc.tokenText()}' after the ${builder.weighted ? 'weight' : 'head id'} (edge lines are 'u v' or 'u v w')`);
    }
    lines++;
    builder.push(u, v, w);
    if (!directed && u !== v) builder.push(v, u, w);
  }
  return { edges: (builder ?? new EdgeListBuilder(false, 0)).finish(0, directed), lines, maxId };
}

function fastArcs(fast: FastEntries): EdgeList {
  return { n: 0, src: fast.src, dst: fast.dst, weight: fast.value, directed: true };
}

/** Each line's arc followed by its mirror (a self-loop once), in the order the strict loop pushes them. */
function withMirrors(fast: FastEntries): EdgeList {
  const { src, dst, value, count } = fast;
  const builder = new EdgeListBuilder(value !== null, 2 * count);
  for (let k = 0; k < count; k++) {
    const u = src[k];
    const v = dst[k];
    const w = value === null ? 0 : value[k];
    builder.push(u, v, w);
    if (u !== v) builder.push(v, u, w);
  }
  return builder.finish(0, false);
}

/** Tokens left on the current line (moves the scanner to the line end). */
function countTokens(sc: LineScanner): number {
  let count = 0;
  while (sc.nextToken()) count++;
  return count;
}

/** Whether the token just read is the line's last (the scanner stays on that token). */
function isLastToken(sc: LineScanner): boolean {
  const { pos, tokenStart, tokenEnd } = sc;
  const more = sc.nextToken();
  sc.pos = pos;
  sc.tokenStart = tokenStart;
  sc.tokenEnd = tokenEnd;
  return !more;
}
