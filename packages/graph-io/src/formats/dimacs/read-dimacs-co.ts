import { inputBytes, type GraphInput } from '../../text/input-bytes.js';
import { LineScanner } from '../../text/line-scanner.js';
import type { ReadOptions } from '../read-options.js';
import { MAX_VERTICES } from '../../graph-limits.js';

/** Vertex coordinates of a DIMACS `.co` file: vertex k (0-based) is at `(x[k], y[k])`. */
export interface DimacsCoordinates {
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
}

const P_SHAPE = 'p aux sp co N';
const V_SHAPE = 'v ID X Y';

/**
 * Reads a DIMACS 9th challenge coordinate file (`.co`), the companion of a `.gr` graph.
 *
 * Lines: `c …` comments, exactly one `p aux sp co N` before any vertex, then `v ID X Y` with ID in
 * 1..N, each vertex exactly once (any order). X and Y are decimal numbers (the challenge files hold
 * integers, longitude and latitude × 10^6). Ids become 0-based. A repeated, missing or out-of-range
 * vertex throws a {@link GraphParseError} naming the line(s).
 *
 * @example
 * ```ts
 * const c = readDimacsCo('p aux sp co 2\nv 2 -73530767 41085396\nv 1 -73530538 41086098\n');
 * // c.n === 2, c.x = [-73530538, -73530767], c.y = [41086098, 41085396]
 * ```
 */
export function readDimacsCo(input: GraphInput, options: ReadOptions = {}): DimacsCoordinates {
  const sc: LineScanner = new LineScanner(inputBytes(input), options.file, 'dimacs-co');
  let n = -1;
  let pLine = 0;
  let count = 0;
  // NaN marks a vertex not seen yet: every coordinate read is finite.
  let x = new Float64Array(0);
  let y = new Float64Array(0);

  const readCoordinate = (what: string): number => {
    sc.expectToken(`the ${what} coordinate`, V_SHAPE);
    const value = sc.tokenDecimal();
    if (Number.isNaN(value)) sc.failAtToken(`${what} coordinate '${sc.tokenText()}' is not a decimal number`);
    if (!Number.isFinite(value)) sc.failAtToken(`${what} coordinate ${sc.tokenText()} overflows a double`);
    return value;
  };

  while (sc.nextLine()) {
    if (!sc.nextToken()) continue;
    if (sc.tokenFirstByte() === 0x63 /* c */) continue;
    if (sc.tokenIs('v')) {
      if (n < 0) sc.failAtToken(`vertex line before the '${P_SHAPE}' line`);
      sc.expectToken('the vertex id', V_SHAPE);
      const id = sc.tokenInteger();
      if (Number.isNaN(id)) sc.failAtToken(`vertex id '${sc.tokenText()}' is not an integer`);
      if (id < 1 || id > n) sc.failAtToken(`vertex id ${sc.tokenText()} out of range 1..${n} (p aux sp co ${n})`);
      const k = id - 1;
      if (!Number.isNaN(x[k])) sc.failAtToken(`vertex ${id} appears twice (first on line ${lineOfVertex(sc, id)})`);
      x[k] = readCoordinate('x');
      y[k] = readCoordinate('y');
      sc.expectLineEnd('the y coordinate', V_SHAPE);
      count++;
    } else if (sc.tokenIs('p')) {
      if (pLine !== 0) sc.failAtToken(`second p line (the first is line ${pLine})`);
      for (const word of ['aux', 'sp', 'co']) {
        sc.expectToken(`'${word}'`, P_SHAPE);
        if (!sc.tokenIs(word)) sc.failAtToken(`expected '${word}', found '${sc.tokenText()}' (expected '${P_SHAPE}')`);
      }
      sc.expectToken('the vertex count N', P_SHAPE);
      n = sc.tokenUnsigned();
      if (!Number.isInteger(n) || n > MAX_VERTICES) sc.failAtToken(`vertex count '${sc.tokenText()}' is not an integer in 0..${MAX_VERTICES}`);
      // Refuse a count no file of this size can hold before allocating for it (a vertex line takes 7+ bytes).
      if (n > sc.remainingBytes()) sc.failAtToken(`vertex count ${n} cannot fit in the ${sc.remainingBytes()} bytes that follow`);
      sc.expectLineEnd('the vertex count', P_SHAPE);
      pLine = sc.line;
      x = new Float64Array(n).fill(NaN);
      y = new Float64Array(n);
    } else {
      sc.failAtToken(`unknown line type '${sc.tokenText()}' (expected 'c' comment, '${P_SHAPE}' or '${V_SHAPE}')`);
    }
  }
  if (n < 0) sc.failAtEnd(`no '${P_SHAPE}' line`);
  if (count !== n) {
    const missing = x.findIndex(Number.isNaN) + 1;
    sc.failAtEnd(`found ${count} vertices but the p line (line ${pLine}) declares ${n}; vertex ${missing} has no 'v' line`);
  }
  return { n, x, y };
}

/** Line of the first `v` line for vertex `id`: rescans the text, so only called on the error path. */
function lineOfVertex(source: LineScanner, id: number): number {
  const sc = new LineScanner(source.bytes, source.file, source.format);
  while (sc.nextLine()) {
    if (sc.nextToken() && sc.tokenIs('v') && sc.nextToken() && sc.tokenInteger() === id) return sc.line;
  }
  return source.line;
}
