import type { CudaBuffer } from '@semiforge/runtime-cuda';

/**
 * The byte range and element count of a read of `buffer` as elements of `bytesPerElement` bytes: all of it
 * from `offset` (default 0) unless `byteLength` is given; throws a RangeError when that is not a whole number
 * of elements. Whether the range lies within the buffer and the destination, `CudaDevice.readAsync` checks.
 *
 * @example
 * ```ts
 * readRange({ ptr: 0n, byteLength: 64, label: 'd' }, 4, { offset: 16 }); // { offset: 16, byteLength: 48, length: 12 }
 * ```
 */
export function readRange(buffer: CudaBuffer, bytesPerElement: number, options: { byteLength?: number; offset?: number } = {}): { offset: number; byteLength: number; length: number } {
  const offset = options.offset ?? 0;
  const byteLength = options.byteLength ?? buffer.byteLength - offset;
  if (byteLength % bytesPerElement !== 0) {
    throw new RangeError(`read of ${byteLength} bytes of "${buffer.label}": not a whole number of ${bytesPerElement}-byte elements.`);
  }
  return { offset, byteLength, length: byteLength / bytesPerElement };
}
