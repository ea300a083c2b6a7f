import { describe, expect, it } from 'vitest';
import { CudaError } from '../src/index.js';
import { checkTransferRange } from '../src/transfer-range.js';

describe('checkTransferRange', () => {
  const d = { ptr: 0x7f0000001000n, byteLength: 64, label: 'dist' };
  const host = { bytes: new Uint8Array(64) };

  it('lets a copy within the buffer and the host memory through', () => {
    expect(() => checkTransferRange('readAsync', d, host, 64, 0)).not.toThrow();
    expect(() => checkTransferRange('readAsync', d, host, 48, 16)).not.toThrow();
    expect(() => checkTransferRange('writeAsync', d, host, 0, 64)).not.toThrow();
  });

  it.each([
    [8, 60, /readAsync of 8 bytes at offset 60 of buffer "dist" \(64 bytes\) overruns it/],
    [4, -4, /at offset -4 of buffer "dist"/],
    [-16, 80, /readAsync of -16 bytes at offset 80/],
    [2.5, 0, /readAsync of 2.5 bytes/],
  ])('refuses %i bytes at offset %i, naming the sizes', (byteLength, offset, message) => {
    expect(() => checkTransferRange('readAsync', d, host, byteLength, offset)).toThrow(CudaError);
    expect(() => checkTransferRange('readAsync', d, host, byteLength, offset)).toThrow(message);
  });

  it('refuses host memory smaller than the copy, saying how much to allocate', () => {
    expect(() => checkTransferRange('readAsync', d, { bytes: new Uint8Array(32) }, 64, 0)).toThrow(/pinned host memory of 32 bytes; allocate at least 64 with allocHost/);
  });
});
