const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * Counts the tokens on the first line of `bytes[start, end)` that is neither blank nor a comment (its first
 * token starting with one of `commentBytes`): how an edge list says whether it has a weight column. 0 when
 * there is no such line. Tokens are separated by spaces, tabs and CRs, as the strict readers split them.
 *
 * @example
 * ```ts
 * firstDataColumns(new TextEncoder().encode('# c\n\n0 1 2.5\n'), 0, 13, [0x23, 0x25]); // 3
 * ```
 */
export function firstDataColumns(bytes: Uint8Array, start: number, end: number, commentBytes: readonly number[]): number {
  let p = start;
  while (p < end) {
    let lineEnd = bytes.indexOf(LF, p);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    let tokens = 0;
    for (let q = p; q < lineEnd; ) {
      while (q < lineEnd && isBlank(bytes[q])) q++;
      if (q === lineEnd) break;
      if (tokens === 0 && commentBytes.includes(bytes[q])) break;
      tokens++;
      while (q < lineEnd && !isBlank(bytes[q])) q++;
    }
    if (tokens > 0) return tokens;
    p = lineEnd + 1;
  }
  return 0;
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR;
}
