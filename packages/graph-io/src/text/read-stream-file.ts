import { nodeBuiltin } from '../node-builtin.js';
import { GraphParseError } from './graph-parse-error.js';

/** Bytes per read call of {@link readStreamFile}. */
const STREAM_BLOCK = 1 << 20;

/**
 * Reads a file that is not a regular file (a pipe, `/dev/stdin`, a character device) to its end. Such a file has
 * no size to plan by and may never end, so the read stops with a {@link GraphParseError} at the first NUL byte
 * (text graph formats hold none: `/dev/zero`, `/dev/urandom`, a binary stream), unless the data is gzip, and
 * once it passes `limit` bytes (default: the largest buffer Node makes), instead of growing without bound.
 *
 * @example
 * ```ts
 * const bytes = await readStreamFile('/dev/stdin');
 * await readStreamFile('/dev/zero'); // GraphParseError: /dev/zero:1:1: a NUL byte: …
 * ```
 */
export async function readStreamFile(path: string, limit: number = nodeBuiltin('node:buffer', 'readStreamFile').constants.MAX_LENGTH): Promise<Uint8Array> {
  const file = await nodeBuiltin('node:fs/promises', 'readStreamFile').open(path, 'r');
  const blocks: Uint8Array[] = [];
  let total = 0;
  let line = 1;
  let lineStart = 0;
  let gzip: boolean | undefined;
  try {
    for (let ended = false; !ended; ) {
      // A pipe hands over 64 KiB a read: each block is filled before it is kept (a view of a part would hold
      // the whole megabyte), the last one copied to its length.
      const block = new Uint8Array(STREAM_BLOCK);
      let bytesRead = 0;
      while (bytesRead < STREAM_BLOCK && !ended) {
        const more = (await file.read(block, bytesRead, STREAM_BLOCK - bytesRead, null)).bytesRead;
        bytesRead += more;
        ended = more === 0;
      }
      if (bytesRead === 0) break;
      const got = ended ? block.slice(0, bytesRead) : block;
      // gzip (magic 1f 8b) holds NUL bytes; a text graph file never starts with byte 1f.
      gzip ??= got[0] === 0x1f;
      if (gzip === false) {
        for (let i = 0; i < bytesRead; i++) {
          if (got[i] === 0x0a) {
            line += 1;
            lineStart = total + i + 1;
          } else if (got[i] === 0) {
            throw new GraphParseError({ file: path, line, column: total + i - lineStart + 1, rule: `a NUL byte (byte ${total + i} of the stream): not a text graph file, whose formats hold none` });
          }
        }
      }
      total += bytesRead;
      if (total > limit) throw new GraphParseError({ file: path, rule: `more than ${limit} bytes from a file that is not a regular file (a pipe or a device): the limit of one read; save it to a file first` });
      blocks.push(got);
    }
  } finally {
    await file.close();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const b of blocks) {
    bytes.set(b, at);
    at += b.length;
  }
  return bytes;
}
