import type { EdgeList } from '../../edge-list.js';
import { EdgeListBuilder } from '../../edge-list-builder.js';
import { inputBytes, type GraphInput } from '../../text/input-bytes.js';
import { LineScanner } from '../../text/line-scanner.js';
import type { ReadOptions } from '../read-options.js';
import { MAX_VERTICES } from '../../graph-limits.js';

const ARC_SHAPE = 'a U V W';
const P_SHAPE = 'p sp N M';
/** Shortest arc line is `a 1 1 1` plus a newline. */
const MIN_ARC_LINE_BYTES = 8;

/**
 * Reads a DIMACS 9th challenge shortest-path file (`.gr`) into a directed {@link EdgeList}.
 *
 * Lines: `c …` comments, exactly one `p sp N M` before any arc, `a U V W` arcs with 1-based ids
 * in 1..N and integer weights (negative kept), blank lines. The arc count must equal M. Ids
 * become 0-based. Anything else throws a {@link GraphParseError} naming file, line and column.
 *
 * @example
 * ```ts
 * const g = readDimacsGr('c tiny\np sp 3 2\na 1 2 7\na 2 3 -1\n', { file: 'tiny.gr' });
 * // g.n === 3, g.src = [0, 1], g.dst = [1, 2], g.weight = [7, -1], g.directed === true
 * ```
 */
export function readDimacsGr(input: GraphInput, options: ReadOptions = {}): EdgeList {
  const sc: LineScanner = new LineScanner(inputBytes(input), options.file, 'dimacs-gr');
  let n = 0;
  let m = 0;
  let pLine = 0;
  let builder: EdgeListBuilder | null = null;

  const readId = (what: string): number => {
    if (!sc.nextToken()) sc.failAtLineEnd(`line ends before the arc ${what} (expected '${ARC_SHAPE}')`);
    const id = sc.tokenInteger();
    if (Number.isNaN(id)) sc.failAtToken(`arc ${what} '${sc.tokenText()}' is not an integer`);
    if (id < 1 || id > n) sc.failAtToken(`arc ${what} ${sc.tokenText()} out of range 1..${n} (p sp ${n} ${m})`);
    return id - 1;
  };

  while (sc.nextLine()) {
    if (!sc.nextToken()) continue;
    if (sc.tokenFirstByte() === 0x63 /* c */) continue;
    if (sc.tokenIs('a')) {
      if (builder === null) sc.failAtToken(`arc line before the '${P_SHAPE}' line`);
      if (builder.length === m) sc.failAtToken(`more arcs than the ${m} declared by the p line (line ${pLine})`);
      const u = readId('tail');
      const v = readId('head');
      sc.expectToken('the arc weight', ARC_SHAPE);
      const w = sc.tokenInteger();
      if (Number.isNaN(w)) sc.failAtToken(`arc weight '${sc.tokenText()}' is not an integer`);
      if (!Number.isSafeInteger(w)) {
        sc.failAtToken(`arc weight ${sc.tokenText()} is outside the safe integer range ±${Number.MAX_SAFE_INTEGER}`);
      }
      sc.expectLineEnd('the arc weight', ARC_SHAPE);
      builder.push(u, v, w);
    } else if (sc.tokenIs('p')) {
      if (pLine !== 0) sc.failAtToken(`second p line (the first is line ${pLine})`);
      sc.expectToken('the problem type', P_SHAPE);
      if (!sc.tokenIs('sp')) sc.failAtToken(`problem type '${sc.tokenText()}' is not 'sp' (expected '${P_SHAPE}')`);
      sc.expectToken('the vertex count N', P_SHAPE);
      n = sc.tokenUnsigned();
      if (!Number.isInteger(n) || n > MAX_VERTICES) {
        sc.failAtToken(`vertex count '${sc.tokenText()}' is not an integer in 0..${MAX_VERTICES}`);
      }
      sc.expectToken('the arc count M', P_SHAPE);
      m = sc.tokenUnsigned();
      if (!Number.isSafeInteger(m)) {
        sc.failAtToken(`arc count '${sc.tokenText()}' is not an integer in 0..${Number.MAX_SAFE_INTEGER}`);
      }
      sc.expectLineEnd('the arc count', P_SHAPE);
      pLine = sc.line;
      const maxArcsLeft = Math.floor(sc.remainingBytes() / MIN_ARC_LINE_BYTES) + 1;
      builder = new EdgeListBuilder(true, Math.min(m, maxArcsLeft));
    } else {
      sc.failAtToken(`unknown line type '${sc.tokenText()}' (expected 'c' comment, '${P_SHAPE}' or '${ARC_SHAPE}')`);
    }
  }
  if (builder === null) sc.failAtEnd(`no '${P_SHAPE}' line`);
  if (builder.length !== m) {
    sc.failAtEnd(`found ${builder.length} arcs but the p line (line ${pLine}) declares ${m}`);
  }
  return builder.finish(n, true);
}
