import { describe, expect, it } from 'vitest';
import { adapterMatches, adapterSummary } from './adapter-info.js';

const lavapipe = {
  vendor: 'mesa',
  architecture: 'software',
  device: 'llvmpipe-llvm-15-0-6-256-bits-',
  description: 'llvmpipe: Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6) 0.0.1',
  isFallbackAdapter: true,
};

describe('adapterMatches', () => {
  it.each(['mesa', 'SOFTWARE', 'LLVMpipe', 'Mesa 25'])('matches %s case-insensitively', (filter) => {
    expect(adapterMatches(lavapipe, filter)).toBe(true);
  });

  it('does not match other names', () => {
    expect(adapterMatches(lavapipe, 'nvidia')).toBe(false);
  });
});

describe('adapterSummary', () => {
  it('names the adapter on one line', () => {
    expect(adapterSummary({ ...lavapipe, backend: 'vulkan' })).toBe(
      'mesa software llvmpipe-llvm-15-0-6-256-bits- (llvmpipe: Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6) 0.0.1) [vulkan] [fallback]',
    );
  });
});
