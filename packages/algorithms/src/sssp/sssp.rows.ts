import type { Csr } from '@semiforge/graph-io';

/** Rows up to this degree sort as packed keys (key × 2^21 + position stays below 2^53); longer ones by comparison. */
const PACKED_DEGREE = 1 << 21;

/**
 * The CSR with each row's arcs in ascending weight order (ties in their order), and the weights in that order:
 * near-far's `deferArcs` finds the arcs of a row whose keys fall in a bucket by binary search. f32 weights order
 * by their order-preserving keys (−0 just below +0, equal as sums), u32 by value.
 *
 * @example
 * const sorted = rowsByWeight(csr, ssspWeights(csr, 'u32').values); // sorted.graph.indices, sorted.values
 */
export function rowsByWeight<W extends Float32Array | Uint32Array>(graph: Csr, values: W): { graph: Csr; values: W } {
  const { n, indptr, indices } = graph;
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const f32 = values instanceof Float32Array;
  const key = (e: number) => (f32 ? (bits[e] >>> 31 ? ~bits[e] : bits[e] ^ 0x80000000) >>> 0 : bits[e]);
  const outIndices = new Uint32Array(indices.length);
  const outBits = new Uint32Array(values.length);
  let widest = 0;
  for (let u = 0; u < n; u++) widest = Math.max(widest, indptr[u + 1] - indptr[u]);
  const scratch = new Float64Array(Math.min(widest, PACKED_DEGREE));
  for (let u = 0; u < n; u++) {
    const start = indptr[u];
    const degree = indptr[u + 1] - start;
    let order: ArrayLike<number>;
    if (degree <= PACKED_DEGREE) {
      const packed = scratch.subarray(0, degree);
      for (let i = 0; i < degree; i++) packed[i] = key(start + i) * PACKED_DEGREE + i;
      packed.sort();
      for (let i = 0; i < degree; i++) packed[i] %= PACKED_DEGREE;
      order = packed;
    } else {
      order = Array.from({ length: degree }, (_, i) => i).sort((a, b) => key(start + a) - key(start + b) || a - b);
    }
    for (let i = 0; i < degree; i++) {
      outIndices[start + i] = indices[start + order[i]];
      outBits[start + i] = bits[start + order[i]];
    }
  }
  const sortedValues = (f32 ? new Float32Array(outBits.buffer) : outBits) as W;
  // The graph's own weights follow the arcs too (u32 ones as the f64 a Csr holds).
  const weight = sortedValues instanceof Float32Array ? sortedValues : Float64Array.from(sortedValues);
  return { graph: { ...graph, indices: outIndices, weight, sorted: false }, values: sortedValues };
}
