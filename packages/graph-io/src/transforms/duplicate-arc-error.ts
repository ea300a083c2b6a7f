/**
 * Two arcs with the same tail and head where the duplicate policy is `'error'`. `first` and `second`
 * are their indices in input order (the earliest repeat found), so a reader can map them to lines.
 *
 * @example
 * ```ts
 * combineDuplicates(edgeListFromArrays(3, [0, 1, 0], [1, 2, 1]), 'error');
 * // DuplicateArcError: arc 2 repeats arc 0 (0 → 1)
 * ```
 */
export class DuplicateArcError extends RangeError {
  override readonly name = 'DuplicateArcError';
  constructor(
    readonly src: number,
    readonly dst: number,
    readonly first: number,
    readonly second: number,
    file?: string,
  ) {
    super(`${file === undefined ? '' : `${file}: `}arc ${second} repeats arc ${first} (${src} → ${dst})`);
  }
}
