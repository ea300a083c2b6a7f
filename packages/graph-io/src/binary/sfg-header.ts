import { nodeBuiltin } from '../node-builtin.js';
import { ENTRY, ENTRY_BYTES, HEADER, HEADER_BYTES, SFG_MAGIC } from './sfg-format.js';

/** One section-table entry as stored (codes, not names). */
export interface SfgTableEntry {
  readonly kind: number;
  readonly element: number;
  readonly offset: number;
  readonly bytes: number;
  readonly crc: number;
  /** Must be zero; kept so the reader can refuse a non-zero value. */
  readonly reserved: number;
}

/** The header fields as stored: the fixed 64 bytes and the section table. */
export interface SfgHeaderFields {
  readonly major: number;
  readonly minor: number;
  readonly flags: number;
  readonly weightCode: number;
  readonly n: number;
  readonly arcs: number;
  readonly fileBytes: number;
  readonly entries: readonly SfgTableEntry[];
}

const u64 = (view: DataView, at: number): number => Number(view.getBigUint64(at, true));

/**
 * The CRC-32 stored at offset 60: over bytes 0..59 of the fixed header, then the whole section table.
 *
 * @example
 * ```ts
 * headerCrc(fixed, table) === new DataView(fixed.buffer).getUint32(60, true);
 * ```
 */
export function headerCrc(fixed: Uint8Array, table: Uint8Array): number {
  const { crc32 } = nodeBuiltin('node:zlib', 'the .sfg binary format');
  return crc32(table, crc32(fixed.subarray(0, HEADER.crc)));
}

/**
 * Serialises the header and section table (with their checksum) into the bytes that start the file.
 *
 * @example
 * ```ts
 * const head = encodeSfgHeader({ major: 1, minor: 0, flags: 1, weightCode: 0, n: 0, arcs: 0, fileBytes: 128, entries: [] });
 * ```
 */
export function encodeSfgHeader(h: SfgHeaderFields): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES + ENTRY_BYTES * h.entries.length);
  const view = new DataView(bytes.buffer);
  bytes.set(SFG_MAGIC, HEADER.magic);
  view.setUint16(HEADER.major, h.major, true);
  view.setUint16(HEADER.minor, h.minor, true);
  view.setUint32(HEADER.flags, h.flags, true);
  view.setUint8(HEADER.weightType, h.weightCode);
  view.setUint32(HEADER.sectionCount, h.entries.length, true);
  view.setBigUint64(HEADER.n, BigInt(h.n), true);
  view.setBigUint64(HEADER.arcs, BigInt(h.arcs), true);
  view.setBigUint64(HEADER.fileBytes, BigInt(h.fileBytes), true);
  h.entries.forEach((e, i) => {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    view.setUint32(at + ENTRY.kind, e.kind, true);
    view.setUint32(at + ENTRY.element, e.element, true);
    view.setBigUint64(at + ENTRY.offset, BigInt(e.offset), true);
    view.setBigUint64(at + ENTRY.bytes, BigInt(e.bytes), true);
    view.setUint32(at + ENTRY.crc, e.crc, true);
    view.setUint32(at + ENTRY.reserved, e.reserved, true);
  });
  view.setUint32(HEADER.crc, headerCrc(bytes.subarray(0, HEADER_BYTES), bytes.subarray(HEADER_BYTES)), true);
  return bytes;
}

/**
 * Reads the section table's entries (no checks: the reader validates them with their offsets at hand).
 * u64 fields become numbers; values above 2^53 lose precision but are refused as out of range anyway.
 *
 * @example
 * ```ts
 * decodeSfgTable(tableBytes, 4).map((e) => e.kind); // [1, 2, 3, 4]
 * ```
 */
export function decodeSfgTable(table: Uint8Array, count: number): SfgTableEntry[] {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const entries: SfgTableEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * ENTRY_BYTES;
    entries.push({
      kind: view.getUint32(at + ENTRY.kind, true),
      element: view.getUint32(at + ENTRY.element, true),
      offset: u64(view, at + ENTRY.offset),
      bytes: u64(view, at + ENTRY.bytes),
      crc: view.getUint32(at + ENTRY.crc, true),
      reserved: view.getUint32(at + ENTRY.reserved, true),
    });
  }
  return entries;
}

/**
 * Reads the fixed header's fields (no checks), the u64s as numbers; `reserved` tells whether any
 * reserved byte is non-zero.
 *
 * @example
 * ```ts
 * decodeSfgFixed(await encodeGraphBinary(g)).n; // g.n
 * ```
 */
export function decodeSfgFixed(fixed: Uint8Array): Omit<SfgHeaderFields, 'entries'> & { sectionCount: number; reserved: boolean } {
  const view = new DataView(fixed.buffer, fixed.byteOffset, HEADER_BYTES);
  const reserved = fixed.subarray(HEADER.reserved1, HEADER.sectionCount).some((b) => b !== 0) || fixed.subarray(HEADER.reserved2, HEADER.crc).some((b) => b !== 0);
  return {
    major: view.getUint16(HEADER.major, true),
    minor: view.getUint16(HEADER.minor, true),
    flags: view.getUint32(HEADER.flags, true),
    weightCode: view.getUint8(HEADER.weightType),
    sectionCount: view.getUint32(HEADER.sectionCount, true),
    n: u64(view, HEADER.n),
    arcs: u64(view, HEADER.arcs),
    fileBytes: u64(view, HEADER.fileBytes),
    reserved,
  };
}
