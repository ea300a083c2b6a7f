// Deterministic benchmark inputs: a Matrix Market `coordinate real general` file and a SNAP-style edge list of
// about the asked size, written in 8 MiB blocks straight from digits (no string per line).
import { closeSync, openSync, writeSync } from 'node:fs';
import { Xoshiro128ss } from '@semiforge/graph-io';

/** Which text format a benchmark file is in. */
export type TextFormat = 'matrix-market' | 'edge-list';

/** A generated file: where it is, how big, and what a reader must find in it. */
export interface TextFile {
  readonly path: string;
  readonly format: TextFormat;
  readonly bytes: number;
  readonly n: number;
  readonly entries: number;
}

const BLOCK = 8 << 20;
/** Longest line we write: two 10-digit ids, a signed 12-digit value with its point, blanks and LF. */
const MAX_LINE = 40;
/** Significant digits of the values: SuiteSparse files such as bcsstk13 carry 12 (`277281165.183`). */
const VALUE_DIGITS = 12;

/** Writes digits of a non-negative integer at `at`; returns the position after them. */
function putUint(block: Uint8Array, at: number, x: number): number {
  let len = 1;
  for (let t = x; t >= 10; t = Math.floor(t / 10)) len++;
  for (let k = at + len - 1; k >= at; k--) {
    block[k] = 48 + (x % 10);
    x = Math.floor(x / 10);
  }
  return at + len;
}

/** A value such as `-5113128.68839` or `0.277281165183`: 12 random digits, the point anywhere, a random sign. */
function putValue(block: Uint8Array, at: number, rng: Xoshiro128ss): number {
  if (rng.nextU32() & 1) block[at++] = 45;
  const point = rng.nextBelow(VALUE_DIGITS + 1);
  if (point === 0) block[at++] = 48;
  for (let k = 0; k < VALUE_DIGITS; k++) {
    if (k === point) block[at++] = 46;
    block[at++] = 48 + (k === 0 ? 1 + rng.nextBelow(9) : rng.nextBelow(10));
  }
  return at;
}

/**
 * Writes a graph of `n` vertices with uniformly random arcs until the file reaches about `targetBytes`.
 * Matrix Market ids are 1-based with a value column (`i j v`); edge-list ids 0-based, tab separated (`u\tv`),
 * SNAP's `#` header. The Matrix Market size line is padded so that its entry count can be filled in last.
 */
export function writeTextFile(path: string, format: TextFormat, targetBytes: number, n: number, seed: number): TextFile {
  const rng = Xoshiro128ss.fromSeed(seed);
  const fd = openSync(path, 'w');
  const header =
    format === 'matrix-market'
      ? `%%MatrixMarket matrix coordinate real general\n% semiforge benchmark, seed ${seed}\n`
      : `# Directed graph (semiforge benchmark, seed ${seed})\n# FromNodeId\tToNodeId\n`;
  const sizeAt = Buffer.byteLength(header);
  const sizePad = format === 'matrix-market' ? 64 : 0;
  writeSync(fd, header + ' '.repeat(sizePad));
  let written = sizeAt + sizePad;
  let entries = 0;
  const block = new Uint8Array(BLOCK);
  const base = format === 'matrix-market' ? 1 : 0;
  const sep = format === 'matrix-market' ? 32 : 9;
  while (written < targetBytes) {
    let at = 0;
    while (at < BLOCK - MAX_LINE && written + at < targetBytes) {
      at = putUint(block, at, rng.nextBelow(n) + base);
      block[at++] = sep;
      at = putUint(block, at, rng.nextBelow(n) + base);
      if (format === 'matrix-market') {
        block[at++] = sep;
        at = putValue(block, at, rng);
      }
      block[at++] = 10;
      entries++;
    }
    writeSync(fd, block, 0, at);
    written += at;
  }
  if (format === 'matrix-market') {
    const size = `${n} ${n} ${entries}`;
    writeSync(fd, size.padEnd(sizePad - 1) + '\n', sizeAt);
  }
  closeSync(fd);
  return { path, format, bytes: written, n, entries };
}
