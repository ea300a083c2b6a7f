import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultDirs, resultsName, writeResults, type BenchContext } from './results.js';

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

describe('resultsName and writeResults: a second run of the day keeps the first', () => {
  const at = (date: string) => ({ device: 'NVIDIA H200', date });

  it('names the day, then the time when another run holds the day', () => {
    expect(resultsName('sssp', at('2026-12-05T01:02:03.456Z'), () => undefined)).toBe('sssp-h200-20261205.json');
    expect(resultsName('sssp', at('2026-12-05T01:02:03.456Z'), () => '2026-12-05T01:02:03.456Z')).toBe('sssp-h200-20261205.json');
    expect(resultsName('sssp', at('2026-12-05T01:02:03.456Z'), () => '2026-12-05T00:10:00.000Z')).toBe('sssp-h200-20261205-010203.json');
    expect(resultsName('sssp', at('2026-12-05T01:02:03.456Z'), () => null)).toBe('sssp-h200-20261205-010203.json');
  });

  it('writes two commands of a day to two files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-write-'));
    const context = (date: string): BenchContext => ({
      date, git: 'abc1234', command: 'test', host: 'test', device: 'NVIDIA H200', backend: 'webgpu',
      adapter: { vendor: 'nvidia', architecture: '', driver: '', description: '' }, versions: {},
    });
    const result = (value: number) => ({ case: 'c', params: { n: 1 }, metric: 'ms', value, unit: 'ms', time_ms: { median: value, min: value, max: value, runs: 1 }, validated: true });
    const saved = process.env.OUT;
    delete process.env.OUT;
    try {
      const [first] = writeResults('sssp', context('2026-12-05T00:10:00.000Z'), [result(1)], [dir]);
      const [again] = writeResults('sssp', context('2026-12-05T00:10:00.000Z'), [result(2)], [dir]);
      const [second] = writeResults('sssp', context('2026-12-05T01:02:03.456Z'), [result(3)], [dir]);
      expect([first, again, second]).toEqual([join(dir, 'sssp-h200-20261205.json'), join(dir, 'sssp-h200-20261205.json'), join(dir, 'sssp-h200-20261205-010203.json')]);
      expect(readdirSync(dir).sort()).toEqual(['sssp-h200-20261205-010203.json', 'sssp-h200-20261205.json']);
      expect(JSON.parse(readFileSync(first, 'utf8')).results[0].value).toBe(2);
    } finally {
      if (saved !== undefined) process.env.OUT = saved;
    }
  });
});
