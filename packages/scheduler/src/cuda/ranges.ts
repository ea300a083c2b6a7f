import type { CudaBuffer } from '@semiforge/runtime-cuda';

/** What {@link readRange} checks: which bytes of a buffer to read, and where to. */
export interface ReadRangeOptions {
  /** Bytes to read (default: the rest of the buffer from `offset`). */
  byteLength?: number;
  /** First byte (default 0). */
  offset?: number;
  /** Bytes available at the destination, when it is the caller's pinned memory. */
  into?: number;
}

/**
 * The byte range and element count of a read of `buffer` as elements of `bytesPerElement` bytes; throws a
 * RangeError naming the buffer, the sizes and what to change.
 *
 * @example
 * ```ts
 * readRange({ ptr: 0n, byteLength: 64, label: 'd' }, 4, { offset: 16 }); // { offset: 16, byteLength: 48, length: 12 }
 * ```
 */
export function readRange(buffer: CudaBuffer, bytesPerElement: number, options: ReadRangeOptions = {}): { offset: number; byteLength: number; length: number } {
  const offset = options.offset ?? 0;
  const byteLength = options.byteLength ?? buffer.byteLength - offset;
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(byteLength) || byteLength < 0 || offset + byteLength > buffer.byteLength) {
    throw new RangeError(`read of ${byteLength} bytes at offset ${offset} overruns "${buffer.label}" (${buffer.byteLength} bytes); read within the buffer.`);
  }
  if (byteLength % bytesPerElement !== 0) {
    throw new RangeError(`read of ${byteLength} bytes of "${buffer.label}": not a whole number of ${bytesPerElement}-byte elements.`);
  }
  if (options.into !== undefined && options.into < byteLength) {
    throw new RangeError(`read of ${byteLength} bytes of "${buffer.label}" into pinned memory of ${options.into} bytes; allocate at least ${byteLength}.`);
  }
  return { offset, byteLength, length: byteLength / bytesPerElement };
}

/**
 * The bytes of `buffer` from `offset` on, as a buffer of their own for a copy of `byteLength` bytes (a view: not
 * owned, never freed); throws naming the overrun.
 *
 * @example
 * ```ts
 * subBuffer({ ptr: 0x1000n, byteLength: 64, label: 'd' }, 16, 32).ptr; // 0x1010n
 * ```
 */
export function subBuffer(buffer: CudaBuffer, offset: number, byteLength: number): CudaBuffer {
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(byteLength) || byteLength < 0 || offset + byteLength > buffer.byteLength) {
    throw new RangeError(`copy of ${byteLength} bytes at offset ${offset} overruns "${buffer.label}" (${buffer.byteLength} bytes).`);
  }
  return offset === 0 ? buffer : { ptr: buffer.ptr + BigInt(offset), byteLength: buffer.byteLength - offset, label: `${buffer.label}+${offset}` };
}
