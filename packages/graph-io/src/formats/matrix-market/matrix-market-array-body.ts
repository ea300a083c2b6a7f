import type { EdgeList } from '../../edge-list.js';
import { EdgeListBuilder } from '../../edge-list-builder.js';
import type { LineScanner } from '../../text/line-scanner.js';
import type { MatrixMarketHeader } from './matrix-market-header.js';
import { matrixMarketValue } from './matrix-market-value.js';

const PERCENT = 0x25;
/** Shortest value line is one digit plus a newline. */
const MIN_VALUE_LINE_BYTES = 2;

/**
 * Reads the values of an array (dense) file, the scanner standing on the size line: one value per
 * line in column-major order; `general` lists all n² values, `symmetric`/`hermitian` the lower
 * triangle with the diagonal (n(n+1)/2), `skew-symmetric` the strict lower triangle (n(n−1)/2).
 * A zero is an absent arc, not an arc of weight 0: a dense file cannot tell the two apart, and
 * keeping n² arcs would turn every array file into a complete graph. Returns the stored triangle
 * only; mirroring is {@link expandMatrixMarketSymmetry}'s job.
 */
export function readMatrixMarketArrayBody(sc: LineScanner, header: MatrixMarketHeader): EdgeList {
  const { n, symmetry, sizeLine } = header;
  const field = header.field === 'pattern' ? 'real' : header.field;
  /** First row stored in column j is j + skip (or 0 for general). */
  const skip = symmetry === 'general' ? -1 : symmetry === 'skew-symmetric' ? 1 : 0;
  const firstRow = (j: number): number => (skip < 0 ? 0 : j + skip);
  const valuesLeft = Math.floor(sc.remainingBytes() / MIN_VALUE_LINE_BYTES) + 1;
  const builder = new EdgeListBuilder(true, Math.min(valuesLeft, n * n));
  let i = firstRow(0);
  let j = 0;
  let read = 0;
  while (j < n && i >= n) i = firstRow(++j);

  while (sc.nextLine()) {
    if (!sc.nextToken() || sc.tokenFirstByte() === PERCENT) continue;
    if (j >= n) sc.failAtToken(`more values than the ${impliedCount(n, skip)} implied by the size line (line ${sizeLine}) for a ${symmetry} array`);
    const value = matrixMarketValue(sc, field);
    sc.expectLineEnd('the value', 'value (array files list one value per line)');
    if (value !== 0) builder.push(i, j, value);
    read++;
    i++;
    while (j < n && i >= n) i = firstRow(++j);
  }
  if (j < n) {
    sc.failAtEnd(`found ${read} values but the size line (line ${sizeLine}) implies ${impliedCount(n, skip)} for a ${symmetry} array`);
  }
  return builder.finish(n, true);
}

/** Values an array file of order n holds, exactly (n² exceeds 2^53 for the largest n). */
function impliedCount(n: number, skip: number): string {
  const big = BigInt(n);
  if (skip < 0) return String(big * big);
  return String(skip === 0 ? (big * (big + 1n)) / 2n : (big * (big - 1n)) / 2n);
}
