/** Bytes per read or write call: large enough for full disk speed, small enough that the CRC runs on cached data. */
export const CHUNK_BYTES = 16 << 20;
/** Calls in flight at once: libuv's four threads copy and fault in pages while the main thread checksums. */
const IN_FLIGHT = 4;

/**
 * Splits `bytes` (any typed array, of any byte length) into chunks and calls `start` on each in order, with up to four calls in flight, then
 * `finished` on each in order once its call is done. Reads put the CRC in `finished`, writes in `start`,
 * so either way the checksum runs on the main thread while I/O proceeds. On a failure it waits for the
 * calls still in flight (none may outlive the file handle), then rethrows.
 *
 * @example
 * ```ts
 * let crc = 0;
 * await pipelineChunks(bytes, (part, at) => readExactly(part, offset + at), (part) => (crc = crc32(part, crc)));
 * ```
 */
export async function pipelineChunks(
  bytes: ArrayBufferView,
  start: (part: Uint8Array, at: number) => Promise<void>,
  finished: (part: Uint8Array) => void,
): Promise<void> {
  const count = Math.ceil(bytes.byteLength / CHUNK_BYTES);
  // Each chunk is its own view of the buffer: one Uint8Array over all of it would fail past 4 GiB (Node 20's
  // typed-array length limit is 2^32 elements), which a scale-26 graph's 8 GiB of indices reaches.
  const part = (i: number): Uint8Array => new Uint8Array(bytes.buffer, bytes.byteOffset + i * CHUNK_BYTES, Math.min(CHUNK_BYTES, bytes.byteLength - i * CHUNK_BYTES));
  const calls: Promise<void>[] = [];
  try {
    for (let i = 0; i < count; i++) {
      while (calls.length < Math.min(count, i + IN_FLIGHT)) {
        const call = start(part(calls.length), calls.length * CHUNK_BYTES);
        call.catch(() => {}); // awaited in order below; this only keeps a later failure from counting as unhandled meanwhile
        calls.push(call);
      }
      await calls[i];
      finished(part(i));
    }
  } catch (error) {
    await Promise.allSettled(calls);
    throw error;
  }
}
