import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeGraphBinary, encodeGraphBinary, GraphParseError, MAX_ARCS, MAX_VERTICES, type ReadGraphBinaryOptions } from '../../src/index.js';
import { ENTRY, HEADER } from '../../src/binary/sfg-format.js';
import { edited, section, smallCsr } from './sfg-fixtures.js';

const good = await encodeGraphBinary(smallCsr('f64', true));
const SECTIONS = ['indptr', 'indices', 'weights', 'ids'] as const;
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The message of the GraphParseError that decoding `bytes` throws. */
async function failure(bytes: Uint8Array, options: ReadGraphBinaryOptions = {}): Promise<string> {
  const error = await decodeGraphBinary(bytes, { ...options, file: 'g.sfg' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GraphParseError);
  return (error as GraphParseError).message;
}

describe('.sfg wrong magic says what the file looks like', () => {
  it.each([
    ['gzip', gzipSync(text('hello')), /offset 0 \(magic\): not a semiforge binary graph \(\.sfg\): this is gzip data/],
    ['Matrix Market', text('%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n'), /this looks like Matrix Market text/],
    ['DIMACS', text('c roads\np sp 2 1\na 1 2 3\n'), /this looks like DIMACS \.gr text/],
    ['edge list', text('# SNAP\n0 1\n1 2\n'), /this looks like an edge list in text/],
    ['an SFDM matrix', text('SFDM\x01\x00\x00\x00f32\x00'), /semiforge distance matrix/],
    ['an empty file', new Uint8Array(0), /the file is empty/],
    ['a text-mode copy', Uint8Array.of(...good.subarray(0, 4), 0x0a, 0x1a, 0x0a, ...good.subarray(8)), /copied in text mode/],
    ['random bytes', Uint8Array.of(0, 1, 2, 3, 250, 251, 252, 253, 9), /starts with the bytes 00 01 02 03 fa fb fc fd/],
  ])('%s', async (_, bytes, message) => {
    expect(await failure(bytes)).toMatch(message);
  });
});

describe('.sfg header', () => {
  it('refuses a newer major version, naming both versions', async () => {
    const future = good.slice();
    future[HEADER.major] = 2;
    expect(await failure(future)).toBe("g.sfg: offset 8 (version): format version 2.0 is newer than this reader's 1.0; upgrade @semiforge/graph-io to read it");
  });

  it('accepts a newer minor version', async () => {
    const newer = edited(good, (v) => v.setUint16(HEADER.minor, 7, true));
    expect((await decodeGraphBinary(newer)).n).toBe(4);
  });

  it('catches a flipped header byte by the header checksum', async () => {
    const flipped = good.slice();
    flipped[HEADER.n] ^= 1;
    expect(await failure(flipped)).toMatch(/^g\.sfg: offset 60 \(header checksum\): checksum mismatch: stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}/);
  });

  it.each([
    ['n', (v: DataView) => v.setBigUint64(HEADER.n, BigInt(MAX_VERTICES) + 1n, true), `offset 24 (n): 4294967296 vertices exceed the limit of ${MAX_VERTICES}`],
    ['arcs', (v: DataView) => v.setBigUint64(HEADER.arcs, 1n << 40n, true), `offset 32 (arcs): 1099511627776 arcs exceed the limit of ${MAX_ARCS}`],
    ['flags', (v: DataView) => v.setUint32(HEADER.flags, 0x100 | 7, true), 'offset 12 (flags): unknown flag bits 0x00000100'],
    ['weight type', (v: DataView) => v.setUint8(HEADER.weightType, 9), 'offset 16 (weight type): code 9 is none of'],
    ['reserved', (v: DataView) => v.setUint8(HEADER.reserved2 + 3, 1), 'offset 17 (reserved): reserved header bytes'],
    ['file size', (v: DataView) => v.setBigUint64(HEADER.fileBytes, 5n, true), 'offset 40 (file size): the header says 5 bytes but the sections end at'],
    ['arc count vs section length', (v: DataView) => v.setBigUint64(HEADER.arcs, 3n, true), 'offset 112 (section table entry 1 (indices) length): 16 bytes, expected 3 × 4 = 12'],
    ['misaligned section', (v: DataView) => v.setBigUint64(64 + 32 + ENTRY.offset, 200n, true), 'offset 104 (section table entry 1 (indices) offset): 200 is not a multiple of 64'],
    ['overlapping sections', (v: DataView) => v.setBigUint64(64 + 32 + ENTRY.offset, 192n, true), 'inside the header or the previous section'],
    ['element type', (v: DataView) => v.setUint32(64 + 64 + ENTRY.element, 2, true), 'offset 132 (section table entry 2 (weights) element type): code 2 (f32), expected f64'],
    ['section the flags exclude', (v: DataView) => v.setUint32(HEADER.flags, 3, true), 'the header\'s flags and weight type say the file has no ids section'],
  ])('checks %s even when the checksum matches', async (_, edit, message) => {
    expect(await failure(edited(good, edit))).toContain(message);
  });
});

describe('.sfg truncated files', () => {
  const indices = section(good, 1);
  it.each([
    [4, 'offset 0 (header): truncated: expected 64 bytes at offset 0, the file has 4'],
    [40, 'offset 0 (header): truncated: expected 64 bytes at offset 0, the file has 40'],
    [100, 'offset 64 (section table): truncated: expected 128 bytes at offset 64, the file has 100'],
    [indices.offset + 5, `offset ${indices.offset} (section indices): truncated: expected 16 bytes at offset ${indices.offset}, the file has ${indices.offset + 5}`],
    [good.length - 1, `(section ids): truncated: expected 16 bytes at offset ${section(good, 3).offset}, the file has ${good.length - 1}`],
  ])('at %i bytes', async (length, message) => {
    expect(await failure(good.subarray(0, length))).toContain(message);
  });

  it('refuses bytes after the last section', async () => {
    expect(await failure(Uint8Array.of(...good, 0))).toContain(`offset ${good.length} (end of file): 1 unexpected bytes after the last section`);
  });
});

describe('.sfg section checksums', () => {
  it.each(SECTIONS.map((name, i) => [name, i] as const))('a flipped byte in %s is named with both checksums', async (name, i) => {
    const s = section(good, i);
    const flipped = good.slice();
    flipped[s.offset + s.bytes - 1] ^= 0x10;
    expect(await failure(flipped)).toMatch(new RegExp(`^g\\.sfg: offset ${s.offset} \\(section ${name}\\): checksum mismatch: stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8} over ${s.bytes} bytes$`));
  });
});

describe('.sfg structure is checked with or without checksums', () => {
  const indptr = section(good, 0).offset;
  const indices = section(good, 1).offset;
  it.each([
    ['indptr not monotone', (v: DataView) => v.setUint32(indptr + 8, 1, true), `offset ${indptr + 8} (indptr[2]): offset 1 is below the previous one, 2 (offsets never decrease)`],
    ['indptr not starting at 0', (v: DataView) => v.setUint32(indptr, 1, true), `offset ${indptr} (indptr[0]): first offset is 1, expected 0`],
    ['last offset ≠ arc count', (v: DataView) => v.setUint32(indptr + 12, 3, true) ?? v.setUint32(indptr + 16, 3, true), `offset ${indptr + 16} (indptr[4]): last offset is 3 but there are 4 arcs`],
    ['index ≥ n', (v: DataView) => v.setUint32(indices + 12, 4, true), `offset ${indices + 12} (indices[3]): vertex 4 (row 2) is not below n = 4`],
    ['unsorted row', (v: DataView) => v.setUint32(indices, 2, true) ?? v.setUint32(indices + 4, 1, true), `offset ${indices + 4} (indices[1]): vertex 1 follows 2 in row 0, but the file says rows are sorted`],
  ])('%s', async (_, edit, message) => {
    const bad = edited(good, edit);
    expect(await failure(bad)).toBe(`g.sfg: ${message}`);
    expect(await failure(bad, { verify: false })).toBe(`g.sfg: ${message}`);
  });
});
