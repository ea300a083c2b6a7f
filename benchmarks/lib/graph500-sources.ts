import { Xoshiro128ss, type Csr } from '@semiforge/graph-io';

/**
 * `count` distinct random vertices of degree > 0 (Graph500's search keys), from a fixed seed, so that every
 * suite and every backend searches from the same sources of a graph. A graph with fewer non-isolated vertices
 * than `count` gives what it has.
 *
 * @example
 * graph500Sources(csr, 64); // 64 distinct vertices with at least one arc
 */
export function graph500Sources(csr: Csr, count: number, seed = 2): number[] {
  const rng = Xoshiro128ss.fromSeed(seed);
  const chosen = new Set<number>();
  if (csr.indptr[csr.n] === 0) return [];
  for (let tries = 0; chosen.size < count && tries < 100 * count + csr.n; tries++) {
    const v = rng.nextU32() % csr.n;
    if (csr.indptr[v + 1] > csr.indptr[v]) chosen.add(v);
  }
  return [...chosen];
}
