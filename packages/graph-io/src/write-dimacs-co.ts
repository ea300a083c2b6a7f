import { AsciiWriter } from './ascii-writer.js';
import { shortestDecimal } from './shortest-decimal.js';
import type { DimacsCoordinates } from './read-dimacs-co.js';

/** Options of {@link writeDimacsCo}. */
export interface WriteDimacsCoOptions {
  /** Comment lines written after a `c` at the top (newlines inside split into more comment lines). */
  readonly comments?: readonly string[];
}

/**
 * Writes vertex coordinates as a DIMACS `.co` file (`p aux sp co N`, then `v ID X Y` for ID = 1..N);
 * {@link readDimacsCo} reads it back exactly (numbers in their shortest round-trip form, so integer
 * coordinates stay integers). A `RangeError` names the first coordinate that is not finite.
 *
 * @example
 * ```ts
 * writeDimacsCo({ n: 1, x: Float64Array.of(-73530767), y: Float64Array.of(41085396) });
 * // 'p aux sp co 1\nv 1 -73530767 41085396\n'
 * ```
 */
export function writeDimacsCo(coordinates: DimacsCoordinates, options: WriteDimacsCoOptions = {}): string {
  const { n, x, y } = coordinates;
  if (x.length !== n || y.length !== n) throw new RangeError(`n = ${n} but x has ${x.length} and y ${y.length} entries`);
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(x[k]) || !Number.isFinite(y[k])) throw new RangeError(`vertex ${k + 1} is at (${x[k]}, ${y[k]}), not finite`);
  }
  const out = new AsciiWriter(32 + n * 24);
  for (const comment of options.comments ?? []) {
    for (const line of comment.split(/\r?\n/)) out.text(line === '' ? 'c\n' : `c ${line}\n`);
  }
  out.text(`p aux sp co ${n}\n`);
  for (let k = 0; k < n; k++) out.text(`v ${k + 1} ${shortestDecimal(x[k])} ${shortestDecimal(y[k])}\n`);
  return out.toString();
}
