import type { Csr } from '@semiforge/graph-io';

/** A BFS tree: `parent[v]` (−1 when v is unreachable, the source its own parent) and `depth[v]` (−1 when unreachable). */
export interface BfsTree {
  readonly parent: Int32Array;
  readonly depth: Int32Array;
}

/**
 * Plain top-down BFS on the CPU, the reference the GPU results are checked against: a FIFO queue, each
 * vertex's parent the first frontier vertex (in queue order) that reaches it.
 *
 * @example
 * ```ts
 * const g = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2]), { symmetrize: true });
 * bfsReference(g, 0); // parent [0, 0, 1], depth [0, 1, 2]
 * ```
 */
export function bfsReference(csr: Csr, source: number): BfsTree {
  const { n, indptr, indices } = csr;
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n).fill(-1);
  const queue = new Uint32Array(n);
  parent[source] = source;
  depth[source] = 0;
  queue[0] = source;
  for (let head = 0, tail = 1; head < tail; head++) {
    const v = queue[head];
    for (let p = indptr[v]; p < indptr[v + 1]; p++) {
      const u = indices[p];
      if (parent[u] !== -1) continue;
      parent[u] = v;
      depth[u] = depth[v] + 1;
      queue[tail++] = u;
    }
  }
  return { parent, depth };
}
