import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GraphParseError,
  readDimacsCo,
  readDimacsGr,
  readEdgeList,
  readMatrixMarket,
  validateEdgeList,
  writeDimacsCo,
  writeDimacsGr,
  writeEdgeList,
  writeMatrixMarket,
  type DimacsCoordinates,
  type EdgeList,
  type EdgeListIds,
} from '../src/index.js';
import { sortedArcs } from './helpers/edge-arrays.js';
import { doubleEdgeList, integerEdgeList, undirectedEdgeList } from './helpers/arbitraries.js';

/** Checks a `.co` result the way validateEdgeList checks a graph. */
function validateCoordinates(c: DimacsCoordinates): void {
  if (c.x.length !== c.n || c.y.length !== c.n) throw new RangeError(`n = ${c.n} but x, y have ${c.x.length}, ${c.y.length}`);
  for (let k = 0; k < c.n; k++) if (!Number.isFinite(c.x[k]) || !Number.isFinite(c.y[k])) throw new RangeError(`vertex ${k} not finite`);
}

const ID_MODES: readonly EdgeListIds[] = ['auto', 'zero-based', 'one-based', 'compact'];
/** Each reader, with each option that changes its rules; a reader returns nothing or throws. */
const READERS: Record<string, (input: Uint8Array) => void> = {
  'dimacs-gr': (b) => validateEdgeList(readDimacsGr(b, { file: 'fuzz.gr' })),
  'dimacs-co': (b) => validateCoordinates(readDimacsCo(b, { file: 'fuzz.co' })),
  'matrix-market': (b) => validateEdgeList(readMatrixMarket(b, { file: 'fuzz.mtx' })),
  'matrix-market duplicates error': (b) => validateEdgeList(readMatrixMarket(b, { file: 'fuzz.mtx', duplicates: 'error' })),
  'matrix-market duplicates sum': (b) => validateEdgeList(readMatrixMarket(b, { file: 'fuzz.mtx', duplicates: 'sum' })),
  'edge-list undirected': (b) => validateEdgeList(readEdgeList(b, { file: 'fuzz.txt', directed: false })),
  ...Object.fromEntries(ID_MODES.map((ids) => [`edge-list ids ${ids}`, (b: Uint8Array) => validateEdgeList(readEdgeList(b, { file: 'fuzz.txt', ids }))])),
};
const enc = new TextEncoder();
/** Generous bound for one parse of a small input: a hang or quadratic blow-up would exceed it. */
const MAX_PARSE_MS = 250;

/** The reader either returns a valid result or throws a well-formed GraphParseError; it never hangs. */
function parsesOrFailsCleanly(read: (input: Uint8Array) => void, bytes: Uint8Array): void {
  const lines = 1 + bytes.filter((c) => c === 10).length;
  const start = performance.now();
  try {
    read(bytes);
  } catch (error) {
    if (!(error instanceof GraphParseError)) throw error;
    expect(error.line === undefined || (error.line >= 1 && error.line <= lines)).toBe(true);
    expect(error.column === undefined || error.column >= 1).toBe(true);
    expect(error.message.length).toBeLessThan(400);
  }
  expect(performance.now() - start).toBeLessThan(MAX_PARSE_MS);
}

/** Text made of the characters these formats care about, so that the fuzzer reaches deep rules. */
const formatishText = fc
  .string({
    unit: fc.constantFrom(
      ...'apcv sp%#\n\n\n\t\r0123456789-+.eE',
      '%%MatrixMarket ', 'matrix ', 'coordinate ', 'array ', 'real ', 'integer ', 'pattern ', 'symmetric', 'skew-symmetric', 'hermitian',
      'p sp 3 4\n', 'a 1 2 3\n', '3 3 2\n', '2 2\n', 'p aux sp co 3\n', 'v 1 2 3\n', '# Nodes: 3 Edges: 2\n', '4000000000 ',
    ),
    maxLength: 120,
  })
  .map((s) => enc.encode(s));

function dimacsText(g: EdgeList): string {
  return writeDimacsGr(g, { comments: ['fuzz'] });
}

function matrixMarketText(g: EdgeList, symmetric: boolean): string {
  const lines = [`%%MatrixMarket matrix coordinate real ${symmetric ? 'symmetric' : 'general'}`, '% fuzz', ''];
  const entries: string[] = [];
  for (let k = 0; k < g.src.length; k++) {
    let [i, j] = [g.src[k], g.dst[k]];
    if (symmetric && i < j) [i, j] = [j, i];
    entries.push(`${i + 1} ${j + 1} ${g.weight?.[k] ?? 1}`);
  }
  lines.push(`${g.n} ${g.n} ${entries.length}`, ...entries);
  return `${lines.join('\n')}\n`;
}

function edgeListText(g: EdgeList, crlf: boolean): string {
  const lines = ['# fuzz'];
  for (let k = 0; k < g.src.length; k++) lines.push(`${g.src[k]}\t${g.dst[k]}${g.weight === null ? '' : `\t${g.weight[k]}`}`);
  return lines.join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
}

const anyEdgeList = doubleEdgeList();

/** A dense array file of order n with values (about half of them zero) in column-major order. */
const arrayFile = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom('general', 'symmetric', 'skew-symmetric', 'hermitian'), fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 36, maxLength: 36 }))
  .map(([n, symmetry, pool]) => {
    const count = symmetry === 'general' ? n * n : symmetry === 'skew-symmetric' ? (n * (n - 1)) / 2 : (n * (n + 1)) / 2;
    return `%%MatrixMarket matrix array integer ${symmetry}\n% fuzz\n${n} ${n}\n${pool.slice(0, count).map((v) => `${v}\n`).join('')}`;
  });

const coordinatesFile = fc
  .array(fc.tuple(fc.integer({ min: -1e8, max: 1e8 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 20 })
  .map((points) => writeDimacsCo({ n: points.length, x: Float64Array.from(points, (p) => p[0]), y: Float64Array.from(points, (p) => p[1]) }));

/** A valid file of any supported format. */
const validFile = fc.oneof(
  integerEdgeList(20, 40).map(dimacsText),
  fc.tuple(anyEdgeList, fc.boolean()).map(([g, s]) => matrixMarketText(g, s)),
  fc.oneof(anyEdgeList, undirectedEdgeList()).map((g) => writeMatrixMarket(g)),
  arrayFile,
  coordinatesFile,
  fc.tuple(anyEdgeList, fc.boolean()).map(([g, crlf]) => edgeListText(g, crlf)),
  fc.oneof(anyEdgeList, undirectedEdgeList()).map((g) => writeEdgeList(g)),
);

/** One edit of a byte buffer: flip, insert, delete, duplicate a range, or truncate. */
type Mutation = (b: Uint8Array) => Uint8Array;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, byte]): Mutation => (b) => {
    const c = b.slice();
    if (c.length > 0) c[at % c.length] = byte;
    return c;
  }),
  fc.tuple(fc.nat(), fc.uint8Array({ maxLength: 8 })).map(([at, ins]): Mutation => (b) => {
    const k = at % (b.length + 1);
    return Uint8Array.from([...b.subarray(0, k), ...ins, ...b.subarray(k)]);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 })).map(([at, len]): Mutation => (b) => {
    const k = at % (b.length + 1);
    return Uint8Array.from([...b.subarray(0, k), ...b.subarray(k + len)]);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 })).map(([at, len]): Mutation => (b) => {
    const k = at % (b.length + 1);
    return Uint8Array.from([...b.subarray(0, k + len), ...b.subarray(k, k + len), ...b.subarray(k + len)]);
  }),
  fc.nat().map((at): Mutation => (b) => b.slice(0, at % (b.length + 1))),
);

describe.each(Object.entries(READERS))('fuzzing %s', (_name, read) => {
  it('arbitrary bytes: a valid edge list or a GraphParseError, never anything else', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => parsesOrFailsCleanly(read, bytes)), { numRuns: 300 });
  });

  it('format-ish text: a valid edge list or a GraphParseError', () => {
    fc.assert(fc.property(formatishText, (bytes) => parsesOrFailsCleanly(read, bytes)), { numRuns: 400 });
  });

  it('mutated valid files: a valid edge list or a GraphParseError', () => {
    fc.assert(
      fc.property(validFile, fc.array(mutation, { minLength: 1, maxLength: 3 }), (text, edits) => {
        const bytes = edits.reduce<Uint8Array>((b, edit) => edit(b), enc.encode(text));
        parsesOrFailsCleanly(read, bytes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('valid generated files round-trip', () => {
  it('DIMACS .gr', () => {
    fc.assert(
      fc.property(integerEdgeList(), (g) => {
        expect(sortedArcs(readDimacsGr(dimacsText(g)))).toEqual(sortedArcs(g));
      }),
      { numRuns: 200 },
    );
  });

  it('Matrix Market general', () => {
    fc.assert(
      fc.property(anyEdgeList, (g) => {
        const back = readMatrixMarket(matrixMarketText(g, false));
        expect([back.n, back.directed]).toEqual([g.n, true]);
        expect(sortedArcs(back)).toEqual(sortedArcs(g.weight === null ? { ...g, weight: new Float64Array(g.src.length).fill(1) } : g));
      }),
      { numRuns: 200 },
    );
  });

  it('Matrix Market symmetric expands every off-diagonal entry to both arcs', () => {
    fc.assert(
      fc.property(anyEdgeList, (g) => {
        const back = readMatrixMarket(matrixMarketText(g, true));
        const loops = g.src.filter((u, k) => u === g.dst[k]).length;
        expect(back.src.length).toBe(2 * g.src.length - loops);
        expect(back.directed).toBe(false);
        const set = new Set(sortedArcs(back).map((a) => a.join(' ')));
        for (const [u, v, w] of sortedArcs(back)) expect(set.has(`${v} ${u} ${w}`)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('edge lists (LF and CRLF, weighted or not)', () => {
    fc.assert(
      fc.property(anyEdgeList, fc.boolean(), (g, crlf) => {
        const back = readEdgeList(edgeListText(g, crlf), { n: g.n });
        expect(sortedArcs(back)).toEqual(sortedArcs(g));
        if (g.src.length > 0) expect(back.weight === null).toBe(g.weight === null);
      }),
      { numRuns: 200 },
    );
  });
});
