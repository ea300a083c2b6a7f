import type { Csr } from '../csr.js';
import { fileSource } from './byte-source.js';
import { nodeBuiltin } from '../node-builtin.js';
import { namePathIn } from '../node-error-path.js';
import { decodeSfg, type ReadGraphBinaryOptions } from './decode-sfg.js';

/**
 * Reads a `.sfg` graph file: each section goes with positioned reads straight into its own typed array
 * (no whole-file buffer, so files above Node's 4 GiB Buffer limit load too), checked by CRC-32 unless
 * `verify: false`, the CSR structure always. Bad content throws a {@link GraphParseError} like
 * `g.sfg: offset 4144 (indices[12]): vertex 99 is not below n = 34`; I/O errors stay Node's (naming the path).
 *
 * @example
 * ```ts
 * const g = await readGraphBinary('kron24.sfg', { onProgress: (done, total) => bar.update(done / total) });
 * ```
 */
export async function readGraphBinary(path: string, options: ReadGraphBinaryOptions = {}): Promise<Csr> {
  const handle = await nodeBuiltin('node:fs/promises', 'readGraphBinary').open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await decodeSfg(fileSource(handle, size), { ...options, file: path });
  } catch (error) {
    // A directory opens, then fails at the first read without its name.
    throw namePathIn(error, path);
  } finally {
    await handle.close();
  }
}
