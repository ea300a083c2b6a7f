import type { EdgeList } from './edge-list.js';
import { EdgeListBuilder } from './edge-list-builder.js';
import { inputBytes, type GraphInput } from './input-bytes.js';
import { LineScanner } from './line-scanner.js';
import type { ReadOptions } from './read-options.js';

/** Options of {@link readEdgeList}. */
export interface EdgeListReadOptions extends ReadOptions {
  /** `false` reads each line as an undirected edge and adds its mirror arc (self-loops once). Default `true`. */
  readonly directed?: boolean;
  /** Vertex count; every id must be below it. Default: largest id + 1 (0 for no edges). */
  readonly n?: number;
}

const MAX_ID = 0xfffffffe;
const HASH = 0x23;
const PERCENT = 0x25;
/** First guess at bytes per edge line (SNAP files run 9–12); storage grows if lines are shorter. */
const TYPICAL_EDGE_LINE_BYTES = 10;

/**
 * Reads a SNAP-style / plain edge list (`.txt`, `.el`, `.wel`): one edge `u v` or `u v w` per
 * line, 0-based ids, space or tab separated, CRLF tolerated, `#` (or `%`) comment lines and blank
 * lines skipped. The weight column is on all lines or on none; `n` is the largest id + 1 unless
 * given.
 *
 * @example
 * ```ts
 * const g = readEdgeList('# tiny\n0\t1\r\n1\t2\r\n');
 * // g.n === 3, g.src = [0, 1], g.dst = [1, 2], g.weight === null, g.directed === true
 * const u = readEdgeList('0 1 2.5\n', { directed: false }); // arcs 0→1 and 1→0, both 2.5
 * ```
 */
export function readEdgeList(input: GraphInput, options: EdgeListReadOptions = {}): EdgeList {
  const sc: LineScanner = new LineScanner(inputBytes(input), options.file, 'edge-list');
  const directed = options.directed ?? true;
  const givenN = options.n;
  if (givenN !== undefined && (!Number.isInteger(givenN) || givenN < 0 || givenN > MAX_ID + 1)) {
    throw new RangeError(`options.n = ${givenN} is not an integer in 0..${MAX_ID + 1}`);
  }
  const idLimit = givenN === undefined ? MAX_ID : givenN - 1;
  let builder: EdgeListBuilder | null = null;
  let firstLine = 0;
  let maxId = -1;

  const readId = (what: string, shape: string): number => {
    if (!sc.nextToken()) sc.failAtLineEnd(`line ends before the ${what} (expected '${shape}')`);
    const id = sc.tokenUnsigned();
    if (Number.isNaN(id)) sc.failAtToken(`${what} '${sc.tokenText()}' is not a non-negative integer`);
    if (id > idLimit) {
      sc.failAtToken(
        givenN === undefined
          ? `${what} ${sc.tokenText()} exceeds the largest supported id ${MAX_ID}`
          : `${what} ${sc.tokenText()} out of range 0..${idLimit} (n = ${givenN})`,
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
    builder.push(u, v, w);
    if (!directed && u !== v) builder.push(v, u, w);
  }
  const n = givenN ?? maxId + 1;
  return (builder ?? new EdgeListBuilder(false, 0)).finish(n, directed);
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
