import { describe, expect, it } from 'vitest';
import { readMatrixMarket, type MatrixMarketDuplicates } from '../src/index.js';
import { arcs, sortedArcs } from './helpers/edge-arrays.js';
import { expectParseError, parseErrorMessage } from './helpers/expect-parse-error.js';
import { HAS_SHARED_DATA, SHARED_DATA_SKIP_REASON, dataPath } from './helpers/shared-data.js';
import { readFileSync } from 'node:fs';

const read = (text: string) => readMatrixMarket(text, { file: 'm.mtx' });
const banner = (field: string, symmetry: string) => `%%MatrixMarket matrix coordinate ${field} ${symmetry}\n`;

describe('readMatrixMarket', () => {
  it('reads a general real matrix as directed arcs', () => {
    const g = read(`${banner('real', 'general')}% comment\n\n3 3 3\n1 2 1.5\n3 1 -2e-1\n2 2 0\n`);
    expect([g.n, g.directed]).toEqual([3, true]);
    expect(arcs(g)).toEqual([
      [0, 1, 1.5],
      [2, 0, -0.2],
      [1, 1, 0],
    ]);
  });

  it('expands symmetric without mirroring the diagonal', () => {
    const g = read(`${banner('integer', 'symmetric')}3 3 3\n1 1 4\n2 1 7\n3 2 -1\n`);
    expect(g.directed).toBe(false);
    expect(sortedArcs(g)).toEqual([
      [0, 0, 4],
      [0, 1, 7],
      [1, 0, 7],
      [1, 2, -1],
      [2, 1, -1],
    ]);
  });

  it('accepts a symmetric file that stores the upper triangle', () => {
    expect(sortedArcs(read(`${banner('real', 'symmetric')}2 2 1\n1 2 3\n`))).toEqual([
      [0, 1, 3],
      [1, 0, 3],
    ]);
  });

  it('negates the mirror of skew-symmetric entries and keeps it directed', () => {
    const g = read(`${banner('real', 'skew-symmetric')}2 2 1\n2 1 3\n`);
    expect(g.directed).toBe(true);
    expect(arcs(g)).toEqual([
      [1, 0, 3],
      [0, 1, -3],
    ]);
  });

  it('gives pattern matrices null weights', () => {
    const g = read(`${banner('pattern', 'symmetric')}3 3 2\n2 1\n3 3\n`);
    expect(g.weight).toBeNull();
    expect(sortedArcs(g)).toEqual([
      [0, 1, null],
      [1, 0, null],
      [2, 2, null],
    ]);
  });

  it('reads banner words case-insensitively, CRLF and tabs', () => {
    const g = read('%%matrixmarket MATRIX Coordinate Integer GENERAL\r\n2\t2\t1\r\n1\t2\t5\r\n');
    expect(arcs(g)).toEqual([[0, 1, 5]]);
  });

  it('reads a hermitian real matrix as symmetric (a real number is its own conjugate)', () => {
    const g = read(`${banner('real', 'hermitian')}2 2 2\n1 1 4\n2 1 -3\n`);
    expect(g.directed).toBe(false);
    expect(arcs(g)).toEqual([
      [0, 0, 4],
      [1, 0, -3],
      [0, 1, -3],
    ]);
  });

  describe('array format', () => {
    const arrayBanner = (field: string, symmetry: string) => `%%MatrixMarket matrix array ${field} ${symmetry}\n`;

    it('reads general values column by column, zeros being no arc', () => {
      const g = read(`${arrayBanner('real', 'general')}% c\n2 2\n0\n5\n\n7.5\n0\n`);
      expect([g.n, g.directed]).toEqual([2, true]);
      expect(arcs(g)).toEqual([
        [1, 0, 5],
        [0, 1, 7.5],
      ]);
    });

    it('reads the lower triangle of symmetric and hermitian arrays, the diagonal once', () => {
      for (const symmetry of ['symmetric', 'hermitian']) {
        const g = read(`${arrayBanner('integer', symmetry)}3 3\n1\n2\n0\n4\n5\n6\n`);
        expect(g.directed).toBe(false);
        expect(sortedArcs(g)).toEqual([
          [0, 0, 1],
          [0, 1, 2],
          [1, 0, 2],
          [1, 1, 4],
          [1, 2, 5],
          [2, 1, 5],
          [2, 2, 6],
        ]);
      }
    });

    it('reads the strict lower triangle of skew-symmetric arrays and negates the mirror', () => {
      const g = read(`${arrayBanner('real', 'skew-symmetric')}3 3\n1\n0\n3\n`);
      expect(g.directed).toBe(true);
      expect(sortedArcs(g)).toEqual([
        [0, 1, -1],
        [1, 0, 1],
        [1, 2, -3],
        [2, 1, 3],
      ]);
    });

    it.each([
      [`${arrayBanner('real', 'general')}2 2\n1\n2\n3\n`, 'm.mtx:5: found 3 values but the size line (line 2) implies 4 for a general array'],
      [`${arrayBanner('real', 'symmetric')}2 2\n1\n2\n3\n4\n`, 'm.mtx:6:1: more values than the 3 implied by the size line (line 2) for a symmetric array'],
      [`${arrayBanner('real', 'general')}1 1\n1 2\n`, "m.mtx:3:3: unexpected '2' after the value (expected 'value (array files list one value per line)')"],
      [`${arrayBanner('integer', 'general')}1 1\nx\n`, "m.mtx:3:1: value 'x' is not an integer (field is integer)"],
      [`${arrayBanner('real', 'general')}2 3\n`, 'm.mtx:2:3: matrix is 2x3 but a graph needs a square matrix'],
      [`${arrayBanner('real', 'general')}2 2 4\n`, "m.mtx:2:5: unexpected '4' after the column count (expected 'rows cols')"],
    ])('rejects %j', (text, message) => {
      expect(parseErrorMessage(() => read(text))).toBe(message);
    });
  });

  describe('duplicates', () => {
    const text = `${banner('real', 'general')}3 3 4\n1 2 5\n3 1 1\n1 2 2\n% c\n1 2 4\n`;
    const readWith = (duplicates: MatrixMarketDuplicates, input = text) => readMatrixMarket(input, { file: 'm.mtx', duplicates });

    it('keeps repeated positions as parallel arcs by default', () => {
      expect(arcs(read(text))).toEqual([
        [0, 1, 5],
        [2, 0, 1],
        [0, 1, 2],
        [0, 1, 4],
      ]);
    });

    it.each([
      ['sum', 11],
      ['min', 2],
      ['last', 4],
    ] as const)('combines them with %s', (policy, w) => {
      expect(sortedArcs(readWith(policy))).toEqual([
        [0, 1, w],
        [2, 0, 1],
      ]);
    });

    it("names both lines under 'error', after symmetric expansion too", () => {
      expect(parseErrorMessage(() => readWith('error'))).toBe("m.mtx:5: entry (1, 2) repeats the position of line 3 (duplicates: 'error')");
      const symmetric = `${banner('pattern', 'symmetric')}3 3 3\n2 1\n3 3\n\n2 1\n`;
      expect(parseErrorMessage(() => readWith('error', symmetric))).toBe("m.mtx:6: entry (2, 1) repeats the position of line 3 (duplicates: 'error')");
      expect(readWith('error', `${banner('real', 'symmetric')}2 2 2\n1 1 1\n2 1 1\n`).src.length).toBe(3);
    });
  });

  it.each([
    ['', "m.mtx:1: empty input; expected the banner '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric|hermitian>'"],
    ['1 1 1\n', "m.mtx:1: missing banner: line 1 must be '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric|hermitian>'"],
    ['%%MatrixMarket vector coordinate real general\n', "m.mtx:1:16: unsupported object 'vector' (supported: matrix)"],
    ['%%MatrixMarket matrix array pattern general\n', "m.mtx:1:29: 'array pattern' is not a valid combination (an array file lists values)"],
    ['%%MatrixMarket matrix array complex hermitian\n', "m.mtx:1:29: unsupported field 'complex' (supported: real, integer, pattern)"],
    ['%%MatrixMarket matrix sparse real general\n', "m.mtx:1:23: unknown format 'sparse' (expected coordinate or array)"],
    ['%%MatrixMarket matrix coordinate complex general\n', "m.mtx:1:34: unsupported field 'complex' (supported: real, integer, pattern)"],
    ['%%MatrixMarket matrix coordinate double general\n', "m.mtx:1:34: unknown field 'double' (expected real, integer, pattern or complex)"],
    ['%%MatrixMarket matrix coordinate pattern hermitian\n', "m.mtx:1:42: 'pattern hermitian' is not a valid combination (a pattern has no values to negate or conjugate)"],
    ['%%MatrixMarket matrix coordinate real constructor\n', "m.mtx:1:39: unknown symmetry 'constructor' (expected general, symmetric, skew-symmetric or hermitian)"],
    ['%%MatrixMarket matrix coordinate pattern skew-symmetric\n', "m.mtx:1:42: 'pattern skew-symmetric' is not a valid combination (a pattern has no values to negate or conjugate)"],
    ['%%MatrixMarket matrix coordinate real\n', "m.mtx:1:38: line ends before the symmetry (expected '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric|hermitian>')"],
    [`${banner('real', 'general')}% no size line\n`, "m.mtx:2: no size line 'rows cols entries' after the banner"],
    [`${banner('real', 'general')}2 3 1\n`, 'm.mtx:2:3: matrix is 2x3 but a graph needs a square matrix'],
    [`${banner('real', 'general')}2 2\n`, "m.mtx:2:4: line ends before the entry count (expected 'rows cols entries')"],
    [`${banner('real', 'general')}2 2 2\n1 1 1\n`, 'm.mtx:3: found 1 entries but the size line (line 2) declares 2'],
    [`${banner('real', 'general')}2 2 1\n1 1 1\n2 2 2\n`, 'm.mtx:4:1: more entries than the 1 declared by the size line (line 2)'],
    [`${banner('real', 'general')}2 2 1\n3 1 1\n`, 'm.mtx:3:1: row index 3 out of range 1..2 (size line 2 2 1)'],
    [`${banner('real', 'general')}2 2 1\n1 0 1\n`, 'm.mtx:3:3: column index 0 out of range 1..2 (size line 2 2 1)'],
    [`${banner('real', 'general')}2 2 1\n1 1\n`, "m.mtx:3:4: line ends before the value (expected 'i j value')"],
    [`${banner('real', 'general')}2 2 1\n1 1 abc\n`, "m.mtx:3:5: value 'abc' is not a decimal number"],
    [`${banner('real', 'general')}2 2 1\n1 1 1e999\n`, 'm.mtx:3:5: value 1e999 overflows a double'],
    [`${banner('integer', 'general')}2 2 1\n1 1 2.5\n`, "m.mtx:3:5: value '2.5' is not an integer (field is integer)"],
    [`${banner('pattern', 'general')}2 2 1\n1 1 2.5\n`, "m.mtx:3:5: unexpected '2.5' after the column index (field is pattern) (expected 'i j')"],
    [`${banner('real', 'skew-symmetric')}2 2 1\n1 1 2\n`, 'm.mtx:3: diagonal entry (1, 1) in a skew-symmetric matrix (its diagonal is zero and not stored)'],
    [`${banner('real', 'symmetric')}3 3 2\n2 1 1\n2 3 1\n`, 'm.mtx:4: symmetric file mixes lower (line 3) and upper triangle entries; store one triangle only'],
  ])('rejects %j', (text, message) => {
    expect(parseErrorMessage(() => read(text))).toBe(message);
  });

  it('reports the format in the error', () => {
    expect(expectParseError(() => read('x')).format).toBe('matrix-market');
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`readMatrixMarket on LAGraph files (${HAS_SHARED_DATA ? 'present' : SHARED_DATA_SKIP_REASON})`, () => {
  const load = (name: string) => readMatrixMarket(readFileSync(dataPath(`lagraph/${name}`)), { file: name });

  it('karate: pattern symmetric, 34 vertices, 78 edges → 156 arcs', () => {
    const g = load('karate.mtx');
    expect([g.n, g.src.length, g.weight, g.directed]).toEqual([34, 156, null, false]);
  });

  it('west0067: real general with negative values', () => {
    const g = load('west0067.mtx');
    expect([g.n, g.src.length, g.directed]).toEqual([67, 294, true]);
    expect(arcs(g)[0]).toEqual([4, 0, -0.2788416]);
    expect(Array.from(g.weight ?? []).some((w) => w < 0)).toBe(true);
  });

  it('test_FW_1000: 3996 arcs, explicit diagonal entries including zeros', () => {
    const g = load('test_FW_1000.mtx');
    expect([g.n, g.src.length, g.directed]).toEqual([1000, 3996, true]);
    const w = g.weight ?? new Float64Array();
    let diagonal = 0;
    let zeroDiagonal = 0;
    for (let k = 0; k < g.src.length; k++) {
      if (g.src[k] === g.dst[k]) {
        diagonal++;
        if (w[k] === 0) zeroDiagonal++;
      }
    }
    expect(diagonal).toBe(1000);
    expect(zeroDiagonal).toBeGreaterThan(0);
    expect(Math.min(...w)).toBe(0);
    expect(Math.max(...w)).toBe(457);
  });

  it('jagmesh7: 1138 diagonal + 2 × 3156 off-diagonal = 7450 arcs', () => {
    const g = load('jagmesh7.mtx');
    expect([g.n, g.src.length, g.weight]).toEqual([1138, 7450, null]);
  });

  it('bcsstk13: 42943 stored entries expand to 83883', () => {
    const g = load('bcsstk13.mtx');
    expect([g.n, g.src.length, g.directed]).toEqual([2003, 83883, false]);
    expect([g.weight?.[0], g.weight?.[1]]).toEqual([277281165.183, 3101923.80092]);
  });
});
