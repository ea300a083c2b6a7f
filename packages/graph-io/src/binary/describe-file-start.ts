import { SFG_MAGIC } from './sfg-format.js';

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Binary signatures worth naming, checked in order. */
const SIGNATURES: ReadonlyArray<readonly [readonly number[], string]> = [
  [[0x1f, 0x8b], 'this is gzip data (read it with readGraphFile, or gunzip it first)'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'this is zstd data'],
  [[0x42, 0x5a, 0x68], 'this is bzip2 data'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'this is xz data'],
  [[0x50, 0x4b, 0x03, 0x04], 'this is a zip archive'],
  [ascii('SFDM'), "this is a semiforge distance matrix ('semiforge apsp --out x.bin'), not a graph"],
  [[0x93, ...ascii('NUMPY')], 'this is a NumPy .npy array'],
  [[0x89, ...ascii('HDF')], 'this is an HDF5 file'],
];

function looksLikeText(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  return true;
}

function describeText(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes).trimStart();
  if (/^%%matrixmarket/i.test(text)) return 'this looks like Matrix Market text (read it with readGraphFile or readMatrixMarket)';
  if (/^(c[ \t\r\n]|p[ \t]+sp[ \t])/.test(text)) return 'this looks like DIMACS .gr text (read it with readGraphFile or readDimacsGr)';
  if (/^([#%][^\n]*\n\s*)*\d+[ \t]+\d+/.test(text)) return 'this looks like an edge list in text (read it with readGraphFile or readEdgeList)';
  return 'this looks like text, not a binary graph';
}

/**
 * Says what a file that is not a `.sfg` graph seems to be, from its first bytes, for the "wrong magic"
 * error: a compressed stream, a text graph format, a mangled `.sfg` (line endings converted), or unknown.
 *
 * @example
 * ```ts
 * describeFileStart(new TextEncoder().encode('%%MatrixMarket matrix coordinate real general\n'));
 * // 'this looks like Matrix Market text (read it with readGraphFile or readMatrixMarket)'
 * ```
 */
export function describeFileStart(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'the file is empty';
  for (const [signature, description] of SIGNATURES) if (startsWith(bytes, signature)) return description;
  if (startsWith(bytes, [...SFG_MAGIC.subarray(0, 4)])) {
    return 'it starts like a .sfg file but the line-ending bytes of the magic differ: it was probably copied in text mode (e.g. FTP ascii or git autocrlf), which corrupts binary data';
  }
  if (looksLikeText(bytes)) return describeText(bytes);
  const hex = [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `it starts with the bytes ${hex}, which is no format this reader knows`;
}
