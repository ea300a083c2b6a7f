import { nodeBuiltin } from '../node-builtin.js';
import { inShared } from '../shared-memory.js';

/** Bytes per read call: large enough that call overhead vanishes, small enough to stay under Node's 2 GiB per call. */
const READ_BLOCK = 64 << 20;

/**
 * Reads a whole file into a `SharedArrayBuffer`, so that worker threads ({@link parallelFastEntries}) see
 * it without a copy: the file is read straight into the shared memory. A gzip file (magic bytes `1f 8b`)
 * is gunzipped first; zlib writes into an ordinary buffer, so its output is copied into shared memory once
 * more — one memcpy of the decompressed size (well under a tenth of the gunzip time) and, for that moment,
 * twice its memory.
 *
 * @example
 * ```ts
 * const bytes = await readFileShared('graph.mtx');
 * bytes.buffer instanceof SharedArrayBuffer; // true
 * ```
 */
export async function readFileShared(path: string): Promise<Uint8Array> {
  const file = await nodeBuiltin('node:fs/promises', 'readFileShared').open(path, 'r');
  let bytes: Uint8Array;
  try {
    const { size } = await file.stat();
    bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const { bytesRead } = await file.read(bytes, at, Math.min(READ_BLOCK, size - at), at);
      if (bytesRead === 0) throw new Error(`${path}: file shrank while being read (${at} of ${size} bytes)`);
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const { promisify } = nodeBuiltin('node:util', 'readFileShared');
  return inShared(await promisify(nodeBuiltin('node:zlib', 'readFileShared').gunzip)(bytes));
}
