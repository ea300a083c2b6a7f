import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEdgeList, readMatrixMarket, type EdgeList } from '../../src/index.js';
import { fastEntries, type FastEntries, type FastEntriesRequest } from '../../src/text/fast-entries.js';
import { firstDataColumns } from '../../src/text/first-data-columns.js';
import { mutated, validBody, type BodyValue } from './text-bodies.js';

const enc = new TextEncoder();
const PERCENT = [0x25];
const HASH_PERCENT = [0x23, 0x25];
const MAX_EDGE_LIST_ID = 0xfffffffe;

/** A Matrix Market file around `body`, and the request that reads its body. */
function matrixMarket(body: string, field: BodyValue, n: number, entries: number): { bytes: Uint8Array; req: FastEntriesRequest } {
  const head = `%%MatrixMarket matrix coordinate ${field === 'none' ? 'pattern' : field} general\n% c\n${n} ${n} ${entries}\n`;
  const bytes = enc.encode(head + body);
  const start = enc.encode(head).length;
  return { bytes, req: { bytes, start, end: bytes.length, value: field, idBase: 1, maxId: n - 1, commentBytes: PERCENT, expectedCount: entries } };
}

function edgeListRequest(body: string, value: BodyValue): FastEntriesRequest {
  const bytes = enc.encode(body);
  return { bytes, start: 0, end: bytes.length, value, idBase: 0, maxId: MAX_EDGE_LIST_ID, commentBytes: HASH_PERCENT };
}

function strictOrNull(read: () => EdgeList): EdgeList | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Bit-identical arrays (Object.is tells -0 from 0). */
function expectSame(fast: FastEntries, strict: EdgeList): void {
  expect(fast.count).toBe(strict.src.length);
  expect(Array.from(fast.src)).toEqual(Array.from(strict.src));
  expect(Array.from(fast.dst)).toEqual(Array.from(strict.dst));
  // An edge list without lines has no weight column either way.
  if (strict.weight === null) expect(fast.value?.length ?? 0).toBe(0);
  else expect(Array.from(fast.value!).every((v, k) => Object.is(v, strict.weight![k]))).toBe(true);
}

describe('fastEntries', () => {
  it('reads spaces, tabs, CRLF, comments, blank lines and a last line without newline', () => {
    const bytes = enc.encode(' 1\t2  0.5 \r\n% c\n\n \t\r\n2 1 -3e2\r\n3\t3\t-0\n1 3 .25e+1');
    const e = fastEntries({ bytes, start: 0, end: bytes.length, value: 'real', idBase: 1, maxId: 2, commentBytes: PERCENT });
    expect(e).not.toBeNull();
    expect([Array.from(e!.src), Array.from(e!.dst), Array.from(e!.value!)]).toEqual([[0, 1, 2, 0], [1, 0, 2, 2], [0.5, -300, -0, 2.5]]);
    expect(Object.is(e!.value![2], -0)).toBe(true);
    expect([e!.count, e!.largestId]).toEqual([4, 2]);
  });

  it('reads only [start, end)', () => {
    const bytes = enc.encode('junk\n0 1\n2 3\njunk');
    const e = fastEntries({ bytes, start: 5, end: 13, value: 'none', idBase: 0, maxId: 9, commentBytes: HASH_PERCENT });
    expect([Array.from(e!.src), Array.from(e!.dst), e!.value]).toEqual([[0, 2], [1, 3], null]);
  });

  it('takes long mantissas and big exponents through the exact parser', () => {
    const bytes = enc.encode('0 0 0.1000000000000000055511151231257827\n0 0 1e300\n0 0 123456789012345678901\n0 0 1e-400\n');
    const e = fastEntries({ bytes, start: 0, end: bytes.length, value: 'real', idBase: 0, maxId: 0, commentBytes: [] });
    expect(Array.from(e!.value!)).toEqual([0.1, 1e300, 123456789012345678901, 0]);
  });

  it.each([
    ['a token that is not a number', '1 x 1\n'],
    ['an id below the base', '0 1 1\n'],
    ['an id above maxId', '1 4 1\n'],
    ['a signed id', '+1 2 1\n'],
    ['too few columns', '1 2\n'],
    ['too many columns', '1 2 3 4\n'],
    ['an overflowing value', '1 2 1e999\n'],
    ['inf', '1 2 inf\n'],
    ['an exponent without digits', '1 2 1e\n'],
    ['a vertical tab', '1\v2 3\n'],
  ])('returns null for %s', (_, body) => {
    const bytes = enc.encode(body);
    expect(fastEntries({ bytes, start: 0, end: bytes.length, value: 'real', idBase: 1, maxId: 2, commentBytes: PERCENT })).toBeNull();
  });

  it('returns null when the count differs from expectedCount, and for integers past the safe range', () => {
    const bytes = enc.encode('1 1 1\n1 1 2\n');
    const req = { bytes, start: 0, end: bytes.length, idBase: 1, maxId: 0, commentBytes: PERCENT } as const;
    expect(fastEntries({ ...req, value: 'real', expectedCount: 1 })).toBeNull();
    expect(fastEntries({ ...req, value: 'real', expectedCount: 3 })).toBeNull();
    expect(fastEntries({ ...req, value: 'real', expectedCount: 2 })?.count).toBe(2);
    expect(fastEntries({ ...req, value: 'real', expectedCount: 1e15 })).toBeNull();
    const big = enc.encode('1 1 9007199254740993\n');
    expect(fastEntries({ ...req, bytes: big, end: big.length, value: 'integer' })).toBeNull();
  });

  describe.each(['none', 'integer', 'real'] as const)('Matrix Market %s', (field) => {
    it('gives the strict reader’s arrays for random valid bodies', () => {
      fc.assert(
        fc.property(validBody(field, 1, ['%']), ({ text, n, entries }) => {
          const { bytes, req } = matrixMarket(text, field, n, entries);
          const fast = fastEntries(req);
          expect(fast).not.toBeNull();
          expectSame(fast!, readMatrixMarket(bytes));
        }),
        { numRuns: 300 },
      );
    });

    it('gives the strict answer or null for mutated bodies', () => {
      const cases = validBody(field, 1, ['%']).chain((b) => mutated(b.text).map((text) => ({ ...b, text })));
      fc.assert(
        fc.property(cases, ({ text, n, entries }) => {
          const { bytes, req } = matrixMarket(text, field, n, entries);
          const fast = fastEntries(req);
          const strict = strictOrNull(() => readMatrixMarket(bytes));
          if (strict === null) expect(fast).toBeNull();
          else if (fast !== null) expectSame(fast, strict);
        }),
        { numRuns: 500 },
      );
    });
  });

  describe.each(['none', 'real'] as const)('edge list %s', (value) => {
    const strict = (text: string) => readEdgeList(text, { ids: 'zero-based' });

    it('gives the strict reader’s arrays and n for random valid bodies', () => {
      fc.assert(
        fc.property(validBody(value, 0, ['#', '%']), ({ text }) => {
          const fast = fastEntries(edgeListRequest(text, value));
          const g = strict(text);
          expect(fast).not.toBeNull();
          expectSame(fast!, g);
          expect(fast!.largestId + 1).toBe(g.n);
        }),
        { numRuns: 300 },
      );
    });

    it('gives the strict answer or null for mutated bodies', () => {
      const cases = validBody(value, 0, ['#', '%']).chain((b) => mutated(b.text));
      fc.assert(
        fc.property(cases, (text) => {
          const g = strictOrNull(() => strict(text));
          // The caller picks the value column from the first line, as the strict reader does; try both.
          for (const kind of ['none', 'real'] as const) {
            const fast = fastEntries(edgeListRequest(text, kind));
            if (g === null || (g.weight !== null) !== (kind === 'real')) {
              if (g === null) expect(fast).toBeNull();
              continue;
            }
            if (fast !== null) expectSame(fast, g);
          }
        }),
        { numRuns: 500 },
      );
    });
  });
});

describe('firstDataColumns', () => {
  it.each([
    ['# c\n\n0 1 2.5\n', 3],
    ['% x y z w\r\n \t\r\n0\t1\r\n3 4 5\n', 2],
    ['# only comments\n', 0],
    ['0 1 2 3', 4],
  ])('counts the columns of the first data line of %j', (text, columns) => {
    const bytes = enc.encode(text);
    expect(firstDataColumns(bytes, 0, bytes.length, HASH_PERCENT)).toBe(columns);
  });
});
