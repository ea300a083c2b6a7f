import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDimacsCo, writeDimacsCo } from '../src/index.js';
import { parseErrorMessage } from './helpers/expect-parse-error.js';

const read = (text: string) => readDimacsCo(text, { file: 'c.co' });

describe('readDimacsCo', () => {
  it('reads vertices in any order, 1-based, with comments and blank lines', () => {
    const c = read('c 9th DIMACS\np aux sp co 3\n\nv 3 -73530767 41085396\nv 1 1.5 -2\r\nv 2 0 0\n');
    expect(c.n).toBe(3);
    expect(Array.from(c.x)).toEqual([1.5, 0, -73530767]);
    expect(Array.from(c.y)).toEqual([-2, 0, 41085396]);
  });

  it.each([
    ['', "c.co:1: no 'p aux sp co N' line"],
    ['v 1 0 0\n', "c.co:1:1: vertex line before the 'p aux sp co N' line"],
    ['p aux sp gr 1\n', "c.co:1:10: expected 'co', found 'gr' (expected 'p aux sp co N')"],
    ['p aux sp co 2\nv 1 0 0\n', "c.co:2: found 1 vertices but the p line (line 1) declares 2; vertex 2 has no 'v' line"],
    ['p aux sp co 2\nv 1 0 0\nv 2 0 0\nv 1 5 5\n', 'c.co:4:3: vertex 1 appears twice (first on line 2)'],
    ['p aux sp co 2\nv 3 0 0\n', 'c.co:2:3: vertex id 3 out of range 1..2 (p aux sp co 2)'],
    ['p aux sp co 2\nv 0 0 0\n', 'c.co:2:3: vertex id 0 out of range 1..2 (p aux sp co 2)'],
    ['p aux sp co 1\nv 1 x 0\n', "c.co:2:5: x coordinate 'x' is not a decimal number"],
    ['p aux sp co 1\nv 1 0\n', "c.co:2:6: line ends before the y coordinate (expected 'v ID X Y')"],
    ['p aux sp co 1\nv 1 0 0 0\n', "c.co:2:9: unexpected '0' after the y coordinate (expected 'v ID X Y')"],
    ['p aux sp co 1\np aux sp co 1\n', 'c.co:2:1: second p line (the first is line 1)'],
    ['p aux sp co 1\na 1 2 3\n', "c.co:2:1: unknown line type 'a' (expected 'c' comment, 'p aux sp co N' or 'v ID X Y')"],
    ['p aux sp co 4000000000\n', "c.co:1:13: vertex count 4000000000 cannot fit in the 0 bytes that follow"],
  ])('rejects %j', (text, message) => {
    expect(parseErrorMessage(() => read(text))).toBe(message);
  });
});

describe('writeDimacsCo', () => {
  it('writes comments, the p line and every vertex', () => {
    const text = writeDimacsCo({ n: 2, x: Float64Array.of(-73530767, 0.1), y: Float64Array.of(41085396, -0) }, { comments: ['roads'] });
    expect(text).toBe('c roads\np aux sp co 2\nv 1 -73530767 41085396\nv 2 0.1 -0\n');
  });

  it('refuses non-finite coordinates and mismatched lengths', () => {
    expect(() => writeDimacsCo({ n: 1, x: Float64Array.of(Infinity), y: Float64Array.of(0) })).toThrow('vertex 1 is at (Infinity, 0), not finite');
    expect(() => writeDimacsCo({ n: 2, x: new Float64Array(1), y: new Float64Array(2) })).toThrow(RangeError);
  });

  it('round-trips exactly through readDimacsCo', () => {
    const coordinate = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { maxLength: 40 }), (points) => {
        const c = { n: points.length, x: Float64Array.from(points, (p) => p[0]), y: Float64Array.from(points, (p) => p[1]) };
        const back = readDimacsCo(writeDimacsCo(c));
        expect(back).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });
});
