/**
 * Constants of the semiforge binary graph file (`.sfg`). FORMAT.md beside this file documents the layout
 * byte by byte; every offset used by the reader and the writer is named here so the two cannot drift.
 */

/** `\x89SFG\r\n\x1a\n`: the high byte and the CR LF / LF pair detect 7-bit and line-ending mangling, as in PNG. */
export const SFG_MAGIC = Uint8Array.of(0x89, 0x53, 0x46, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** Major version this code writes and the newest it reads; a file with a larger major is refused. */
export const SFG_MAJOR = 1;
/** Minor version this code writes; minor versions only add section kinds, which older readers skip. */
export const SFG_MINOR = 0;

/** Size of the fixed header; the section table follows it. */
export const HEADER_BYTES = 64;
/** Size of one section-table entry. */
export const ENTRY_BYTES = 32;
/** Every section starts at a multiple of this, so typed arrays (and mmap readers) see aligned data. */
export const SECTION_ALIGN = 64;
/** Bounds the table that is read before its checksum can be checked. */
export const MAX_SECTIONS = 64;

/** Byte offsets of the fixed header's fields. */
export const HEADER = {
  magic: 0,
  major: 8,
  minor: 10,
  flags: 12,
  weightType: 16,
  reserved1: 17,
  sectionCount: 20,
  n: 24,
  arcs: 32,
  fileBytes: 40,
  reserved2: 48,
  crc: 60,
} as const;

/** Byte offsets inside one section-table entry. */
export const ENTRY = { kind: 0, element: 4, offset: 8, bytes: 16, crc: 24, reserved: 28 } as const;

export const FLAG_DIRECTED = 1;
export const FLAG_SORTED = 2;
export const FLAG_IDS = 4;
export const KNOWN_FLAGS = FLAG_DIRECTED | FLAG_SORTED | FLAG_IDS;

/** Weight storage of a `.sfg` file; the code in the header is the index in {@link WEIGHT_TYPES}. */
export type SfgWeightType = 'none' | 'f32' | 'f64';
export const WEIGHT_TYPES: readonly SfgWeightType[] = ['none', 'f32', 'f64'];

/** Element type of a section; the code in the table is the index in {@link ELEMENT_TYPES}. */
export type SfgElementType = 'u32' | 'f32' | 'f64';
export const ELEMENT_TYPES: readonly (SfgElementType | undefined)[] = [undefined, 'u32', 'f32', 'f64'];
export const ELEMENT_BYTES: Readonly<Record<SfgElementType, number>> = { u32: 4, f32: 4, f64: 8 };

/** The sections version 1 defines; the kind code in the table is the index in {@link SECTION_NAMES}. */
export type SfgSectionName = 'indptr' | 'indices' | 'weights' | 'ids';
export const SECTION_NAMES: readonly (SfgSectionName | undefined)[] = [undefined, 'indptr', 'indices', 'weights', 'ids'];

/** `x` rounded up to the next section boundary. */
export function alignSection(x: number): number {
  return Math.ceil(x / SECTION_ALIGN) * SECTION_ALIGN;
}

/**
 * Sections are copied between files and typed arrays without byte swapping, which is only right on a
 * little-endian host (every platform Node ships for but s390x); elsewhere refuse rather than garble.
 *
 * @example
 * ```ts
 * assertLittleEndianHost(); // no-op on x86-64 and arm64
 * ```
 */
export function assertLittleEndianHost(): void {
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) throw new Error('.sfg files are read and written on little-endian hosts only');
}
