/**
 * Several recursion levels of a recursive-matrix generator drawn with one 32-bit random number.
 *
 * A group of `levels` levels (at most 4) has 4^levels outcomes, one quadrant per level, with the product of
 * the levels' probabilities. Walker's alias method draws one of them with a single comparison: the top
 * 2·levels bits of the number pick a slot, the remaining bits (24 or more) are compared with the slot's
 * threshold, which keeps the slot's own outcome or takes its alias. Each outcome's probability is exact to
 * 2^−24, against one draw and up to three data-dependent branches per level without it — random numbers
 * are most of a Kronecker generator's cost.
 */
export interface QuadrantAlias {
  /** Levels in the group (1..4). */
  readonly levels: number;
  /** Low bits of the random number compared with `threshold` (32 − 2·levels). */
  readonly coinBits: number;
  /** Per slot: keep the slot's outcome when the coin is below this. */
  readonly threshold: Float64Array;
  /** Per slot: the outcome taken otherwise. */
  readonly alias: Uint8Array;
  /** Per outcome: the row bits of its levels (first level most significant). */
  readonly rowBits: Uint8Array;
  /** Per outcome: the column bits of its levels. */
  readonly colBits: Uint8Array;
}

/** Most levels per group: 4^4 = 256 outcomes fit a byte and leave 24 bits for the coin. */
export const MAX_ALIAS_LEVELS = 4;

/**
 * The alias table of a group of levels, given each level's quadrant probabilities `[a, b, c, d]`
 * (quadrant a = row bit 0, column bit 0; b = 0, 1; c = 1, 0; d = 1, 1).
 *
 * @example
 * ```ts
 * const t = quadrantAlias([[0.57, 0.19, 0.19, 0.05], [0.57, 0.19, 0.19, 0.05]]); // 16 outcomes, 28-bit coin
 * ```
 */
export function quadrantAlias(levelProbabilities: readonly (readonly [number, number, number, number])[]): QuadrantAlias {
  const levels = levelProbabilities.length;
  if (levels < 1 || levels > MAX_ALIAS_LEVELS) throw new RangeError(`a group has 1..${MAX_ALIAS_LEVELS} levels, not ${levels}`);
  const outcomes = 4 ** levels;
  const coinBits = 32 - 2 * levels;
  const rowBits = new Uint8Array(outcomes);
  const colBits = new Uint8Array(outcomes);
  const p = new Float64Array(outcomes);
  for (let k = 0; k < outcomes; k++) {
    let prob = 1;
    for (let level = 0; level < levels; level++) {
      const quadrant = (k >>> (2 * (levels - 1 - level))) & 3;
      prob *= levelProbabilities[level][quadrant];
      rowBits[k] = (rowBits[k] << 1) | (quadrant >>> 1);
      colBits[k] = (colBits[k] << 1) | (quadrant & 1);
    }
    p[k] = prob * outcomes;
  }
  // Vose's construction: slots below average take their remainder from one above average.
  const threshold = new Float64Array(outcomes);
  const alias = new Uint8Array(outcomes);
  const small: number[] = [];
  const large: number[] = [];
  for (let k = 0; k < outcomes; k++) (p[k] < 1 ? small : large).push(k);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large[large.length - 1];
    threshold[s] = p[s];
    alias[s] = l;
    p[l] -= 1 - p[s];
    if (p[l] < 1) small.push(large.pop()!);
  }
  // What is left is 1 up to rounding: always keep the slot's own outcome.
  for (const k of [...small, ...large]) {
    threshold[k] = 1;
    alias[k] = k;
  }
  const scale = 2 ** coinBits;
  for (let k = 0; k < outcomes; k++) threshold[k] = Math.round(threshold[k] * scale);
  return { levels, coinBits, threshold, alias, rowBits, colBits };
}
