import { GraphParseError } from '../text/graph-parse-error.js';

/**
 * The error for a bad `.sfg` file: binary files have no lines, so the location is the byte offset and the
 * field, e.g. `g.sfg: offset 4144 (indices[12]): vertex 99 is not below n = 34`.
 *
 * @example
 * ```ts
 * throw sfgError('g.sfg', 8, 'major version', 'format version 2.0 is newer than this reader (1.0)');
 * ```
 */
export function sfgError(file: string | undefined, offset: number, field: string, rule: string): GraphParseError {
  return new GraphParseError({ file, rule: `offset ${offset} (${field}): ${rule}` });
}

/**
 * A CRC or flag word as error messages show it.
 *
 * @example
 * ```ts
 * hex32(0xcbf43926); // '0xcbf43926'
 * ```
 */
export function hex32(x: number): string {
  return `0x${x.toString(16).padStart(8, '0')}`;
}
