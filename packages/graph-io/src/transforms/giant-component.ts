import type { Csr } from '../csr.js';
import { connectedComponents } from './connected-components.js';
import { inducedSubgraph } from './induced-subgraph.js';

/**
 * The largest (weakly) connected component, the earliest-labelled one on a tie: its vertices in
 * ascending order and its induced subgraph (whose `ids` map back to the user's labels).
 *
 * @example
 * ```ts
 * giantComponent(csrFromEdges(edgeListFromArrays(4, [3, 1], [1, 3]))).vertices; // [1, 3]
 * ```
 */
export function giantComponent(csr: Csr): { graph: Csr; vertices: Uint32Array } {
  const { count, label, sizes } = connectedComponents(csr);
  let giant = 0;
  for (let c = 1; c < count; c++) if (sizes[c] > sizes[giant]) giant = c;
  const vertices = new Uint32Array(count === 0 ? 0 : sizes[giant]);
  for (let v = 0, i = 0; v < csr.n; v++) if (label[v] === giant) vertices[i++] = v;
  return { graph: inducedSubgraph(csr, vertices), vertices };
}
