import type { Csr } from '@semiforge/graph-io';
import { distanceKey, f32BitsKey } from './sssp.keys.js';

/** A CSR whose rows hold their light arcs first, and where each row's heavy arcs begin. */
export interface LightFirstRows<W extends Float32Array | Uint32Array> {
  /** The graph with each row's arcs reordered (the same arcs, each with its weight). */
  readonly graph: Csr;
  /** The weights in the new order. */
  readonly values: W;
  /** lightEnd[v]: the first heavy arc of v's row (indptr[v + 1] when it has none). */
  readonly lightEnd: Uint32Array;
}

/**
 * Each row's arcs split into the light ones (weight < delta) and then the heavy ones, both kept in their order
 * (a stable partition in one pass over the arcs, no sort): near-far with `heavyArcs: 'settle'` relaxes a visited
 * vertex's light arcs, and its heavy ones once per bucket. f32 weights compare by their order-preserving keys
 * (−0 below every positive delta), u32 by value; `delta` is in the weights' type (an f32 one as rounded).
 *
 * @example
 * const rows = lightFirstRows(csr, ssspWeights(csr, 'u32').values, 35); // rows.graph.indices, rows.values, rows.lightEnd
 */
export function lightFirstRows<W extends Float32Array | Uint32Array>(graph: Csr, values: W, delta: number): LightFirstRows<W> {
  const { n, indptr, indices } = graph;
  const f32 = values instanceof Float32Array;
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  // Light when the weight's key is below delta's; f32 keys computed once, so that one loop over one array type
  // (monomorphic on 10^8 arcs) serves both types.
  const keys = f32 ? bits.map(f32BitsKey) : bits;
  const bound = distanceKey(delta, f32 ? 'f32' : 'u32');
  const outIndices = new Uint32Array(indices.length);
  const outBits = new Uint32Array(bits.length);
  const lightEnd = new Uint32Array(n);
  for (let u = 0; u < n; u++) {
    const start = indptr[u];
    const end = indptr[u + 1];
    let light = start;
    for (let e = start; e < end; e++) if (keys[e] < bound) light++;
    lightEnd[u] = light;
    let a = start;
    let b = light;
    for (let e = start; e < end; e++) {
      const at = keys[e] < bound ? a++ : b++;
      outIndices[at] = indices[e];
      outBits[at] = bits[e];
    }
  }
  const reordered = (f32 ? new Float32Array(outBits.buffer) : outBits) as W;
  // The graph's own weights follow the arcs too (u32 ones as the f64 a Csr holds); rows are no longer sorted by head.
  const weight = reordered instanceof Float32Array ? reordered : Float64Array.from(reordered);
  return { graph: { ...graph, indices: outIndices, weight, sorted: false }, values: reordered, lightEnd };
}
