import { csrFromEdges } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import { banded, stencil3d } from './stencils.js';
import { minimumBytes } from './traffic.js';

describe('stencil3d', () => {
  it('stores each point and its axis neighbours inside the cube', () => {
    const g = stencil3d(3);
    // 27 points × 7, less one per point and face it lies on (6 faces × 9 points).
    expect(g.src.length).toBe(27 * 7 - 6 * 9);
    const csr = csrFromEdges(g, { sortRows: true });
    const centre = 13;
    expect([...csr.indices.subarray(csr.indptr[centre], csr.indptr[centre + 1])]).toEqual([4, 10, 12, 13, 14, 16, 22]);
  });
});

describe('banded', () => {
  it('stores the band, cut at the matrix edges', () => {
    const g = banded(5, 1);
    expect([...g.src]).toEqual([0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
    expect([...g.dst]).toEqual([0, 1, 0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4]);
  });
});

describe('minimumBytes', () => {
  it('counts CSR offsets, indices, values and both vectors; ELL its padded slots', () => {
    expect(minimumBytes('csr-scalar', { n: 10, nnz: 30, maxRow: 5 })).toBe(44 + 240 + 80);
    expect(minimumBytes('ell', { n: 10, nnz: 30, maxRow: 5 })).toBe(400 + 80);
    expect(minimumBytes('csr-scalar', { n: 10, nnz: 30, maxRow: 5 }, true)).toBe(44 + 120 + 80);
    expect(minimumBytes('ell', { n: 10, nnz: 30, maxRow: 5 }, true)).toBe(200 + 80);
  });
});
