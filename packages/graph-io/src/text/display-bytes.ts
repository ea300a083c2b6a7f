/** Longest offending text quoted in an error message, in bytes. */
export const MAX_DISPLAY_BYTES = 40;

/**
 * Printable form of `bytes[start, end)` for error messages: ASCII kept, other bytes as `\xNN`,
 * cut to {@link MAX_DISPLAY_BYTES} bytes with `…` so a huge garbage token stays readable.
 *
 * @example
 * ```ts
 * displayBytes(new Uint8Array([0x61, 0x00]), 0, 2); // 'a\\x00'
 * ```
 */
export function displayBytes(bytes: Uint8Array, start: number, end: number, max = MAX_DISPLAY_BYTES): string {
  const stop = Math.min(end, start + max);
  let out = '';
  for (let p = start; p < stop; p++) {
    const c = bytes[p];
    if (c >= 0x20 && c < 0x7f && c !== 0x5c) out += String.fromCharCode(c);
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x0d) out += '\\r';
    else out += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return stop < end ? `${out}…` : out;
}
