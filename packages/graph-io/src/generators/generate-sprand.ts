import type { EdgeList } from '../edge-list.js';
import { EdgeListBuilder } from '../edge-list-builder.js';
import { checkArcCount } from '../graph-limits.js';
import { Xoshiro128ss } from '../random/xoshiro128ss.js';
import { weightSampler } from './weight-spec.js';

/** Options of {@link generateSprand}. */
export interface SprandOptions {
  /** Vertex count, at least 2. */
  readonly n: number;
  /** Seed of the {@link Xoshiro128ss} stream; the same seed gives the same graph. */
  readonly seed: number;
  /** Arc count, at least `n` (the cycle). Default `4 * n` (Random4-n). */
  readonly m?: number;
  /** Smallest weight. Default 0. */
  readonly minWeight?: number;
  /** Largest weight (inclusive for integers). Default `n` (Random4-n). */
  readonly maxWeight?: number;
  /** Draw weights as doubles uniform in [minWeight, maxWeight) instead of integers. Default false. */
  readonly floatWeights?: boolean;
}

/**
 * Random strongly connected digraph the way SPLIB's `sprand` makes DIMACS challenge 9's
 * `Random4-n` family: first a Hamiltonian cycle (arcs 0→1, n-1→0, then i→i+1 for i = 1..n-2), then
 * `m - n` arcs with tail and head uniform (no self-loops, parallel arcs possible). Each arc draws
 * its weight uniform in [minWeight, maxWeight] when drawn. The defaults (m = 4n, integer weights
 * in [0, n]) give Random4-n. The PRNG is xoshiro128**, not sprand's, so graphs match the family,
 * not the published files.
 *
 * @example
 * ```ts
 * const g = generateSprand({ n: 1024, seed: 971 }); // 4096 arcs, weights 0..1024
 * const f = generateSprand({ n: 100, seed: 1, m: 800, minWeight: 1, maxWeight: 2, floatWeights: true });
 * ```
 */
export function generateSprand(options: SprandOptions): EdgeList {
  const { n, seed, m = 4 * n, minWeight = 0, maxWeight = n, floatWeights = false } = options;
  if (!Number.isInteger(n) || n < 2 || n > 0xffffffff) throw new RangeError(`n = ${n} is not an integer in 2..${0xffffffff}`);
  if (!Number.isInteger(m) || m < n) throw new RangeError(`m = ${m} must be an integer ≥ n = ${n} (the cycle alone takes n arcs)`);
  // Before the arrays are allocated: past the limit their length alone would fail, naming neither n nor m.
  checkArcCount(m, `sprand n = ${n}, m = ${m}`);
  const sampler = weightSampler({ min: minWeight, max: maxWeight, integer: !floatWeights }, 'weight');
  const rng = Xoshiro128ss.fromSeed(seed);
  const drawWeight = (): number => sampler.draw(rng);

  const builder = new EdgeListBuilder(true, m);
  builder.push(0, 1, drawWeight());
  builder.push(n - 1, 0, drawWeight());
  for (let i = 1; i < n - 1; i++) builder.push(i, i + 1, drawWeight());
  for (let k = n; k < m; k++) {
    const u = rng.nextBelow(n);
    let v = rng.nextBelow(n);
    while (v === u) v = rng.nextBelow(n);
    builder.push(u, v, drawWeight());
  }
  return builder.finish(n, true);
}

/**
 * DIMACS challenge 9 `Random4-n` graph: {@link generateSprand} with n vertices, 4n arcs and integer
 * weights uniform in [0, n].
 *
 * @example
 * ```ts
 * const g = generateRandom4n(1 << 10, 971);
 * ```
 */
export function generateRandom4n(n: number, seed: number): EdgeList {
  return generateSprand({ n, seed });
}
