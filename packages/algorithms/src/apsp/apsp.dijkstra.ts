import type { EdgeList } from '@semiforge/graph-io';

/**
 * Single-source shortest distances by Dijkstra (binary heap) over non-negative weights, in float64:
 * the benchmark's independent check of sampled APSP rows.
 */
export function dijkstra(graph: EdgeList, source: number): Float64Array {
  const { n, src, dst, weight } = graph;
  const offsets = new Uint32Array(n + 1);
  for (let e = 0; e < src.length; e++) offsets[src[e] + 1]++;
  for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, n);
  const adj = new Uint32Array(src.length);
  const w = new Float64Array(src.length);
  for (let e = 0; e < src.length; e++) {
    const at = fill[src[e]]++;
    adj[at] = dst[e];
    const we = weight ? weight[e] : 1;
    if (we < 0) throw new RangeError(`dijkstra: arc ${e} has negative weight ${we}`);
    w[at] = we;
  }
  const dist = new Float64Array(n).fill(Infinity);
  const heapV = new Uint32Array(src.length + 1);
  const heapD = new Float64Array(src.length + 1);
  let size = 0;
  const push = (v: number, dv: number) => {
    let i = size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heapD[p] <= dv) break;
      heapV[i] = heapV[p];
      heapD[i] = heapD[p];
      i = p;
    }
    heapV[i] = v;
    heapD[i] = dv;
  };
  const pop = () => {
    const v = heapV[0];
    const lastV = heapV[--size];
    const lastD = heapD[size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heapD[c + 1] < heapD[c]) c++;
      if (heapD[c] >= lastD) break;
      heapV[i] = heapV[c];
      heapD[i] = heapD[c];
      i = c;
    }
    heapV[i] = lastV;
    heapD[i] = lastD;
    return v;
  };
  dist[source] = 0;
  push(source, 0);
  const done = new Uint8Array(n);
  while (size > 0) {
    const u = pop();
    if (done[u]) continue;
    done[u] = 1;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const nd = dist[u] + w[e];
      if (nd < dist[adj[e]]) {
        dist[adj[e]] = nd;
        push(adj[e], nd);
      }
    }
  }
  return dist;
}
