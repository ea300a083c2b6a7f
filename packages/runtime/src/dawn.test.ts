import { describe, expect, it } from 'vitest';
import { parseDawnAdapterList } from './dawn.js';

describe('parseDawnAdapterList', () => {
  it('reads the adapters from the error Dawn gives for an unknown adapter name', () => {
    const message = `no suitable backends found
Available adapters:
 * backend: 'vulkan', name: 'NVIDIA H200'
 * backend: 'vulkan', name: 'NVIDIA H200'
 * backend: 'vulkan', name: 'llvmpipe (LLVM 15.0.6, 256 bits)'`;
    expect(parseDawnAdapterList(message)).toEqual([
      { backend: 'vulkan', name: 'NVIDIA H200' },
      { backend: 'vulkan', name: 'NVIDIA H200' },
      { backend: 'vulkan', name: 'llvmpipe (LLVM 15.0.6, 256 bits)' },
    ]);
  });

  it('gives an empty list for any other message', () => {
    expect(parseDawnAdapterList('something else')).toEqual([]);
  });
});
