import type { EdgeList } from '@semiforge/graph-io';
import { dijkstraTree } from '../sssp/sssp.reference.js';

/**
 * Single-source shortest distances by Dijkstra (binary heap) over non-negative weights, in float64:
 * the benchmark's independent check of sampled APSP rows. The edge list is bucketed by tail, then the
 * SSSP reference's Dijkstra runs with exact (float64) sums.
 */
export function dijkstra(graph: EdgeList, source: number): Float64Array {
  const { n, src, dst, weight } = graph;
  const offsets = new Uint32Array(n + 1);
  for (let e = 0; e < src.length; e++) offsets[src[e] + 1]++;
  for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, n);
  const heads = new Uint32Array(src.length);
  const weights = new Float64Array(src.length);
  for (let e = 0; e < src.length; e++) {
    const at = fill[src[e]]++;
    heads[at] = dst[e];
    const we = weight ? weight[e] : 1;
    if (we < 0) throw new RangeError(`dijkstra: arc ${e} has negative weight ${we}`);
    weights[at] = we;
  }
  return dijkstraTree({ n, offsets, heads, weights }, source, (d, w) => d + w).dist;
}
