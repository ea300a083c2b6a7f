import { describe, expect, it } from 'vitest';
import { PreparePhases } from '../src/kernels/prepare-phases.js';

/** Busy-waits `ms` (a phase that takes a known time). */
function spin(ms: number): number {
  const until = performance.now() + ms;
  let turns = 0;
  while (performance.now() < until) turns++;
  return turns;
}

describe('PreparePhases', () => {
  it('times phases in the order they ran, adding repeats, and passes results through', async () => {
    const phases = new PreparePhases();
    expect(phases.time('layout', () => (spin(5), 'words'))).toBe('words');
    expect(await phases.timeAsync('upload', async () => (spin(3), 7))).toBe(7);
    phases.time('layout', () => spin(2));
    phases.add('core.layout', 1.5);
    const record = phases.record;
    expect(Object.keys(record)).toEqual(['layout', 'upload', 'core.layout']);
    expect(record.layout).toBeGreaterThanOrEqual(7);
    expect(record.upload).toBeGreaterThanOrEqual(3);
    expect(record['core.layout']).toBe(1.5);
  });

  it('tells onPhase of each timed phase as it ends, not of added ones', async () => {
    const heard: [string, number][] = [];
    const phases = new PreparePhases((step, ms) => heard.push([step, ms]));
    phases.time('layout', () => spin(1));
    await phases.timeAsync('upload', async () => spin(1));
    phases.add('core.layout', 4);
    expect(heard.map(([step]) => step)).toEqual(['layout', 'upload']);
    expect(heard.map(([, ms]) => ms)).toEqual([phases.record.layout, phases.record.upload]);
  });

  it('counts a phase that throws, and the record is a copy', async () => {
    const phases = new PreparePhases();
    expect(() => phases.time('check', () => (spin(2), JSON.parse('{')))).toThrow(SyntaxError);
    await expect(phases.timeAsync('upload', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    const record = phases.record as Record<string, number>;
    expect(record.check).toBeGreaterThanOrEqual(2);
    expect(record.upload).toBeGreaterThanOrEqual(0);
    record.check = -1;
    expect(phases.record.check).toBeGreaterThanOrEqual(2);
  });
});
