import { describe, expect, it } from 'vitest';
import { spmvReference } from '@semiforge/algorithms';
import { csrFromEdges, generateRmat } from '@semiforge/graph-io';
import { splitByColumn } from './column-split.js';

describe('splitByColumn', () => {
  const matrix = csrFromEdges(generateRmat({ scale: 8, seed: 3, weights: 'f32-unit' }), { symmetrize: true, sortRows: true });

  it.each([1, 17, 128, 256])('keeps every entry once, in its row and order, on the side of column %i it belongs to', (k) => {
    const { hub, tail } = splitByColumn(matrix, k);
    expect(hub.indices.length + tail.indices.length).toBe(matrix.indices.length);
    expect(hub.indices.every((c) => c < k)).toBe(true);
    expect(tail.indices.every((c) => c >= k)).toBe(true);
    for (let row = 0; row < matrix.n; row++) {
      const whole = Array.from(matrix.indices.subarray(matrix.indptr[row], matrix.indptr[row + 1]));
      const halves = [hub, tail].map((h) => Array.from(h.indices.subarray(h.indptr[row], h.indptr[row + 1])));
      expect(halves[0]).toEqual(whole.filter((c) => c < k));
      expect(halves[1]).toEqual(whole.filter((c) => c >= k));
    }
  });

  it('gives A x as the sum of its halves\' products', () => {
    const x = Array.from({ length: matrix.n }, (_, i) => 1 + (i % 5) / 4);
    const { hub, tail } = splitByColumn(matrix, 40);
    const whole = spmvReference(matrix, x);
    const [a, b] = [spmvReference(hub, x), spmvReference(tail, x)];
    whole.forEach((v, i) => expect(a[i] + b[i]).toBeCloseTo(v, 4));
    expect(hub.weight).toBeInstanceOf(Float32Array);
  });
});
