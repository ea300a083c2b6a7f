import { crc32 } from 'node:zlib';
import type { Csr } from '../../src/index.js';
import { ENTRY, ENTRY_BYTES, HEADER, HEADER_BYTES } from '../../src/binary/sfg-format.js';
import { headerCrc } from '../../src/binary/sfg-header.js';

/** 0→1 (2.5), 0→2 (5), 1→2 (1), 2→0 (0.25), 3 isolated: small but every section non-trivial. */
export function smallCsr(weight: 'none' | 'f32' | 'f64' = 'f64', ids = false): Csr {
  const w = [2.5, 5, 1, 0.25];
  return {
    n: 4,
    indptr: Uint32Array.of(0, 2, 3, 4, 4),
    indices: Uint32Array.of(1, 2, 2, 0),
    weight: weight === 'none' ? null : weight === 'f32' ? Float32Array.from(w) : Float64Array.from(w),
    directed: true,
    sorted: true,
    ...(ids ? { ids: Uint32Array.of(40, 10, 30, 20) } : {}),
  };
}

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Section `i` of the table: where its bytes are and where its entry is. */
export function section(bytes: Uint8Array, i: number): { offset: number; bytes: number; entry: number } {
  const entry = HEADER_BYTES + i * ENTRY_BYTES;
  const v = view(bytes);
  return { offset: Number(v.getBigUint64(entry + ENTRY.offset, true)), bytes: Number(v.getBigUint64(entry + ENTRY.bytes, true)), entry };
}

/**
 * Recomputes every checksum after a test edited the file on purpose, so that the structural checks (not
 * the CRCs) are what must catch the edit.
 */
export function reseal(bytes: Uint8Array): Uint8Array {
  const v = view(bytes);
  const count = v.getUint32(HEADER.sectionCount, true);
  for (let i = 0; i < count; i++) {
    const s = section(bytes, i);
    v.setUint32(s.entry + ENTRY.crc, crc32(bytes.subarray(s.offset, s.offset + s.bytes)), true);
  }
  v.setUint32(HEADER.crc, headerCrc(bytes.subarray(0, HEADER_BYTES), bytes.subarray(HEADER_BYTES, HEADER_BYTES + count * ENTRY_BYTES)), true);
  return bytes;
}

/** A copy of `bytes` with `edit` applied through a DataView, then resealed. */
export function edited(bytes: Uint8Array, edit: (v: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  edit(view(copy));
  return reseal(copy);
}

/** Plain-object form of a CSR for `toEqual` (typed arrays compare by type and content already). */
export function csrShape(g: Csr): Record<string, unknown> {
  return { n: g.n, indptr: g.indptr, indices: g.indices, weight: g.weight, directed: g.directed, sorted: g.sorted, ids: g.ids };
}
