import type { Csr } from '../csr.js';

/** Components of a graph: `label[v]` in `0 … count − 1`, and `sizes[label]` vertices each. */
export interface Components {
  readonly count: number;
  readonly label: Uint32Array;
  readonly sizes: Uint32Array;
}

/**
 * Connected components, weakly connected for a directed graph (arc direction ignored). Union-find over
 * the arcs with path halving, always linking the larger root under the smaller, so every root is its
 * component's least vertex. Labels are numbered by first appearance: vertex 0 is in component 0, and
 * component `c` is the `c`-th to show up scanning vertices upwards. O(m α(n)), two n-length arrays.
 *
 * @example
 * ```ts
 * connectedComponents(csrFromEdges(edgeListFromArrays(4, [3, 1], [1, 3])));
 * // { count: 3, label: [0, 1, 2, 1], sizes: [1, 2, 1] }
 * ```
 */
export function connectedComponents(csr: Csr): Components {
  const { n, indptr, indices } = csr;
  const parent = new Uint32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  for (let u = 0; u < n; u++) {
    const end = indptr[u + 1];
    for (let p = indptr[u]; p < end; p++) {
      const a = findRoot(parent, u);
      const b = findRoot(parent, indices[p]);
      if (a < b) parent[b] = a;
      else if (b < a) parent[a] = b;
    }
  }
  // Links and halving only ever lower parent[v], so parent[v] <= v and every root is its component's
  // least vertex. Scanning upwards, parent[v] < v already holds its label, so labels overwrite in place.
  const label = parent;
  const sizes = new Uint32Array(n);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const p = parent[v];
    label[v] = p === v ? count++ : label[p];
    sizes[label[v]]++;
  }
  return { count, label, sizes: sizes.slice(0, count) };
}

function findRoot(parent: Uint32Array, v: number): number {
  while (parent[v] !== v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}
