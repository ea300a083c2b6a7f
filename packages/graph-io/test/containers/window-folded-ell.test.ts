import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromEdges, MAX_WINDOW_ROWS, NO_VERTEX, windowFoldedEllFromCsr, windowFoldedEllShape, type WindowFoldedEll } from '../../src/index.js';
import { csrRows, smallEdgeList } from './reference-graph.js';
import { csrOf, storedRow, type Entry } from './stored-slots.js';

/** Row i's stored pieces: its window's stored rows from its place on, as many as rowPieces says. */
function piecesOf(s: WindowFoldedEll, row: number): Entry[][] {
  let w = 0;
  while (s.windowStart[w + 1] <= row) w++;
  const place = s.rowPieces[row] & 0xffff;
  const count = s.rowPieces[row] >>> 16;
  return Array.from({ length: count }, (_, i) => storedRow(s, w * s.windowRows + place + i));
}

describe('windowFoldedEllFromCsr', () => {
  it('keeps a long row in its window, cut into even pieces, longest rows first', () => {
    // rows of 5, 1 and 0 entries, width 2: row 0 → pieces of 2, 2 and 1, then row 1; row 2 takes no stored row
    const s = windowFoldedEllFromCsr(csrOf([5, 1, 0]), { sliceHeight: 2, windowRows: 4, foldWidth: 2 });
    expect(s.storedRows).toBe(4);
    expect(Array.from(s.windowStart)).toEqual([0, 3]);
    expect(Array.from(s.rowPieces)).toEqual([0 | (3 << 16), 3 | (1 << 16), 4]);
    expect(Array.from(s.sliceStart)).toEqual([0, 4, 6]);
    // slice 0: pieces [0, 1] and [2, 0] slot-major; slice 1: [1] and row 1's [2]
    expect(Array.from(s.indices)).toEqual([0, 2, 1, 0, 1, 2]);
    expect(s.mostPieces).toBe(3);
    expect(piecesOf(s, 0).map((p) => p.length)).toEqual([2, 2, 1]);
  });

  it('starts a new window where a row does not fit, and sorts each window on its own', () => {
    // windows of 4: rows 0–1 take 3 + 1; row 2's 3 pieces do not fit beside row 3's, which goes on with row 4
    const s = windowFoldedEllFromCsr(csrOf([6, 1, 5, 4, 2]), { sliceHeight: 2, windowRows: 4, foldWidth: 2 });
    expect(Array.from(s.windowStart)).toEqual([0, 2, 3, 5]);
    expect(s.storedRows).toBe(2 * 4 + 3);
    // window 2: row 3 (pieces of 2) before row 4 (2 as well, later in row order)
    expect(s.rowPieces[3] & 0xffff).toBe(0);
    expect(s.rowPieces[4] & 0xffff).toBe(2);
  });

  it('has one empty window for no rows, and a window of empty rows still counts', () => {
    const none = windowFoldedEllFromCsr(csrOf([]), { sliceHeight: 2, windowRows: 2, foldWidth: 3 });
    expect(Array.from(none.windowStart)).toEqual([0, 0]);
    expect(none.storedRows).toBe(0);
    expect(none.paddingRatio).toBe(1);
    const empty = windowFoldedEllFromCsr(csrOf([2, 2, 0, 0]), { sliceHeight: 2, windowRows: 2, foldWidth: 2 });
    expect(Array.from(empty.windowStart)).toEqual([0, 2, 4]);
    expect(empty.storedRows).toBe(2);
    const padded = windowFoldedEllFromCsr(csrOf([3, 0, 0]), { sliceHeight: 1, windowRows: 1, foldWidth: 4 });
    expect(padded.indices.includes(NO_VERTEX)).toBe(false);
  });

  it('refuses bad sizes and rows that a window cannot hold, naming them', () => {
    const csr = csrOf([9, 1]);
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 0, windowRows: 4, foldWidth: 2 })).toThrow('sliceHeight = 0 is not a positive integer');
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 4, windowRows: 6, foldWidth: 2 })).toThrow('windowRows = 6 must be a multiple of sliceHeight 4');
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 4, windowRows: 2 * MAX_WINDOW_ROWS, foldWidth: 2 })).toThrow(`up to ${MAX_WINDOW_ROWS}`);
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 2, windowRows: 4, foldWidth: 0 })).toThrow('fold width = 0 is not a positive integer');
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 2, windowRows: 4, foldWidth: 2 })).toThrow(
      "row 0 folds into 5 pieces of at most 2 entries, more than a window's 4 stored rows",
    );
    expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: 2, windowRows: 8, foldWidth: 2, checkSlots: (slots) => { throw new Error(`${slots} slots`); } })).toThrow('10 slots');
  });

  it('matches a row-by-row reference for any C, window and fold width', () => {
    fc.assert(
      fc.property(smallEdgeList(20, 120), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 6 }), (g, logC, logWindows, width) => {
        const csr = csrFromEdges(g);
        const c = 2 ** logC;
        const windowRows = c * 2 ** logWindows;
        const most = Math.max(0, ...Array.from({ length: csr.n }, (_, v) => Math.ceil((csr.indptr[v + 1] - csr.indptr[v]) / width)));
        if (most > windowRows) {
          expect(() => windowFoldedEllFromCsr(csr, { sliceHeight: c, windowRows, foldWidth: width })).toThrow('more than a window');
          return;
        }
        const s = windowFoldedEllFromCsr(csr, { sliceHeight: c, windowRows, foldWidth: width });
        expect(s.mostPieces).toBe(most);
        // Every row's pieces, in order, are its entries; each piece at most the width, a row's pieces within one of each other.
        const pieces = Array.from({ length: csr.n }, (_, v) => piecesOf(s, v));
        expect(pieces.map((p) => p.flat())).toEqual(csrRows(csr));
        for (const p of pieces) {
          const lengths = p.map((q) => q.length);
          expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(width);
          if (lengths.length > 0) expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
        }
        // Windows: consecutive rows, pieces within the window, longest pieces first.
        const windows = s.windowStart.length - 1;
        expect(s.windowStart[0]).toBe(0);
        expect(s.windowStart[windows]).toBe(csr.n);
        const lengths = Array.from({ length: s.storedRows }, (_, p) => storedRow(s, p).length);
        for (let w = 0; w < windows; w++) {
          const used = Array.from({ length: s.windowStart[w + 1] - s.windowStart[w] }, (_, i) => s.rowPieces[s.windowStart[w] + i] >>> 16).reduce((a, b) => a + b, 0);
          expect(used).toBeLessThanOrEqual(windowRows);
          expect(s.windowStart[w + 1] - s.windowStart[w]).toBeLessThanOrEqual(windowRows);
          const ends = lengths.slice(w * windowRows, w * windowRows + used);
          for (let p = 1; p < ends.length; p++) expect(ends[p]).toBeLessThanOrEqual(ends[p - 1] + 1);
        }
        for (let slice = 0; slice + 1 < s.sliceStart.length; slice++) {
          expect(s.sliceStart[slice + 1] - s.sliceStart[slice]).toBe(Math.max(0, ...lengths.slice(slice * c, (slice + 1) * c)) * c);
        }
        expect(windowFoldedEllShape(csr, { sliceHeight: c, windowRows, foldWidth: width })).toEqual({
          storedRows: s.storedRows,
          windows,
          slices: s.sliceStart.length - 1,
          slots: s.indices.length,
          mostPieces: most,
        });
      }),
      { numRuns: 200 },
    );
  });
});
