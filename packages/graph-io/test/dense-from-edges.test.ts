import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allocateDense, denseFromEdges, edgeListFromArrays, readDimacsGr, readMatrixMarket } from '../src/index.js';
import { HAS_SHARED_DATA, SHARED_DATA_SKIP_REASON, dataPath } from './helpers/shared-data.js';

const INF = Infinity;
const minPlus = { type: 'f32', fill: INF, diagonal: 0, combine: Math.min } as const;

describe('denseFromEdges', () => {
  it('builds a row-major min-plus matrix, parallel arcs combined with min', () => {
    const g = readDimacsGr('p sp 3 4\na 1 2 5\na 1 2 3\na 2 3 1\na 3 3 -2\n');
    const d = denseFromEdges(g, minPlus);
    expect(d.n).toBe(3);
    expect(d.data).toBeInstanceOf(Float32Array);
    expect(Array.from(d.data)).toEqual([0, 3, INF, INF, 0, 1, INF, INF, -2]);
  });

  it('keeps the diagonal unless a self-loop combines lower', () => {
    const g = edgeListFromArrays(2, [0, 1], [0, 1], [4, -1]);
    expect(Array.from(denseFromEdges(g, minPlus).data)).toEqual([0, INF, INF, -1]);
  });

  it('takes the first arc as is, even when fill is not the identity of combine', () => {
    const g = edgeListFromArrays(2, [0, 0], [1, 1], [7, 9]);
    const d = denseFromEdges(g, { type: 'i32', fill: 0, diagonal: 0, combine: Math.min });
    expect(Array.from(d.data)).toEqual([0, 7, 0, 0]);
  });

  it('serves max-min with max as combine', () => {
    const g = edgeListFromArrays(2, [0, 0, 1], [1, 1, 0], [2, 6, 4]);
    const d = denseFromEdges(g, { type: 'u32', fill: 0, diagonal: 0xffffffff, combine: Math.max });
    expect(d.data).toBeInstanceOf(Uint32Array);
    expect(Array.from(d.data)).toEqual([0xffffffff, 6, 4, 0xffffffff]);
  });

  it('maps weights and gives pattern graphs patternWeight', () => {
    const g = edgeListFromArrays(2, [0], [1], [2.5]);
    expect(Array.from(denseFromEdges(g, { ...minPlus, weight: (w) => w * 2 }).data)).toEqual([0, 5, INF, 0]);
    const p = edgeListFromArrays(2, [0], [1]);
    expect(() => denseFromEdges(p, minPlus)).toThrow(/pass options.patternWeight/);
    expect(Array.from(denseFromEdges(p, { ...minPlus, patternWeight: 1 }).data)).toEqual([0, 1, INF, 0]);
  });

  it('refuses values the element type cannot hold, naming the arc', () => {
    const g = edgeListFromArrays(2, [0, 1], [1, 0], [1, 2.5]);
    expect(() => denseFromEdges(g, { type: 'i32', fill: 1e9, diagonal: 0, combine: Math.min })).toThrow(
      'arc 1 (1 → 0, weight 2.5): cell value 2.5 is not an integer in -2147483648..2147483647 (i32)',
    );
    expect(() => denseFromEdges(g, { type: 'i32', fill: INF, diagonal: 0, combine: Math.min })).toThrow(/^fill: Infinity is not an integer/);
    expect(() => denseFromEdges(g, { type: 'u32', fill: 0, diagonal: -1, combine: Math.min })).toThrow(/^diagonal: -1/);
    expect(() => denseFromEdges(edgeListFromArrays(2, [0], [1], [1e39]), minPlus)).toThrow(/1e\+39 overflows f32/);
    expect(() => denseFromEdges(edgeListFromArrays(2, [0], [1], [NaN]), minPlus)).toThrow(/NaN/);
  });

  it('refuses n·n beyond the limit with both numbers', () => {
    expect(() => denseFromEdges(edgeListFromArrays(5, [], [], []), { ...minPlus, maxElements: 24 })).toThrow(
      'dense 5×5 matrix has 25 elements, above the limit 24',
    );
    expect(() => allocateDense('f32', 46341)).toThrow('dense 46341×46341 matrix has 2147488281 elements, above the limit 2147483648');
  });

  it('refuses ids out of range', () => {
    const bad = { n: 2, src: Uint32Array.of(0), dst: Uint32Array.of(5), weight: Float64Array.of(1), directed: true };
    expect(() => denseFromEdges(bad, minPlus)).toThrow('arc 0 (0 → 5) has an id out of range 0..1 (n = 2)');
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`denseFromEdges on shared data (${HAS_SHARED_DATA ? 'present' : SHARED_DATA_SKIP_REASON})`, () => {
  it('test_FW_1000: diagonal 0 under min-plus, arcs where the file has entries', () => {
    const g = readMatrixMarket(readFileSync(dataPath('lagraph/test_FW_1000.mtx')));
    const d = denseFromEdges(g, { type: 'i32', fill: 0x3fffffff, diagonal: 0, combine: Math.min });
    for (let i = 0; i < 1000; i++) expect(d.data[i * 1000 + i]).toBe(0);
    expect([d.data[1], d.data[2], d.data[1000], d.data[999]]).toEqual([457, 25, 0, 0x3fffffff]);
  });
});
