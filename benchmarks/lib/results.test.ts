import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultDirs } from './results.js';

describe('resultDirs', () => {
  it('adds $OUT unless a directory already lies in it', () => {
    expect(resultDirs(['benchmarks/results'], '/root/out')).toEqual([resolve('benchmarks/results'), '/root/out']);
    expect(resultDirs(['/root/out'], '/root/out')).toEqual(['/root/out']);
    // Each command of a call under its own folder: nothing written at $OUT's top for the next to overwrite.
    expect(resultDirs(['/root/out/a'], '/root/out')).toEqual(['/root/out/a']);
    expect(resultDirs(['/root/outside', '/root/out/s'], '/root/out')).toEqual(['/root/outside', '/root/out/s']);
  });

  it('without $OUT, the directories as given, once each', () => {
    expect(resultDirs(['/a', '/a/', '/b'], undefined)).toEqual(['/a', '/b']);
    expect(resultDirs([], '')).toEqual([]);
    // A sibling whose name starts like $OUT is not inside it.
    expect(resultDirs(['/root/output'], '/root/out')).toEqual(['/root/output', '/root/out']);
  });
});
