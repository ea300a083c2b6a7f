// The readers the io suite times, each returning entry columns for validation against the strict reader.
import {
  beginParseGraph,
  parallelFastEntries,
  parseGraph,
  readGraphFile,
  type EdgeList,
  type FastEntriesRequest,
  type ParseGraphOptions,
} from '@semiforge/graph-io';
import { readWithD3Dsv } from './dsv-peer.js';
import type { TextFile } from './text-files.js';

/** Entry columns; `count` may be below the arrays' length. */
export interface Columns {
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  readonly value: Float64Array | null;
  readonly count: number;
}

/** One way of reading a benchmark file, timed from bytes in memory unless `fromDisk`. */
export interface TextReader {
  readonly name: string;
  readonly method: 'strict' | 'reader' | 'fast' | 'peer';
  readonly threads: number;
  /** Whether the timing includes reading the file (from the page cache). */
  readonly fromDisk: boolean;
  read(file: TextFile, bytes: Uint8Array, shared: Uint8Array): Promise<Columns>;
}

const LF = 10;
const PERCENT = 0x25;

/** The request for the body of a generated file: after the size line for Matrix Market, all of an edge list. */
export function bodyRequest(file: TextFile, bytes: Uint8Array): FastEntriesRequest {
  if (file.format === 'edge-list') {
    return { bytes, start: 0, end: bytes.length, value: 'none', idBase: 0, maxId: 0xfffffffe, commentBytes: [0x23, PERCENT] };
  }
  let start = 0;
  while (bytes[start] === PERCENT) start = bytes.indexOf(LF, start) + 1;
  start = bytes.indexOf(LF, start) + 1;
  return { bytes, start, end: bytes.length, value: 'real', idBase: 1, maxId: file.n - 1, commentBytes: [PERCENT], expectedCount: file.entries };
}

function orFail<T>(result: T | null, what: string): T {
  if (result === null) throw new Error(`${what} fell back (returned null) on a valid generated file`);
  return result;
}

const OPTIONS: ParseGraphOptions = { ids: 'zero-based' };

function columns(g: EdgeList): Columns {
  const value = g.weight === null || g.weight instanceof Float64Array ? g.weight : Float64Array.from(g.weight);
  return { src: g.src, dst: g.dst, value, count: g.src.length };
}

/**
 * The readers for `threads` worker threads: the strict loop alone (what the readers fall back to), the
 * public readers (fast path) on one thread, the body on `threads` threads, `readGraphFile` on `threads`
 * threads from the page cache, and the npm peer.
 */
export function textReaders(threads: number): TextReader[] {
  return [
    {
      name: 'strict loop (LineScanner; the fallback path)',
      method: 'strict',
      threads: 1,
      fromDisk: false,
      read: async (file, bytes) => columns(beginParseGraph(bytes, file.format, OPTIONS).finish(null)),
    },
    {
      name: 'parseGraph (readMatrixMarket / readEdgeList), 1 thread',
      method: 'reader',
      threads: 1,
      fromDisk: false,
      read: async (file, bytes) => columns(parseGraph(bytes, file.format, OPTIONS)),
    },
    {
      name: `parallelFastEntries (body only), ${threads} threads`,
      method: 'fast',
      threads,
      fromDisk: false,
      read: async (file, _, shared) => orFail(await parallelFastEntries(bodyRequest(file, shared), { threads }), 'parallelFastEntries'),
    },
    {
      name: `readGraphFile, ${threads} threads (file in page cache)`,
      method: 'reader',
      threads,
      fromDisk: true,
      read: async (file) => columns(await readGraphFile(file.path, { ...OPTIONS, threads })),
    },
    {
      name: 'd3-dsv 3.0.2 parseRows (npm peer)',
      method: 'peer',
      threads: 1,
      fromDisk: false,
      read: async (file, bytes) => {
        const req = bodyRequest(file, bytes);
        const sep = file.format === 'matrix-market' ? ' ' : '\t';
        return readWithD3Dsv(bytes, req.start, req.end, sep, req.value !== 'none', req.idBase, file.entries);
      },
    },
  ];
}
