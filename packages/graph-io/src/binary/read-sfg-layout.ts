import { MAX_ARCS, MAX_VERTICES } from '../graph-limits.js';
import type { ByteSource } from './byte-source.js';
import { describeFileStart } from './describe-file-start.js';
import { hex32, sfgError } from './sfg-error.js';
import {
  alignSection, ELEMENT_BYTES, ELEMENT_TYPES, ENTRY, ENTRY_BYTES, FLAG_DIRECTED, FLAG_IDS, FLAG_SORTED, HEADER, HEADER_BYTES,
  KNOWN_FLAGS, MAX_SECTIONS, SECTION_ALIGN, SECTION_NAMES, SFG_MAGIC, SFG_MAJOR, SFG_MINOR, WEIGHT_TYPES, type SfgWeightType,
} from './sfg-format.js';
import { decodeSfgFixed, decodeSfgTable, headerCrc, type SfgTableEntry } from './sfg-header.js';
import { sfgSections, type SfgSectionSpec } from './sfg-sections.js';

/** A section the reader will load: what it is and where its bytes lie. */
export interface SfgPlacedSection extends SfgSectionSpec {
  readonly offset: number;
  readonly bytes: number;
  readonly crc: number;
}

/** What the header of a valid `.sfg` file says, checked against the file's size. */
export interface SfgLayout {
  readonly version: string;
  readonly directed: boolean;
  readonly sorted: boolean;
  readonly weightType: SfgWeightType;
  readonly n: number;
  readonly arcs: number;
  /** The sections of {@link sfgSections}, in file order (sections of unknown kinds are skipped). */
  readonly sections: readonly SfgPlacedSection[];
}

/**
 * Reads and checks the header and section table of a `.sfg` file: magic, version, header checksum,
 * reserved bytes, limits, and that every section lies inside the file, aligned, without overlap, with the
 * length its element count implies. Nothing is allocated from an unchecked count, so a corrupt header
 * cannot ask for gigabytes. Throws a {@link GraphParseError} naming the offset and field.
 *
 * @example
 * ```ts
 * const layout = await readSfgLayout(memorySource(bytes), 'g.sfg');
 * layout.sections.map((s) => s.name); // ['indptr', 'indices']
 * ```
 */
export async function readSfgLayout(source: ByteSource, file?: string): Promise<SfgLayout> {
  const fixed = new Uint8Array(HEADER_BYTES);
  const got = await source.read(fixed, 0);
  const magicBytes = Math.min(got, SFG_MAGIC.length);
  const magicPrefix = got > 0 && SFG_MAGIC.subarray(0, magicBytes).every((b, i) => fixed[i] === b);
  if (!magicPrefix) {
    throw sfgError(file, 0, 'magic', `not a semiforge binary graph (.sfg): ${describeFileStart(fixed.subarray(0, got))}`);
  }
  if (got < HEADER_BYTES) throw sfgError(file, 0, 'header', `truncated: expected ${HEADER_BYTES} bytes at offset 0, the file has ${source.size}`);
  const h = decodeSfgFixed(fixed);
  const version = `${h.major}.${h.minor}`;
  if (h.major > SFG_MAJOR) {
    throw sfgError(file, HEADER.major, 'version', `format version ${version} is newer than this reader's ${SFG_MAJOR}.${SFG_MINOR}; upgrade @semiforge/graph-io to read it`);
  }
  if (h.major === 0) throw sfgError(file, HEADER.major, 'version', `format version ${version} does not exist (versions start at 1.0)`);
  if (h.sectionCount > MAX_SECTIONS) {
    throw sfgError(file, HEADER.sectionCount, 'section count', `${h.sectionCount} sections exceed the limit of ${MAX_SECTIONS}`);
  }
  const table = new Uint8Array(h.sectionCount * ENTRY_BYTES);
  if ((await source.read(table, HEADER_BYTES)) < table.length) {
    throw sfgError(file, HEADER_BYTES, 'section table', `truncated: expected ${table.length} bytes at offset ${HEADER_BYTES}, the file has ${source.size}`);
  }
  const stored = new DataView(fixed.buffer).getUint32(HEADER.crc, true);
  const computed = headerCrc(fixed, table);
  if (stored !== computed) {
    throw sfgError(file, HEADER.crc, 'header checksum', `checksum mismatch: stored ${hex32(stored)}, computed ${hex32(computed)} (the header or section table is corrupt)`);
  }
  if (h.reserved) throw sfgError(file, HEADER.reserved1, 'reserved', 'reserved header bytes (17..19, 48..59) must be zero');
  if ((h.flags & ~KNOWN_FLAGS) !== 0) throw sfgError(file, HEADER.flags, 'flags', `unknown flag bits ${hex32(h.flags & ~KNOWN_FLAGS)} (version ${SFG_MAJOR} defines bits 0..2)`);
  const weightType = WEIGHT_TYPES[h.weightCode];
  if (weightType === undefined) throw sfgError(file, HEADER.weightType, 'weight type', `code ${h.weightCode} is none of 0 (none), 1 (f32), 2 (f64)`);
  if (h.n > MAX_VERTICES) throw sfgError(file, HEADER.n, 'n', `${h.n} vertices exceed the limit of ${MAX_VERTICES} (u32 ids with one reserved)`);
  if (h.arcs > MAX_ARCS) throw sfgError(file, HEADER.arcs, 'arcs', `${h.arcs} arcs exceed the limit of ${MAX_ARCS} (u32 offsets)`);
  const expected = sfgSections(h.n, h.arcs, weightType, (h.flags & FLAG_IDS) !== 0);
  const sections = placeSections(decodeSfgTable(table, h.sectionCount), expected, source.size, h.fileBytes, file);
  return {
    version,
    directed: (h.flags & FLAG_DIRECTED) !== 0,
    sorted: (h.flags & FLAG_SORTED) !== 0,
    weightType,
    n: h.n,
    arcs: h.arcs,
    sections,
  };
}

/** Matches the table against the sections the header implies and the file's real size. */
function placeSections(
  entries: readonly SfgTableEntry[],
  expected: readonly SfgSectionSpec[],
  size: number,
  fileBytes: number,
  file: string | undefined,
): SfgPlacedSection[] {
  const placed: SfgPlacedSection[] = [];
  let end = alignSection(HEADER_BYTES + entries.length * ENTRY_BYTES);
  entries.forEach((e, i) => {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    const name = SECTION_NAMES[e.kind] ?? `kind ${e.kind}`;
    const field = (what: string): string => `section table entry ${i} (${name}) ${what}`;
    if (e.reserved !== 0) throw sfgError(file, at + ENTRY.reserved, field('reserved'), 'must be zero');
    if (e.offset % SECTION_ALIGN !== 0) throw sfgError(file, at + ENTRY.offset, field('offset'), `${e.offset} is not a multiple of ${SECTION_ALIGN}`);
    if (e.offset < end) throw sfgError(file, at + ENTRY.offset, field('offset'), `section starts at ${e.offset}, inside the header or the previous section (which end at ${end})`);
    const spec = expected.find((s) => s.kind === e.kind);
    if (spec !== undefined) {
      if (placed.some((p) => p.kind === e.kind)) throw sfgError(file, at + ENTRY.kind, field('kind'), `a second ${name} section`);
      const element = ELEMENT_TYPES[e.element];
      if (element !== spec.element) throw sfgError(file, at + ENTRY.element, field('element type'), `code ${e.element} (${element ?? 'unknown'}), expected ${spec.element}`);
      const bytes = spec.count * ELEMENT_BYTES[element];
      if (e.bytes !== bytes) throw sfgError(file, at + ENTRY.bytes, field('length'), `${e.bytes} bytes, expected ${spec.count} × ${ELEMENT_BYTES[element]} = ${bytes}`);
      placed.push({ ...spec, offset: e.offset, bytes, crc: e.crc });
    } else if (SECTION_NAMES[e.kind] !== undefined) {
      throw sfgError(file, at + ENTRY.kind, field('kind'), `the header's flags and weight type say the file has no ${name} section`);
    }
    if (e.offset + e.bytes > size) {
      throw sfgError(file, e.offset, `section ${name}`, `truncated: expected ${e.bytes} bytes at offset ${e.offset}, the file has ${size}`);
    }
    end = e.offset + e.bytes;
  });
  const missing = expected.find((s) => !placed.some((p) => p.kind === s.kind));
  if (missing !== undefined) throw sfgError(file, HEADER_BYTES, 'section table', `no ${missing.name} section`);
  if (end !== fileBytes) throw sfgError(file, HEADER.fileBytes, 'file size', `the header says ${fileBytes} bytes but the sections end at ${end}`);
  if (size > fileBytes) throw sfgError(file, fileBytes, 'end of file', `${size - fileBytes} unexpected bytes after the last section (the header says the file has ${fileBytes})`);
  return placed;
}
