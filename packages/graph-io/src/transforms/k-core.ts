import type { Csr } from '../csr.js';
import { coreNumbers } from './core-numbers.js';
import { inducedSubgraph } from './induced-subgraph.js';

/**
 * The k-core: the subgraph induced by the vertices of core number ≥ k (see {@link coreNumbers} for the
 * undirected simple view it is computed on; the subgraph itself keeps all of `csr`'s arcs between those
 * vertices). Vertices ascend; the graph's `ids` map back to the user's labels. The 2-core is what
 * paper 003's CoreBFS searches first.
 *
 * @example
 * ```ts
 * kCore(csrFromEdges(edgeListFromArrays(4, [0, 1, 2, 2], [1, 2, 0, 3])), 2).vertices; // [0, 1, 2]
 * ```
 */
export function kCore(csr: Csr, k: number): { graph: Csr; vertices: Uint32Array } {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`k = ${k} is not a non-negative integer`);
  const core = coreNumbers(csr);
  let count = 0;
  for (let v = 0; v < csr.n; v++) if (core[v] >= k) count++;
  const vertices = new Uint32Array(count);
  for (let v = 0, i = 0; v < csr.n; v++) if (core[v] >= k) vertices[i++] = v;
  return { graph: inducedSubgraph(csr, vertices), vertices };
}
