import { extname } from 'node:path';
import { CONSTANTS, type ElementArray, type ElementType } from '@semiforge/codegen';
import { writeTextFile } from '@semiforge/graph-io';
import { UsageError, writeFailure } from '../errors.js';
import { formatF32 } from './format.js';

/**
 * Writing an n×n result matrix (`semiforge apsp --out FILE`), by extension:
 * - `.bin`: a 16-byte header, then n·n little-endian elements, row-major. Header: the ASCII magic `SFDM`,
 *   u32 version 1, the element type as 4 ASCII bytes (`f32\0`, `i32\0`, `u32\0`), u32 n. f32 shows no path
 *   as IEEE ±Infinity; i32/u32 keep the kernels' saturating infinity (2147483647, 4294967295).
 * - `.json`: `{ format: 'semiforge-matrix', version: 1, n, type, semiring, dist: [[...], ...] }`, with
 *   `null` for ±infinity; n ≤ {@link TEXT_MATRIX_MAX_N}.
 * - `.csv`: n lines of n comma-separated values, `inf` / `-inf` for ±infinity; n ≤ {@link TEXT_MATRIX_MAX_N}.
 */
export type MatrixFormat = 'bin' | 'json' | 'csv';

export const MATRIX_EXTENSIONS: Record<string, MatrixFormat> = { '.bin': 'bin', '.json': 'json', '.csv': 'csv' };

/** Largest n written as text (16.7 M cells, some hundred MB of text). */
export const TEXT_MATRIX_MAX_N = 4096;

export const BIN_MAGIC = 'SFDM';
export const BIN_VERSION = 1;
export const BIN_HEADER_BYTES = 16;

/** The format a `--out` path asks for; a usage error for other extensions. */
export function matrixFormat(path: string): MatrixFormat {
  const format = MATRIX_EXTENSIONS[extname(path).toLowerCase()];
  if (format === undefined) {
    throw new UsageError(`--out ${path}: unknown extension; use .bin (binary, any n), .json or .csv (n ≤ ${TEXT_MATRIX_MAX_N})`, 'apsp');
  }
  return format;
}

/** Refuses text output for matrices too large to be useful as text. */
export function checkMatrixSize(path: string, format: MatrixFormat, n: number): void {
  if (format !== 'bin' && n > TEXT_MATRIX_MAX_N) {
    throw new UsageError(`--out ${path}: n = ${n} is too large for .${format} (at most ${TEXT_MATRIX_MAX_N}); write .bin instead`, 'apsp');
  }
}

export interface MatrixMeta {
  readonly type: ElementType;
  readonly semiring: string;
}

/** A value as text, `infinite` replacing the type's ±infinity (0 stays 0 for u32, whose −∞ is 0). */
function cellText(type: ElementType, posInf: string, negInf: string): (v: number) => string {
  if (type === 'f32') return (v) => (v === Infinity ? posInf : v === -Infinity ? negInf : formatF32(v));
  const { INF, NEG_INF } = CONSTANTS[type];
  return (v) => (v === INF ? posInf : v === NEG_INF && v !== 0 ? negInf : String(v));
}

function binHeader(type: ElementType, n: number): Uint8Array {
  const header = new Uint8Array(BIN_HEADER_BYTES);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode(BIN_MAGIC), 0);
  view.setUint32(4, BIN_VERSION, true);
  header.set(new TextEncoder().encode(type), 8);
  view.setUint32(12, n, true);
  return header;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function littleEndianBytes(data: ElementArray): Uint8Array {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (LITTLE_ENDIAN) return bytes;
  const swapped = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 4) {
    swapped[i] = bytes[i + 3];
    swapped[i + 1] = bytes[i + 2];
    swapped[i + 2] = bytes[i + 1];
    swapped[i + 3] = bytes[i];
  }
  return swapped;
}

/** Rows of text, a chunk of rows at a time. */
function* textChunks(format: 'json' | 'csv', dist: ElementArray, n: number, meta: MatrixMeta): Generator<string> {
  const cell = format === 'json' ? cellText(meta.type, 'null', 'null') : cellText(meta.type, 'inf', '-inf');
  if (format === 'json') {
    yield `{"format":"semiforge-matrix","version":1,"n":${n},"type":${JSON.stringify(meta.type)},"semiring":${JSON.stringify(meta.semiring)},"dist":[`;
  }
  const rowsPerChunk = Math.max(1, Math.floor(65536 / Math.max(n, 1)));
  for (let first = 0; first < n; first += rowsPerChunk) {
    const lines: string[] = [];
    for (let i = first; i < Math.min(n, first + rowsPerChunk); i++) {
      const cells = new Array<string>(n);
      for (let j = 0; j < n; j++) cells[j] = cell(dist[i * n + j]);
      lines.push(format === 'json' ? `${i === 0 ? '' : ','}\n[${cells.join(',')}]` : `${cells.join(',')}\n`);
    }
    yield lines.join('');
  }
  if (format === 'json') yield '\n]}\n';
}

function* fileChunks(format: MatrixFormat, dist: ElementArray, n: number, meta: MatrixMeta): Generator<Uint8Array> {
  if (format === 'bin') {
    yield binHeader(meta.type, n);
    yield littleEndianBytes(dist);
    return;
  }
  const encoder = new TextEncoder();
  for (const chunk of textChunks(format, dist, n, meta)) yield encoder.encode(chunk);
}

/**
 * Writes the row-major n×n matrix `dist` to `path` in `format`, through a temporary file renamed at the end:
 * a failure (a full disk) leaves an existing file as it was. I/O errors become `CliError`s naming `path`.
 */
export async function writeMatrix(path: string, format: MatrixFormat, dist: ElementArray, n: number, meta: MatrixMeta): Promise<void> {
  await writeTextFile(path, fileChunks(format, dist, n, meta), { gzip: false }).catch((error: unknown) => {
    throw writeFailure(error, path);
  });
}
