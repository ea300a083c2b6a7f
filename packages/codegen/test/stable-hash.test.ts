import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash64 } from '../src/index.js';

/** FNV-1a 64 in BigInt arithmetic, as the definition reads: the reference the 32-bit halves must match. */
function referenceHash64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

describe('hash64', () => {
  it('is FNV-1a 64 over UTF-16 code units: the published vectors', () => {
    expect(hash64('')).toBe('cbf29ce484222325');
    expect(hash64('a')).toBe('af63dc4c8601ec8c');
    expect(hash64('foobar')).toBe('85944171f73967e8');
  });

  it('equals the BigInt definition on any string, code units past 0xff included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(hash64(text)).toBe(referenceHash64(text));
      }),
      { numRuns: 2000 },
    );
  });
});
