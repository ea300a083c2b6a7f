import type { FileHandle } from 'node:fs/promises';
import { nodeBuiltin } from '../node-builtin.js';

let serial = 0;

/**
 * Runs `write` on a new file beside `path` under a temporary name and renames it to `path` when done,
 * so the file appears complete or not at all: a failure (a full disk, an error in `write`) removes the
 * temporary file and rethrows. I/O errors are Node's own (`ENOENT`, `EACCES`, naming the temporary file).
 *
 * @example
 * ```ts
 * await writeFileAtomically('g.sfg', async (file) => void (await file.write(bytes)));
 * ```
 */
export async function writeFileAtomically(path: string, write: (file: FileHandle) => Promise<void>): Promise<void> {
  // The serial keeps two writes of the same path from one process apart.
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}${(serial++).toString(36)}.tmp`;
  const { open, rename, rm } = nodeBuiltin('node:fs/promises', 'writing a file');
  const handle = await open(temporary, 'w');
  try {
    await write(handle);
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}
