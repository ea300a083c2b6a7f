import type { Csr } from '../csr.js';
import { writeFileAtomically } from '../formats/write-file-atomically.js';
import { emitSfg, planSfg, type WriteGraphBinaryOptions } from './encode-sfg.js';

/**
 * Writes a CSR as a `.sfg` file (layout in FORMAT.md). The file appears complete or not at all: it is
 * written beside `path` under a temporary name and renamed when done. Throws a RangeError (or
 * GraphLimitError) for a CSR a reader would refuse, before touching the disk.
 *
 * @example
 * ```ts
 * await writeGraphBinary('karate.sfg', csrFromEdges(await readGraphFile('karate.mtx')));
 * ```
 */
export async function writeGraphBinary(path: string, csr: Csr, options: WriteGraphBinaryOptions = {}): Promise<void> {
  const plan = planSfg(csr);
  await writeFileAtomically(path, async (handle) => {
    await emitSfg(plan, { write: async (bytes, position) => void (await handle.write(bytes, 0, bytes.length, position)) }, options.onProgress);
    // A trailing empty section lies past the last byte written; the size must still match the header.
    await handle.truncate(plan.fileBytes);
  });
}
