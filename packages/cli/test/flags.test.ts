import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { parseChoice, parseIntFlag, parseWeights, parseWorkgroup, RULES } from '../src/flags.js';
import { smallerTile } from '../src/commands/apsp-report.js';
import { sampleSources } from '@semiforge/algorithms';

describe('parseIntFlag', () => {
  it.each([
    ['64', 64],
    ['8', 8],
    [' 256', 256],
  ])('accepts --tile %s', (text, value) => {
    expect(parseIntFlag('--tile', text, RULES.tile)).toBe(value);
  });

  it.each([
    ['abc', '--tile abc: not an integer; the tile must be a power of two from 8 to 256'],
    ['48', '--tile 48: not a power of two; the tile must be a power of two from 8 to 256'],
    ['512', '--tile 512: out of range 8..256; the tile must be a power of two from 8 to 256'],
    ['3.5', '--tile 3.5: not an integer; the tile must be a power of two from 8 to 256'],
    ['1e2', '--tile 1e2: not an integer; the tile must be a power of two from 8 to 256'],
    ['', "--tile '': not an integer; the tile must be a power of two from 8 to 256"],
  ])('refuses --tile %j naming flag, value and rule', (text, message) => {
    expect(() => parseIntFlag('--tile', text, RULES.tile)).toThrow(new UsageError(message));
  });
});

describe('parseChoice', () => {
  it('returns a listed word and refuses others with the list', () => {
    expect(parseChoice('--type', 'i32', ['f32', 'i32', 'u32'])).toBe('i32');
    expect(() => parseChoice('--type', 'f64', ['f32', 'i32', 'u32'])).toThrow('--type f64: must be one of f32, i32, u32');
  });
});

describe('parseWorkgroup', () => {
  it('reads XxY', () => {
    expect(parseWorkgroup('--workgroup', '16x8')).toEqual([16, 8]);
  });
  it.each([
    ['16', 'must be two positive integers XxY'],
    ['0x4', 'must be two positive integers XxY'],
    ['64x64', '64×64 = 4096 threads; a workgroup has at most 1024'],
  ])('refuses %s', (text, message) => {
    expect(() => parseWorkgroup('--workgroup', text)).toThrow(message);
  });
});

describe('helpers of apsp', () => {
  it('suggests the largest tile that pads by at most 1.5× the work', () => {
    expect(smallerTile(40, 64)).toBe(8);
    expect(smallerTile(1000, 256)).toBe(128);
    expect(smallerTile(300, 256)).toBe(64);
    expect(smallerTile(4, 8)).toBeUndefined();
  });

  it('samples verification sources spread over all vertices', () => {
    expect(sampleSources(5, 16)).toEqual([0, 1, 2, 3, 4]);
    const s = sampleSources(1000, 16);
    expect(s).toHaveLength(16);
    expect(s[0]).toBe(0);
    expect(s[15]).toBe(999);
    expect(new Set(s).size).toBe(16);
  });
});

describe('parseWeights', () => {
  it.each([
    ['none', 'none'],
    ['unit', 'f32-unit'],
    ['1..100', { min: 1, max: 100, integer: true }],
    ['-5..5', { min: -5, max: 5, integer: true }],
    ['0..1.5', { min: 0, max: 1.5, integer: false }],
  ])('reads %s', (text, spec) => {
    expect(parseWeights('--weights', text)).toEqual(spec);
  });

  it.each(['5..1', '1..', 'uniform', '1-100'])('refuses %j naming the forms', (text) => {
    expect(() => parseWeights('--weights', text)).toThrow(/--weights .*: must be none, unit \(f32 in \[0, 1\)\) or MIN\.\.MAX/);
  });

  it('refuses integer bounds past 2^53 as typed, instead of the neighbouring double they would become', () => {
    expect(() => parseWeights('--weights', '1..99999999999999999999')).toThrow(
      new UsageError('--weights 1..99999999999999999999: integer bound 99999999999999999999 is beyond ±9007199254740991 (2^53 − 1); give a decimal point for doubles'),
    );
    expect(() => parseWeights('--weights', '-9007199254740993..0')).toThrow(/integer bound -9007199254740993 is beyond/);
    expect(parseWeights('--weights', '1..99999999999999999999.0')).toEqual({ min: 1, max: 1e20, integer: false });
  });
});
