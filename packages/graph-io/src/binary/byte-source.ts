import type { FileHandle } from 'node:fs/promises';

/** Positioned reads from a file or a buffer, so one decoder serves both. */
export interface ByteSource {
  /** Size in bytes. */
  readonly size: number;
  /** Fills `into` from `position`; returns the bytes read, fewer only at the end of the data. */
  read(into: Uint8Array, position: number): Promise<number>;
}

/**
 * A source over bytes in memory.
 *
 * @example
 * ```ts
 * await memorySource(Uint8Array.of(1, 2, 3)).read(new Uint8Array(2), 1); // 2 (bytes 2, 3)
 * ```
 */
export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    async read(into, position) {
      const part = bytes.subarray(position, position + into.length);
      into.set(part);
      return part.length;
    },
  };
}

/**
 * A source over an open file of `size` bytes, read with positioned reads straight into the caller's
 * array (no intermediate buffer, no 4 GiB Buffer limit).
 *
 * @example
 * ```ts
 * const fh = await open('g.sfg');
 * const source = fileSource(fh, (await fh.stat()).size);
 * ```
 */
export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(into, position) {
      let done = 0;
      while (done < into.length) {
        // read(2) may return less than asked (and at most 2 GiB − 4 KiB on Linux): continue where it stopped.
        const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done;
    },
  };
}
