/** Text or raw bytes, as the readers accept them. */
export type GraphInput = string | Uint8Array;

const encoder = new TextEncoder();

/**
 * The bytes of a reader input: strings are UTF-8 encoded, byte arrays used as they are (not copied).
 *
 * @example
 * ```ts
 * inputBytes('p sp 1 0\n').length; // 9
 * ```
 */
export function inputBytes(input: GraphInput): Uint8Array {
  return typeof input === 'string' ? encoder.encode(input) : input;
}
