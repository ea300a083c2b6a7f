import { describe, expect, it } from 'vitest';
import { cudaArch } from '../src/index.js';

describe('cudaArch', () => {
  it.each([
    [9, 0, 'sm_90a'],
    [10, 0, 'sm_100a'],
    [12, 0, 'sm_120a'],
    [8, 9, 'sm_89'],
    [8, 0, 'sm_80'],
    [7, 5, 'sm_75'],
  ])('compute capability %i.%i → %s', (major, minor, arch) => {
    expect(cudaArch({ major, minor })).toBe(arch);
  });

  it('gives the portable target when asked', () => {
    expect(cudaArch({ major: 9, minor: 0 }, { archSpecific: false })).toBe('sm_90');
  });

  it('refuses a capability that is not major.minor', () => {
    expect(() => cudaArch({ major: 9, minor: 10 })).toThrow(/compute capability 9.10 is not a valid major.minor pair/);
    expect(() => cudaArch({ major: 0, minor: 0 })).toThrow(RangeError);
  });
});
