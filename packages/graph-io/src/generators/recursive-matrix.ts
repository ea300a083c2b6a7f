import type { WeightArray } from '../edge-list.js';
import { checkArcCount } from '../graph-limits.js';
import { Xoshiro128ss } from '../random/xoshiro128ss.js';
import { checkIntegerOption, checkNumberOption } from './check-option.js';
import { MAX_ALIAS_LEVELS, quadrantAlias, type QuadrantAlias } from './quadrant-alias.js';
import { scrambleKeys, scrambleVertex, type ScrambleKeys } from './vertex-scramble.js';
import { allocateWeights, weightSampler, type WeightSpec } from './weight-spec.js';

/** Edges per block: each block has its own random stream, so blocks can be generated in any order. */
export const BLOCK_EDGES = 1 << 16;

const GOLDEN = 0x9e3779b9;
const PROBABILITY_TOLERANCE = 1e-9;

/** The quadrant probabilities of a recursive-matrix (R-MAT / Kronecker) generator. */
export interface QuadrantProbabilities {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/** What a recursive-matrix generator is asked for, checked by {@link planRecursiveMatrix}. */
export interface RecursiveMatrixRequest extends QuadrantProbabilities {
  readonly scale: number;
  readonly edges: number;
  readonly seed: number;
  readonly weights: WeightSpec;
  readonly scramble: boolean;
  /** Per-level noise amplitude (Seshadhri, Pinar and Kolda's noisy SKG); 0 for none. */
  readonly noise: number;
  /** Names the generator in error messages. */
  readonly what: string;
}

/**
 * Everything a block needs, as plain data (posted to workers as is): the levels in groups of up to four,
 * each group drawn with one uniform u32 through its alias table.
 */
export interface RecursiveMatrixPlan {
  readonly scale: number;
  readonly edges: number;
  readonly streamKey: number;
  /** Groups of levels, first level first; their `levels` add up to `scale`. */
  readonly groups: readonly QuadrantAlias[];
  readonly weights: WeightSpec;
  readonly scramble: ScrambleKeys | null;
}

/** Output arrays of a recursive-matrix generator, one entry per edge tuple. */
export interface RecursiveMatrixArrays {
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  readonly weight: WeightArray | null;
}

/**
 * Checks a request and turns it into a {@link RecursiveMatrixPlan}. The stream key, the scramble keys and
 * the noise of each level come, in that order, from one xoshiro128** stream seeded with `seed`.
 *
 * @example
 * ```ts
 * const plan = planRecursiveMatrix({ scale: 10, edges: 16 << 10, seed: 1, a: 0.57, b: 0.19, c: 0.19, d: 0.05,
 *   weights: 'none', scramble: true, noise: 0, what: 'kronecker' });
 * ```
 */
export function planRecursiveMatrix(request: RecursiveMatrixRequest): RecursiveMatrixPlan {
  const { scale, edges, seed, a, b, c, d, noise, what } = request;
  checkIntegerOption('scale', scale, 1, 31);
  checkIntegerOption('seed', seed, -0x80000000, 0xffffffff);
  if (!Number.isSafeInteger(edges) || edges < 0) throw new RangeError(`${what}: edge count ${edges} is not a non-negative integer`);
  checkArcCount(edges, `${what} scale ${scale}`);
  for (const [name, p] of [['a', a], ['b', b], ['c', c], ['d', d]] as const) checkNumberOption(name, p, 0, 1);
  const sum = a + b + c + d;
  if (Math.abs(sum - 1) > PROBABILITY_TOLERANCE) {
    throw new RangeError(`a + b + c + d = ${a} + ${b} + ${c} + ${d} = ${sum}, not 1`);
  }
  // Noise moves μ from a and d to b and c; b, c and the shrunk a, d must stay non-negative.
  checkNumberOption('noise', noise, 0, Math.min(b, c, (a + d) / 2));
  weightSampler(request.weights, 'weights');

  const rng = Xoshiro128ss.fromSeed(seed);
  const streamKey = rng.nextU32();
  const scramble = request.scramble ? scrambleKeys(rng, scale) : null;
  const levels: [number, number, number, number][] = [];
  for (let level = 0; level < scale; level++) {
    const mu = noise === 0 ? 0 : noise * (2 * rng.nextFloat() - 1);
    const shrink = a + d === 0 ? 0 : (2 * mu) / (a + d);
    levels.push([a - shrink * a, b + mu, c + mu, d - shrink * d]);
  }
  const groups: QuadrantAlias[] = [];
  for (let first = 0; first < scale; first += MAX_ALIAS_LEVELS) groups.push(quadrantAlias(levels.slice(first, first + MAX_ALIAS_LEVELS)));
  return { scale, edges, streamKey, groups, weights: request.weights, scramble };
}

/** Number of {@link BLOCK_EDGES}-edge blocks of a plan (the last may be shorter). */
export function blockCount(plan: RecursiveMatrixPlan): number {
  return Math.ceil(plan.edges / BLOCK_EDGES);
}

/**
 * Fills edges of blocks `firstBlock .. endBlock − 1` into `out`. Block `k` draws from its own
 * xoshiro128** seeded through splitMix32 at counter `streamKey + 4k·φ`, so the result does not depend on
 * which thread fills which block, or in what order.
 *
 * @example
 * ```ts
 * const out = { src: new Uint32Array(plan.edges), dst: new Uint32Array(plan.edges), weight: null };
 * fillRecursiveMatrixBlocks(plan, out, 0, blockCount(plan));
 * ```
 */
export function fillRecursiveMatrixBlocks(
  plan: RecursiveMatrixPlan,
  out: RecursiveMatrixArrays,
  firstBlock: number,
  endBlock: number,
): void {
  const { groups, scramble } = plan;
  const { src, dst, weight } = out;
  const sampler = weightSampler(plan.weights, 'weights');
  for (let block = firstBlock; block < endBlock; block++) {
    const rng = Xoshiro128ss.fromSeed((plan.streamKey + Math.imul(4 * block, GOLDEN)) >>> 0);
    const end = Math.min(plan.edges, (block + 1) * BLOCK_EDGES);
    for (let e = block * BLOCK_EDGES; e < end; e++) {
      let u = 0;
      let v = 0;
      for (let g = 0; g < groups.length; g++) {
        // Up to four levels per uniform u32 (see quadrant-alias.ts): the reference's distribution with a
        // quarter of its random numbers, which are most of the cost.
        const { levels, coinBits, threshold, alias, rowBits, colBits } = groups[g];
        const r = rng.nextU32();
        const slot = r >>> coinBits;
        const outcome = (r & ((1 << coinBits) - 1)) < threshold[slot] ? slot : alias[slot];
        u = (u << levels) | rowBits[outcome];
        v = (v << levels) | colBits[outcome];
      }
      if (scramble !== null) {
        u = scrambleVertex(u, scramble);
        v = scrambleVertex(v, scramble);
      }
      src[e] = u;
      dst[e] = v;
      if (sampler !== null && weight !== null) weight[e] = sampler.draw(rng);
    }
  }
}

/**
 * Output arrays for a plan's edges; in `SharedArrayBuffer`s when workers are to fill them.
 *
 * @example
 * ```ts
 * const out = allocateRecursiveMatrix(plan, false);
 * ```
 */
export function allocateRecursiveMatrix(plan: RecursiveMatrixPlan, shared: boolean): RecursiveMatrixArrays {
  const u32 = (): Uint32Array =>
    new Uint32Array(shared ? new SharedArrayBuffer(plan.edges * 4) : new ArrayBuffer(plan.edges * 4));
  const sampler = weightSampler(plan.weights, 'weights');
  return { src: u32(), dst: u32(), weight: sampler === null ? null : allocateWeights(sampler, plan.edges, shared) };
}

/**
 * Generates a plan's edges on the calling thread.
 *
 * @example
 * ```ts
 * const { src, dst, weight } = generateRecursiveMatrix(plan);
 * ```
 */
export function generateRecursiveMatrix(plan: RecursiveMatrixPlan): RecursiveMatrixArrays {
  const out = allocateRecursiveMatrix(plan, false);
  fillRecursiveMatrixBlocks(plan, out, 0, blockCount(plan));
  return out;
}
