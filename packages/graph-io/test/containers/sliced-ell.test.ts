import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, foldCsr, GraphLimitError, NO_VERTEX, slicedEllFromCsr, slicedEllShape, type Csr, type SlicedEll } from '../../src/index.js';
import { csrRows, smallEdgeList } from './reference-graph.js';
import { csrOf, storedRow, type Entry } from './stored-slots.js';

/** Each row's entries put back together from its stored pieces: first piece, then its extra pieces in order. */
function rowsOf(s: SlicedEll): Entry[][] {
  const rows: Entry[][] = Array.from({ length: s.n }, () => []);
  for (let p = 0; p < s.n; p++) rows[s.rowIds === null ? p : s.rowIds[p]] = storedRow(s, p);
  if (s.fold) {
    const { foldedRows, extraStart } = s.fold;
    foldedRows.forEach((row, k) => {
      for (let q = extraStart[k]; q < extraStart[k + 1]; q++) rows[row].push(...storedRow(s, s.n + q));
    });
  }
  return rows;
}

describe('foldCsr', () => {
  it('gives a long row a short first piece and full extra pieces after all first pieces', () => {
    const f = foldCsr(csrOf([5, 1, 0, 2]), 2);
    expect(f.pieces).toBe(6);
    expect(Array.from(f.pieceBegin)).toEqual([0, 5, 6, 6, 1, 3]);
    expect(Array.from(f.pieceLength)).toEqual([1, 1, 0, 2, 2, 2]);
    expect(Array.from(f.foldedRows)).toEqual([0]);
    expect(Array.from(f.extraStart)).toEqual([0, 2]);
  });

  it('refuses a width that is not a positive integer', () => {
    expect(() => foldCsr(csrOf([1]), 0)).toThrow('fold width = 0 is not a positive integer');
    expect(() => foldCsr(csrOf([1]), 1.5)).toThrow('fold width = 1.5 is not a positive integer');
  });
});

describe('slicedEllFromCsr', () => {
  it('pads each slice to its own longest row; σ sorts rows by length within windows', () => {
    const csr = csrOf([1, 3, 0, 2]);
    const s = slicedEllFromCsr(csr, { sliceHeight: 2 });
    expect(Array.from(s.sliceStart)).toEqual([0, 6, 10]);
    expect(s.rowIds).toBeNull();
    expect(Array.from(s.indices.subarray(0, 6))).toEqual([0, 1, NO_VERTEX, 2, NO_VERTEX, 3]);
    expect(s.paddingRatio).toBe(10 / 6);
    const t = slicedEllFromCsr(csr, { sliceHeight: 2, sigma: 4 });
    expect(Array.from(t.rowIds!)).toEqual([1, 3, 0, 2]);
    expect(Array.from(t.sliceStart)).toEqual([0, 6, 8]);
    expect(rowsOf(t)).toEqual(csrRows(csr));
  });

  it('folds rows longer than the fold width; n not a multiple of C leaves the last slice part empty', () => {
    const csr = csrOf([7, 0, 1, 2, 3]);
    const s = slicedEllFromCsr(csr, { sliceHeight: 4, foldWidth: 2 });
    expect(s.storedRows).toBe(5 + 3 + 1);
    expect(Array.from(s.fold!.foldedRows)).toEqual([0, 4]);
    expect(Array.from(s.fold!.extraStart)).toEqual([0, 3, 4]);
    expect(s.sliceStart.length).toBe(Math.ceil(9 / 4) + 1);
    expect(rowsOf(s)).toEqual(csrRows(csr));
  });

  it('is empty for an empty matrix', () => {
    const s = slicedEllFromCsr(csrOf([]), { sliceHeight: 32, sigma: 64, foldWidth: 3 });
    expect([s.storedRows, s.indices.length, Array.from(s.sliceStart), s.paddingRatio]).toEqual([0, 0, [0], 1]);
  });

  it('refuses bad options, and calls checkSlots before it allocates', () => {
    const csr = csrOf([1, 2]);
    expect(() => slicedEllFromCsr(csr, { sliceHeight: 0 })).toThrow('sliceHeight = 0 is not a positive integer');
    expect(() => slicedEllFromCsr(csr, { sliceHeight: 32, sigma: 48 })).toThrow(
      'sigma = 48 must be 1 or a multiple of sliceHeight 32 up to 1048576 (a window within one slice changes nothing)',
    );
    expect(() => slicedEllFromCsr(csr, { sliceHeight: 2, checkSlots: (slots) => { throw new Error(`${slots} slots`); } })).toThrow('4 slots');
    const wide: Csr = { n: 2 ** 20, indptr: new Uint32Array(2 ** 20 + 1).fill(2 ** 13, 1), indices: new Uint32Array(0), weight: null, directed: true, sorted: true };
    wide.indptr[2 ** 20] = 2 ** 13;
    expect(() => slicedEllFromCsr(wide, { sliceHeight: 2 ** 20 })).toThrow(GraphLimitError);
  });

  it('matches a row-by-row reference for any C, σ and fold width', () => {
    fc.assert(
      fc.property(smallEdgeList(20, 120), fc.integer({ min: 0, max: 3 }), fc.nat(2), fc.option(fc.integer({ min: 1, max: 5 })), (g, logC, windows, foldWidth) => {
        const csr = csrFromEdges(g);
        const c = 2 ** logC;
        const sigma = windows === 0 ? 1 : c * 2 ** windows;
        const s = slicedEllFromCsr(csr, { sliceHeight: c, sigma, foldWidth: foldWidth ?? undefined });
        expect(rowsOf(s)).toEqual(csrRows(csr));
        const lengths = Array.from({ length: s.storedRows }, (_, p) => storedRow(s, p).length);
        for (let slice = 0; slice + 1 < s.sliceStart.length; slice++) {
          const longest = Math.max(...lengths.slice(slice * c, (slice + 1) * c));
          expect(s.sliceStart[slice + 1] - s.sliceStart[slice]).toBe(longest * c);
        }
        if (foldWidth !== null) expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(foldWidth);
        // slicedEllShape tells the same sizes without the slots.
        expect(slicedEllShape(csr, { sliceHeight: c, sigma, foldWidth: foldWidth ?? undefined })).toEqual({
          storedRows: s.storedRows,
          slices: s.sliceStart.length - 1,
          slots: s.indices.length,
          foldedRows: s.fold?.foldedRows.length ?? 0,
        });
        if (s.rowIds !== null) {
          for (let p = 0; p < s.n; p++) expect(Math.floor(s.rowIds[p] / sigma)).toBe(Math.floor(p / sigma));
          for (let p = 1; p < s.n; p++) if (p % sigma !== 0) expect(lengths[p]).toBeLessThanOrEqual(lengths[p - 1]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
