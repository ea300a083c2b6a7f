const LF = 10;

/**
 * Splits `[start, end)` into `parts` ranges of about equal size that begin and end at line starts, so
 * that each can be parsed on its own. Returns `parts + 1` boundaries (a range may be empty when lines are
 * longer than a part).
 *
 * @example
 * ```ts
 * lineChunks(new TextEncoder().encode('1 2\n3 4\n5 6\n'), 0, 12, 2); // [0, 8, 12]
 * ```
 */
export function lineChunks(bytes: Uint8Array, start: number, end: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`parts = ${parts} is not a positive integer`);
  const bounds = [start];
  for (let k = 1; k < parts; k++) {
    const from = Math.max(bounds[k - 1], Math.floor(start + ((end - start) * k) / parts));
    const lf = from === start ? from - 1 : bytes.indexOf(LF, from - 1);
    bounds.push(lf < 0 || lf >= end ? end : lf + 1);
  }
  bounds.push(end);
  return bounds;
}
