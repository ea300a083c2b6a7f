import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quadrantAlias } from '../../src/generators/quadrant-alias.js';

/** Each outcome's probability as the table draws it: its own slot's kept share plus what other slots alias to it. */
function drawnProbabilities(levels: readonly (readonly [number, number, number, number])[]): Float64Array {
  const t = quadrantAlias(levels);
  const outcomes = t.threshold.length;
  const coin = 2 ** t.coinBits;
  const p = new Float64Array(outcomes);
  for (let slot = 0; slot < outcomes; slot++) {
    p[slot] += t.threshold[slot] / coin / outcomes;
    p[t.alias[slot]] += (1 - t.threshold[slot] / coin) / outcomes;
  }
  return p;
}

const quadrants = fc
  .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 1, noNaN: true }))
  .map(([a, b, c, d]) => {
    const sum = a + b + c + d;
    return [a / sum, b / sum, c / sum, d / sum] as [number, number, number, number];
  });

describe('quadrantAlias', () => {
  it('draws every outcome with the product of its levels’ probabilities, to 2^-24', () => {
    fc.assert(
      fc.property(fc.array(quadrants, { minLength: 1, maxLength: 4 }), (levels) => {
        const p = drawnProbabilities(levels);
        const t = quadrantAlias(levels);
        for (let k = 0; k < p.length; k++) {
          let expected = 1;
          for (let level = 0; level < levels.length; level++) expected *= levels[level][(k >>> (2 * (levels.length - 1 - level))) & 3];
          expect(Math.abs(p[k] - expected)).toBeLessThanOrEqual(2 ** -24);
          // Row and column bits spell the outcome's quadrants, first level most significant.
          let row = 0;
          let col = 0;
          for (let level = 0; level < levels.length; level++) {
            const q = (k >>> (2 * (levels.length - 1 - level))) & 3;
            row = (row << 1) | (q >>> 1);
            col = (col << 1) | (q & 1);
          }
          expect([t.rowBits[k], t.colBits[k]]).toEqual([row, col]);
        }
      }),
    );
  });

  it('leaves 32 − 2·levels bits for the coin and refuses more than four levels', () => {
    const g = [0.57, 0.19, 0.19, 0.05] as const;
    expect(quadrantAlias([g, g, g, g]).coinBits).toBe(24);
    expect(quadrantAlias([g]).coinBits).toBe(30);
    expect(() => quadrantAlias([g, g, g, g, g])).toThrow('a group has 1..4 levels, not 5');
  });
});
