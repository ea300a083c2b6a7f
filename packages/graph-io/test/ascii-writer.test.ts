import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsciiWriter } from '../src/text/ascii-writer.js';
import { shortestDecimal } from '../src/text/shortest-decimal.js';
import { textOfChunks } from '../src/formats/text-chunks.js';

const textOf = (w: AsciiWriter): string => textOfChunks(w.flush());

describe('AsciiWriter', () => {
  it('writes safe integers exactly as String() does', () => {
    fc.assert(
      fc.property(fc.array(fc.maxSafeInteger(), { maxLength: 20 }), (values) => {
        const w = new AsciiWriter(4);
        for (const v of values) {
          w.integer(v);
          w.byte(0x20);
        }
        expect(textOf(w)).toBe(values.map((v) => `${String(v)} `).join(''));
      }),
    );
  });

  it('writes decimals exactly as shortestDecimal does (-0, subnormals, exponents, f32 values)', () => {
    const values = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.float({ noNaN: true, noDefaultInfinity: true }), fc.maxSafeInteger(), fc.constantFrom(-0, 2 ** 53, -(2 ** 53), 1e21));
    fc.assert(
      fc.property(fc.array(values, { maxLength: 20 }), (list) => {
        const w = new AsciiWriter(7);
        for (const v of list) {
          w.decimal(v);
          w.byte(0x0a);
        }
        expect(textOf(w)).toBe(list.map((v) => `${shortestDecimal(v)}\n`).join(''));
      }),
    );
  });

  it('writes -0 as an integer 0 and text as UTF-8, split anywhere by the chunks', () => {
    const w = new AsciiWriter(1);
    w.integer(-0);
    w.text(' é€');
    const chunks = [...w.flush()].map((c) => Array.from(c));
    expect(chunks).toEqual([[0x30], [0x20], [0xc3], [0xa9], [0xe2], [0x82], [0xac]]);
    expect(textOfChunks(chunks.map((c) => Uint8Array.from(c)))).toBe('0 é€');
  });

  it('hands out chunks of exactly chunkBytes, all views of one buffer, and keeps the remainder', () => {
    const w = new AsciiWriter(10);
    w.text('0123456789abcdefghijklmnopqrstuvwxyz');
    expect(w.full).toBe(true);
    const taken = [...w.take()];
    expect(taken.map((c) => c.length)).toEqual([10, 10, 10]);
    expect(new Set(taken.map((c) => c.buffer)).size).toBe(1);
    expect(w.full).toBe(false);
    expect(textOfChunks(w.flush())).toBe('uvwxyz');
    expect([...w.flush()]).toEqual([]);
  });

  it('refuses a chunk size that is not a positive integer', () => {
    expect(() => new AsciiWriter(0)).toThrow('chunkBytes = 0 is not a positive integer');
    expect(() => new AsciiWriter(1.5)).toThrow(RangeError);
  });
});
