import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeListFromArrays, matrixMarketChunks, textOfChunks, writeMatrixMarket } from '../src/index.js';
import { anyComments, anyEdgeList, writerCases } from './helpers/writer-cases.js';

/** The chunks' bytes (copied, as a consumer must before asking for the next), sizes and backing buffers. */
function collect(chunks: Iterable<Uint8Array>): { bytes: Buffer; sizes: number[]; buffers: Set<ArrayBufferLike> } {
  const parts: Buffer[] = [];
  const buffers = new Set<ArrayBufferLike>();
  for (const chunk of chunks) {
    parts.push(Buffer.from(chunk));
    buffers.add(chunk.buffer);
  }
  return { bytes: Buffer.concat(parts), sizes: parts.map((p) => p.length), buffers };
}

describe('chunked writers', () => {
  it('give the string writers’ bytes exactly, cut into chunks of chunkBytes anywhere (inside numbers, lines, characters)', () => {
    fc.assert(
      fc.property(anyEdgeList, anyComments, fc.integer({ min: 1, max: 40 }), (g, comments, chunkBytes) => {
        for (const c of writerCases(g, comments)) {
          const expected = Buffer.from(c.text());
          const { bytes, sizes, buffers } = collect(c.chunks({ chunkBytes }));
          expect(bytes.equals(expected), c.name).toBe(true);
          expect(sizes.slice(0, -1).every((s) => s === chunkBytes), c.name).toBe(true);
          expect(sizes.length, c.name).toBe(Math.ceil(expected.length / chunkBytes)); // an empty file is no chunk at all
          expect(buffers.size, c.name).toBe(Math.min(1, sizes.length)); // one reused buffer: memory does not grow with the output
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keep one buffer of about chunkBytes for an output thousands of times longer', () => {
    const m = 20_000;
    const g = edgeListFromArrays(1000, Array.from({ length: m }, (_, k) => (k * 7) % 1000), Array.from({ length: m }, (_, k) => (k * 13) % 1000), Array.from({ length: m }, (_, k) => k / 7));
    const { bytes, sizes, buffers } = collect(matrixMarketChunks(g, { chunkBytes: 100 }));
    expect(sizes.length).toBeGreaterThan(4000);
    expect([...buffers].map((b) => b.byteLength)).toEqual([100 + 256]);
    expect(bytes.toString()).toBe(writeMatrixMarket(g));
  });

  it('check the graph at the call, before the first chunk is asked for', () => {
    const g = edgeListFromArrays(2, [0], [1], [NaN]);
    expect(() => matrixMarketChunks(g)).toThrow('has weight NaN, not finite');
    expect(() => matrixMarketChunks(edgeListFromArrays(2, [0], [1]), { chunkBytes: 0 })).toThrow('chunkBytes = 0 is not a positive integer');
  });

  it('decode to one string across chunk boundaries inside UTF-8 characters', () => {
    expect(textOfChunks(matrixMarketChunks(edgeListFromArrays(1, [], []), { comments: ['żółw €'], chunkBytes: 1 }))).toBe(
      '%%MatrixMarket matrix coordinate pattern general\n% żółw €\n1 1 0\n',
    );
  });
});
