// The costly part of the Graph500 SSSP check, over a range of rows: shared by validateSssp (all rows, this
// thread) and validateSsspParallel's workers (a range each, the arrays in shared memory).
import type { Csr } from '@semiforge/graph-io';

/** The first arc of a sweep that would still lower a distance, and its tail; both −1 when none does. */
export interface SweepFinding {
  readonly relaxes: number;
  readonly tail: number;
}

/**
 * One pass over the arcs of rows [first, end): sets tight[v] = 1 where v's parent arc from a row of the range is
 * tight (dist[p] + w == dist[v]), and returns the first arc that would still lower a distance. f32 rounding is
 * inlined rather than called: this loop is the check's cost.
 */
export function sweepArcRows(
  graph: Pick<Csr, 'indptr' | 'indices'>,
  dist: ArrayLike<number>,
  parent: Uint32Array | undefined,
  tight: Uint8Array,
  w: Float32Array | Uint32Array,
  f32: boolean,
  limit: number,
  first: number,
  end: number,
): SweepFinding {
  const { indptr, indices } = graph;
  let relaxes = -1;
  let tail = -1;
  for (let u = first; u < end; u++) {
    const du = dist[u];
    if (du === Infinity) continue;
    const rowEnd = indptr[u + 1];
    for (let e = indptr[u]; e < rowEnd; e++) {
      const v = indices[e];
      const c = f32 ? Math.fround(du + w[e]) : du + w[e];
      const dv = dist[v];
      if (c === dv) {
        if (parent && parent[v] === u) tight[v] = 1;
      } else if (c < dv && c <= limit && relaxes < 0) {
        relaxes = e;
        tail = u;
      }
    }
  }
  return { relaxes, tail };
}
