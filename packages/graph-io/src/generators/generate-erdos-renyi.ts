import type { EdgeList } from '../edge-list.js';
import { checkArcCount, checkVertexCount } from '../graph-limits.js';
import { Xoshiro128ss } from '../random/xoshiro128ss.js';
import { checkIntegerOption } from './check-option.js';
import { PairHashSet } from './pair-hash-set.js';
import { allocateWeights, weightSampler, type WeightSpec } from './weight-spec.js';

/** Options of {@link generateErdosRenyi}. */
export interface ErdosRenyiOptions {
  /** Vertex count, at least 2. */
  readonly n: number;
  /** Number of distinct arcs (directed) or edges (undirected), at most the number of possible pairs. */
  readonly m: number;
  readonly seed: number;
  /** Arcs u → v with u ≠ v (default), or undirected edges {u, v} listed with their mirrors. */
  readonly directed?: boolean;
  /** Default `'none'`. */
  readonly weights?: WeightSpec;
}

/**
 * Erdős–Rényi G(n, m): exactly m distinct pairs drawn uniformly from all n(n − 1) arcs (directed) or
 * n(n − 1)/2 edges (undirected), no self-loops. Undirected edges come with their mirrors
 * (`directed: false`, 2m arcs, both with the edge's weight).
 *
 * Sparse m (at most half the pairs) draws pairs and rejects repeats through a typed hash set, in draw
 * order; denser m draws the pairs to leave out instead and lists the rest in row order, so both take
 * O(m) expected draws. m above the number of pairs is refused, naming both.
 *
 * @example
 * ```ts
 * const g = generateErdosRenyi({ n: 1000, m: 8000, seed: 1 });                    // 8000 arcs
 * const u = generateErdosRenyi({ n: 100, m: 300, seed: 2, directed: false,
 *   weights: { min: 1, max: 10 } });                                                // 600 arcs
 * ```
 */
export function generateErdosRenyi(options: ErdosRenyiOptions): EdgeList {
  const { n, m, seed, directed = true, weights = 'none' } = options;
  checkVertexCount(n, 'erdos-renyi');
  checkIntegerOption('n', n, 2, 0xffffffff);
  checkIntegerOption('m', m, 0, Number.MAX_SAFE_INTEGER);
  const pairs = directed ? n * (n - 1) : (n * (n - 1)) / 2;
  if (m > pairs) {
    throw new RangeError(`m = ${m} exceeds the ${pairs} possible ${directed ? 'arcs' : 'edges'} without self-loops on n = ${n} vertices`);
  }
  const arcs = directed ? m : 2 * m;
  checkArcCount(arcs, `erdos-renyi n = ${n}, m = ${m}`);
  const sampler = weightSampler(weights, 'weights');
  const rng = Xoshiro128ss.fromSeed(seed);
  const src = new Uint32Array(arcs);
  const dst = new Uint32Array(arcs);
  const weight = sampler === null ? null : allocateWeights(sampler, arcs, false);
  let k = 0;
  const emit = (u: number, v: number): void => {
    const w = sampler === null ? 0 : sampler.draw(rng);
    src[k] = u;
    dst[k] = v;
    if (weight !== null) weight[k] = w;
    k++;
    if (!directed) {
      src[k] = v;
      dst[k] = u;
      if (weight !== null) weight[k] = w;
      k++;
    }
  };

  const dense = m > pairs / 2;
  const drawn = new PairHashSet(dense ? pairs - m : m);
  while (drawn.size < drawn.maxSize) {
    let u = rng.nextBelow(n);
    let v = rng.nextBelow(n);
    if (u === v) continue;
    if (!directed && u > v) [u, v] = [v, u];
    if (drawn.add(u, v) && !dense) emit(u, v);
  }
  if (dense) {
    for (let u = 0; u < n; u++) {
      for (let v = directed ? 0 : u + 1; v < n; v++) if (u !== v && !drawn.has(u, v)) emit(u, v);
    }
  }
  return { n, src, dst, weight, directed };
}
