import type { Csr } from '@semiforge/graph-io';
import { NegativeCycleError } from '../apsp/apsp.errors.js';
import { checkSource, ssspWeights, type SsspWeightType } from './sssp.input.js';

/** Parent of the source (itself, as Graph500 has it) is a vertex; unreached vertices have this. */
export const NO_PARENT = 0xffffffff;

/** Distances (Infinity where unreached) and a shortest-path tree (parent[source] = source). */
export interface SsspTree {
  readonly dist: Float64Array;
  readonly parent: Uint32Array;
}

/** d + w as a shortest-path method computes it: rounded to f32, or exact. */
export type PathAdd = (d: number, w: number) => number;

/** Sums as the kernels form them: f32 rounds every step (as stored), u32 is exact. */
export const pathAdd = (type: SsspWeightType): PathAdd => (type === 'f32' ? (d, w) => Math.fround(d + w) : (d, w) => d + w);

/** Adjacency as the CPU methods read it: the arcs of u at offsets[u] .. offsets[u + 1] − 1. */
export interface Adjacency {
  readonly n: number;
  readonly offsets: Uint32Array;
  readonly heads: Uint32Array;
  readonly weights: ArrayLike<number>;
}

/**
 * Dijkstra with a binary heap (lazy deletion) over non-negative weights, summing with `add` (f32-rounded
 * sums keep the method exact for the f32 path lengths the GPU computes: rounding is monotone).
 */
export function dijkstraTree(graph: Adjacency, source: number, add: PathAdd): SsspTree {
  const { n, offsets, heads, weights } = graph;
  const dist = new Float64Array(n).fill(Infinity);
  const parent = new Uint32Array(n).fill(NO_PARENT);
  const arcs = heads.length;
  const heapV = new Uint32Array(arcs + 1);
  const heapD = new Float64Array(arcs + 1);
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
  parent[source] = source;
  push(source, 0);
  const done = new Uint8Array(n);
  while (size > 0) {
    const u = pop();
    if (done[u]) continue;
    done[u] = 1;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const w = weights[e];
      if (w < 0) throw new RangeError(`dijkstra: arc ${e} (${u} → ${heads[e]}) has negative weight ${w}; use Bellman-Ford`);
      const v = heads[e];
      const nd = add(dist[u], w);
      if (nd < dist[v]) {
        dist[v] = nd;
        parent[v] = u;
        push(v, nd);
      }
    }
  }
  return { dist, parent };
}

/**
 * Bellman-Ford with a FIFO queue, for any weights. Throws a `NegativeCycleError` naming a vertex on a
 * negative cycle reachable from the source: once some path grows to n arcs, the parent pointers are
 * walked, and a walk that meets itself has found the cycle (a cycle of parents is always negative).
 */
export function bellmanFordTree(graph: Adjacency, source: number, add: PathAdd): SsspTree {
  const { n, offsets, heads, weights } = graph;
  const dist = new Float64Array(n).fill(Infinity);
  const parent = new Uint32Array(n).fill(NO_PARENT);
  const hops = new Uint32Array(n);
  const queued = new Uint8Array(n);
  const queue = new Uint32Array(n + 1);
  let head = 0;
  let tail = 0;
  const enqueue = (v: number) => {
    queued[v] = 1;
    queue[tail] = v;
    tail = tail === n ? 0 : tail + 1;
  };
  dist[source] = 0;
  parent[source] = source;
  enqueue(source);
  while (head !== tail) {
    const u = queue[head];
    head = head === n ? 0 : head + 1;
    queued[u] = 0;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = heads[e];
      const nd = add(dist[u], weights[e]);
      if (!(nd < dist[v])) continue;
      dist[v] = nd;
      parent[v] = u;
      hops[v] = hops[u] + 1;
      if (hops[v] >= n) {
        const onCycle = parentCycle(parent, v, n);
        if (onCycle !== undefined) throw new NegativeCycleError(onCycle, `reachable from source ${source}: its parent pointers return to it`);
      }
      if (!queued[v]) enqueue(v);
    }
  }
  return { dist, parent };
}

/** A vertex on a cycle of the parent pointers met walking from v, or undefined when the walk reaches a root. */
function parentCycle(parent: Uint32Array, v: number, n: number): number | undefined {
  let x = v;
  for (let i = 0; i < n; i++) {
    const p = parent[x];
    if (p === NO_PARENT || p === x) return undefined;
    x = p;
  }
  return x;
}

/**
 * The CPU reference: shortest distances and a tree from `source`, with sums formed as the GPU forms them
 * (f32-rounded or exact u32). Dijkstra for non-negative weights, Bellman-Ford (with negative-cycle
 * detection) when some weight is negative or `method` says so.
 *
 * @example
 * const { dist, parent } = ssspReference(csr, 0, { weights: 'f32' });
 */
export function ssspReference(graph: Csr, source: number, options: { weights?: SsspWeightType; method?: 'dijkstra' | 'bellman-ford' } = {}): SsspTree {
  checkSource(graph.n, source);
  const type = options.weights ?? 'f32';
  const weights = ssspWeights(graph, type);
  const adjacency = { n: graph.n, offsets: graph.indptr, heads: graph.indices, weights: weights.values };
  const method = options.method ?? (weights.min < 0 ? 'bellman-ford' : 'dijkstra');
  return (method === 'dijkstra' ? dijkstraTree : bellmanFordTree)(adjacency, source, pathAdd(type));
}
