import type { CudaBuffer, PinnedMemory } from './cuda-device.js';
import { CudaError } from './errors.js';

/**
 * Checks an async copy of `byteLength` bytes between `buffer` at byte `offset` and pinned host memory (what
 * `CudaDevice.writeAsync` and `readAsync` take): within the buffer and within the host memory. Throws a
 * {@link CudaError} naming the sizes and what to change.
 *
 * @example
 * checkTransferRange('readAsync', { ptr: 0n, byteLength: 64, label: 'd' }, host, 48, 16); // fits: returns
 */
export function checkTransferRange(what: string, buffer: CudaBuffer, host: Pick<PinnedMemory, 'bytes'>, byteLength: number, offset: number): void {
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(byteLength) || byteLength < 0 || offset + byteLength > buffer.byteLength) {
    throw new CudaError(`${what} of ${byteLength} bytes at offset ${offset} of buffer "${buffer.label}" (${buffer.byteLength} bytes) overruns it; check the size and offset`);
  }
  if (byteLength > host.bytes.byteLength) {
    throw new CudaError(`${what} of ${byteLength} bytes with pinned host memory of ${host.bytes.byteLength} bytes; allocate at least ${byteLength} with allocHost`);
  }
}
