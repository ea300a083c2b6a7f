import type { CudaBuffer } from '@semiforge/runtime-cuda';

/**
 * The bytes of `buffer` from `byteOffset` on, as a kernel argument or copy target of their own (a view: freeing
 * it frees nothing); throws a RangeError naming the overrun. A type import only, so that the algorithms load
 * without the optional CUDA package.
 *
 * @example
 * cudaView({ ptr: 0x1000n, byteLength: 64, label: 'd' }, 16).ptr; // 0x1010n
 */
export function cudaView(buffer: CudaBuffer, byteOffset: number, byteLength = buffer.byteLength - byteOffset, label = buffer.label): CudaBuffer {
  if (!Number.isInteger(byteOffset) || byteOffset < 0 || !Number.isInteger(byteLength) || byteLength < 0 || byteOffset + byteLength > buffer.byteLength) {
    throw new RangeError(`view of ${byteLength} bytes at offset ${byteOffset} overruns "${buffer.label}" (${buffer.byteLength} bytes); view within the buffer.`);
  }
  return { ptr: buffer.ptr + BigInt(byteOffset), byteLength, label };
}
