import { describe, expect, it } from 'vitest';
import { generateErdosRenyi, csrFromEdges, type Csr } from '@semiforge/graph-io';
import { prepareSssp } from '../src/index.js';
import { indptrWithTails, tailBlockShift, tailTable } from '../src/sssp/sssp.tails.js';

/** The tree kernels' tail_of, on the uploaded words: a binary search between the rows of p's block and the next. */
function tailOf(words: Uint32Array, n: number, p: number): { tail: number; rows: number } {
  const at = n + 2 + (p >>> words[n + 1]);
  let lo = words[at];
  let hi = words[at + 1] + 1;
  const rows = hi - lo;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (words[mid] <= p) lo = mid;
    else hi = mid;
  }
  return { tail: lo, rows };
}

/** Every arc's tail as the kernels find it equals its row, for a CSR given by its row lengths. */
function expectEveryTail(degrees: readonly number[]): void {
  const n = degrees.length;
  const indptr = Uint32Array.from([0, ...degrees.map((_, v) => degrees.slice(0, v + 1).reduce((a, d) => a + d, 0))]);
  const words = indptrWithTails({ n, indptr });
  expect([...words.subarray(0, n + 1)]).toEqual([...indptr]);
  for (let t = 0; t < n; t++) {
    for (let p = indptr[t]; p < indptr[t + 1]; p++) expect(tailOf(words, n, p).tail, `arc ${p}`).toBe(t);
  }
}

describe("the tree step's table of arcs' tails", () => {
  it('blocks of 4 × the mean degree rounded up to a power of two, at least 16 arcs: at most n / 4 + 2 words', () => {
    expect(tailBlockShift(0, 0)).toBe(4);
    expect(tailBlockShift(1000, 3000)).toBe(4); // 12 arcs: 16
    expect(tailBlockShift(2 ** 22, 2 ** 27)).toBe(7); // Kronecker scale 22, mean degree 32: 128
    expect(tailBlockShift(2 ** 22, 2 ** 27 + 1)).toBe(8);
    expect(tailBlockShift(1, 2 ** 32 - 1)).toBe(31);
    for (const [n, m] of [[2 ** 22, 2 ** 27], [1000, 3000], [1000, 123457], [7, 1]]) {
      const rows = tailTable(new Uint32Array(n + 1).fill(m, 1), n, tailBlockShift(n, m));
      expect(rows.length).toBeLessThanOrEqual(Math.max(n / 4, m / 16) + 2);
    }
  });

  it('rows[b] is the row holding arc b·2^k, past empty rows; one entry past the last block', () => {
    // Rows 0..4 of 3, 0, 37, 0, 1 arcs, blocks of 16: arc 16 in row 2 (row 1 is empty, and so is row 3).
    expect([...tailTable(Uint32Array.of(0, 3, 3, 40, 40, 41), 5, 4)]).toEqual([0, 2, 2, 4]);
    // A block starting where an empty row starts: arc 16 is row 2's first (row 1 ends there, empty).
    expect([...tailTable(Uint32Array.of(0, 16, 16, 20), 3, 4)]).toEqual([0, 2, 2]);
    // m = 0: one entry, the last row (no arc is ever looked up).
    expect([...tailTable(Uint32Array.of(0, 0, 0), 2, 4)]).toEqual([1]);
    expect([...tailTable(Uint32Array.of(0), 0, 4)]).toEqual([0]);
  });

  it('the words hold the offsets, the shift and the table', () => {
    // Mean degree 20: blocks of 128 arcs (k = 7), two entries (arc 0 in row 0, arc 128 past the end: row 1).
    const words = indptrWithTails({ n: 2, indptr: Uint32Array.of(0, 1, 40) });
    expect([...words]).toEqual([0, 1, 40, 7, 0, 1]);
  });

  it.each([
    ['a single vertex with a self-loop', [1]],
    ['a hub row longer than many blocks among short and empty rows', [0, 2, 0, 0, 1, 300, 0, 3, 1, 0, 0, 70, 2]],
    ['empty rows at both ends', [0, 0, 5, 17, 16, 0, 0]],
    ['rows of exactly one block', [16, 16, 16, 16]],
  ])('every arc finds its row: %s', (_name, degrees) => expectEveryTail(degrees));

  it('an arc inside a hub needs no search; the others fewer steps than the full search', () => {
    // Rows of 0..8 and 0..4 arcs around a hub of 4000: blocks of 64 arcs (the hub lifts the mean degree to 13).
    const degrees = [...Array.from({ length: 200 }, (_, v) => (v * 7) % 9), 4000, ...Array.from({ length: 200 }, (_, v) => v % 5)];
    const n = degrees.length;
    const indptr = new Uint32Array(n + 1);
    degrees.forEach((d, v) => (indptr[v + 1] = indptr[v] + d));
    const words = indptrWithTails({ n, indptr });
    expect(words[n + 1]).toBe(6);
    let most = 0;
    for (let p = 0; p < indptr[n]; p++) {
      const { rows } = tailOf(words, n, p);
      if (p >= indptr[200] + 64 && p < indptr[201] - 64) expect(rows).toBe(1);
      most = Math.max(most, Math.ceil(Math.log2(rows)));
    }
    // The short rows' blocks span up to about 40 rows (a few cache lines of indptr): 6 steps at most, against 9.
    expect(most).toBeLessThan(Math.ceil(Math.log2(n)));
  });

  it('every arc of a random graph finds its row', () => {
    const g = csrFromEdges(generateErdosRenyi({ n: 500, m: 3000, seed: 11 }), { symmetrize: true, sortRows: true });
    expectEveryTail(Array.from({ length: g.n }, (_, v) => g.indptr[v + 1] - g.indptr[v]));
  });

  it('the frontier methods upload it as indptr; Bellman-Ford uploads no CSR', () => {
    const g: Csr = csrFromEdges(generateErdosRenyi({ n: 300, m: 1200, seed: 5 }), { symmetrize: true, sortRows: true });
    for (const method of ['frontier', 'near-far'] as const) {
      const words = prepareSssp(g, { method }, 'wgsl').arrays.indptr as Uint32Array;
      expect(words).toEqual(indptrWithTails(g));
    }
    expect(prepareSssp(g, { method: 'bellman-ford' }, 'wgsl').arrays).not.toHaveProperty('indptr');
  });
});
