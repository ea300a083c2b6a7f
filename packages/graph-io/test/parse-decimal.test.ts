import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalBytes, parseIntegerBytes, parseUnsignedBytes } from '../src/text/parse-decimal.js';

const enc = new TextEncoder();
const dec = (s: string) => parseDecimalBytes(enc.encode(s), 0, enc.encode(s).length);
const int = (s: string) => parseIntegerBytes(enc.encode(s), 0, enc.encode(s).length);
const uns = (s: string) => parseUnsignedBytes(enc.encode(s), 0, enc.encode(s).length);

describe('parseDecimalBytes', () => {
  it.each([
    ['0', 0],
    ['-.2788416', -0.2788416],
    ['277281165.18', 277281165.18],
    ['+5.', 5],
    ['.5e-3', 0.0005],
    ['1E22', 1e22],
    ['1e23', 1e23],
    ['123456789012345678901234567890', 123456789012345678901234567890],
    ['0.1000000000000000055511151231257827', 0.1],
    ['1e400', Infinity],
    ['-1e-400', -0],
    ['4.9e-324', 5e-324],
  ])('%s', (text, value) => {
    expect(Object.is(dec(text), value)).toBe(true);
  });

  it.each(['', '-', '+', '.', 'e5', '1e', '1e+', '1.2.3', '0x10', 'Infinity', 'NaN', '1_0', ' 1', '1 ', '--1', '1d5'])(
    'rejects %j',
    (text) => {
      expect(dec(text)).toBeNaN();
    },
  );

  it('equals Number() on every double printed by JS', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        for (const s of [String(x), x.toExponential(), x.toFixed(Math.min(20, 3))]) {
          expect(Object.is(dec(s), Number(s))).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('equals Number() on random strings of the decimal grammar', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 25 });
    const text = fc
      .tuple(fc.constantFrom('', '-', '+'), digits, fc.option(digits), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 3 }))))
      .map(([sign, a, b, e]) => `${sign}${a}${b === null ? '' : `.${b}`}${e === null ? '' : e.join('')}`);
    fc.assert(
      fc.property(text, (s) => {
        const expected = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
        expect(Object.is(dec(s), expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parseIntegerBytes / parseUnsignedBytes', () => {
  it('parses signed integers', () => {
    expect(int('-42')).toBe(-42);
    expect(int('+7')).toBe(7);
    expect(int('007')).toBe(7);
    expect(int('9007199254740993')).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', '-', '1.0', '1e3', 'x', '1 ']) expect(int(bad)).toBeNaN();
  });

  it('parses unsigned integers without a sign', () => {
    expect(uns('17')).toBe(17);
    for (const bad of ['', '-1', '+1', '1.5']) expect(uns(bad)).toBeNaN();
  });

  it('round-trips safe integers', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (x) => {
        expect(int(String(x))).toBe(x);
      }),
    );
  });
});
