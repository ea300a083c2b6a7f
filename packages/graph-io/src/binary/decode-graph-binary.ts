import type { Csr } from '../csr.js';
import { memorySource } from './byte-source.js';
import { decodeSfg, type ReadGraphBinaryOptions } from './decode-sfg.js';

/**
 * Decodes a `.sfg` file held in memory (the arrays are copies, not views of `bytes`). Throws a
 * {@link GraphParseError} naming the offset, field and rule for any bad input; `file` names it in messages.
 *
 * @example
 * ```ts
 * const g = await decodeGraphBinary(await encodeGraphBinary(csr)); // equal to csr
 * ```
 */
export async function decodeGraphBinary(bytes: Uint8Array, options: ReadGraphBinaryOptions & { readonly file?: string } = {}): Promise<Csr> {
  return decodeSfg(memorySource(bytes), options);
}
