import { checkNumberType } from '@semiforge/graph-io';

/**
 * Refuses a vertex id that is not one of the graph's, naming the algorithm, what the id is for and the vertex
 * range: the check every query's source (and target) goes through, on every backend.
 *
 * @example
 * checkVertex('sssp', graph.n, target, 'target'); // RangeError: sssp: target 9 is not a vertex of this 9-vertex graph (0..8)
 */
export function checkVertex(algorithm: string, n: number, v: number, what = 'source'): void {
  // A string "5" read as "source 5 is not a vertex of this 50-vertex graph": say what it is instead.
  checkNumberType(`${algorithm}: ${what}`, v, `a vertex id (an integer, 0..${Math.max(0, n - 1)})`);
  if (!Number.isInteger(v) || v < 0 || v >= n) {
    throw new RangeError(n === 0 ? `${algorithm}: ${what} ${v} given, but the graph has no vertices` : `${algorithm}: ${what} ${v} is not a vertex of this ${n}-vertex graph (0..${n - 1})`);
  }
}
