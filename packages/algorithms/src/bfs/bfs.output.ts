/**
 * Depths of a BFS tree from its parent array (−1 where unreached), or the first vertex whose chain of
 * parents does not end at the source (a cycle, or a chain into an unreached vertex).
 *
 * @example
 * ```ts
 * treeDepths(Int32Array.of(0, 0, 1), 0); // { depth: [0, 1, 2] }
 * ```
 */
export function treeDepths(parent: Int32Array, source: number): { readonly depth: Int32Array } | { readonly brokenAt: number } {
  const n = parent.length;
  const depth = new Int32Array(n).fill(-1);
  depth[source] = 0;
  const chain: number[] = [];
  for (let start = 0; start < n; start++) {
    if (parent[start] === -1 || depth[start] !== -1) continue;
    // Walk up to a vertex of known depth; a chain longer than n is a cycle.
    let v = start;
    while (depth[v] === -1) {
      chain.push(v);
      if (chain.length > n || parent[v] === -1) return { brokenAt: start };
      v = parent[v];
    }
    for (let d = depth[v], i = chain.length - 1; i >= 0; i--) depth[chain[i]] = ++d;
    chain.length = 0;
  }
  return { depth };
}
