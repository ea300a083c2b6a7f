import type { EdgeList } from '../edge-list.js';
import { GRAPH_FILE_EXTENSIONS, graphFileKind } from './graph-format.js';
import type { GraphFormat } from './graph-format.js';
import { GraphParseError } from '../text/graph-parse-error.js';
import { beginParseGraph, type ParseGraphOptions } from './parse-graph.js';
import { readGraphBinary } from '../binary/read-graph-binary.js';
import { edgesFromCsr } from '../containers/edges-from-csr.js';
import { fastEntries } from '../text/fast-entries.js';
import { parallelFastEntries } from '../text/parallel-entries.js';
import { readFileShared } from '../text/read-file-shared.js';
import { readStreamFile } from '../text/read-stream-file.js';
import { nodeBuiltin } from '../node-builtin.js';
import { namePathIn } from '../node-error-path.js';

/** Options of {@link readGraphFile}. */
export interface ReadGraphFileOptions extends Omit<ParseGraphOptions, 'file'> {
  /** Format to use instead of the one the extension implies. */
  readonly format?: GraphFormat;
  /**
   * Threads that parse the numeric body of Matrix Market coordinate files and edge lists (this one
   * plus workers). Default: up to 4 of the machine's cores for files of 32 MB or more, else 1.
   */
  readonly threads?: number;
}

/** Below this a file parses in well under a second on one core; workers would only add start-up time. */
const PARALLEL_MIN_BYTES = 32 << 20;
const DEFAULT_MAX_THREADS = 4;

/**
 * Reads a graph file, picking the reader by extension (`.gr`, `.mtx`, `.txt`/`.el`/`.wel`, binary `.sfg`; `.co` is
 * refused: coordinates, not a graph) and gunzipping `.gz` files (or any file starting with the gzip
 * magic bytes). Errors in the content are {@link GraphParseError}s whose location starts with
 * `path`; I/O errors (missing file) are Node's own, with the path named where Node leaves it out (a directory).
 * Reader options (`duplicates`, `ids`, …) pass through.
 *
 * @example
 * ```ts
 * const g = await readGraphFile('../shared/data/lagraph/west0067.mtx');
 * const h = await readGraphFile('graphs/Random4-n.10.0.gr.gz');
 * ```
 */
export async function readGraphFile(path: string, options: ReadGraphFileOptions = {}): Promise<EdgeList> {
  // The binary format has its own reader (positioned reads, no whole-file buffer); its CSR's arcs in row order.
  if (options.format === undefined && /\.sfg$/i.test(path)) return edgesFromCsr(await readGraphBinary(path));
  const kind = graphFileKind(path);
  const format = options.format ?? kind.format;
  if (format === undefined) {
    throw new GraphParseError({
      file: path,
      rule: `cannot tell the graph format from the file name (known extensions: ${GRAPH_FILE_EXTENSIONS.join(', ')}, each optionally .gz); pass options.format`,
    });
  }
  if (format === 'dimacs-co') {
    throw new GraphParseError({
      file: path,
      format,
      rule: 'a DIMACS .co file holds vertex coordinates, not a graph; read it with readDimacsCo (the graph is the matching .gr)',
    });
  }
  const stats = await nodeBuiltin('node:fs/promises', 'readGraphFile').stat(path);
  const threads = options.threads ?? (stats.size >= PARALLEL_MIN_BYTES ? Math.min(nodeBuiltin('node:os', 'readGraphFile').availableParallelism(), DEFAULT_MAX_THREADS) : 1);
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`options.threads = ${threads} is not a positive integer`);
  let bytes: Uint8Array;
  try {
    bytes = await fileBytes(path, stats, threads, kind.gzip);
  } catch (error) {
    if (!isZlibError(error)) throw namePathIn(error, path);
    throw new GraphParseError({ file: path, format, rule: `gzip data could not be decompressed (${error.message})` });
  }
  const pending = beginParseGraph(bytes, format, { ...options, file: path });
  const { request } = pending;
  if (request === null) return pending.finish(null);
  return pending.finish(threads > 1 ? await parallelFastEntries(request, { threads }) : fastEntries(request));
}

/**
 * A file's bytes, gunzipped. A pipe or a device has no size and may never end (`/dev/zero`): it is read by
 * checked, capped blocks. For workers the text goes to shared memory, so that they share it instead of each
 * receiving a copy.
 */
async function fileBytes(path: string, stats: { isFile(): boolean; isDirectory(): boolean }, threads: number, gzipName: boolean): Promise<Uint8Array> {
  if (!stats.isFile() && !stats.isDirectory()) return gunzipped(await readStreamFile(path), gzipName);
  if (threads > 1) return readFileShared(path);
  return gunzipped(await nodeBuiltin('node:fs/promises', 'readGraphFile').readFile(path), gzipName);
}

/** The bytes of a file, gunzipped when its name or its first bytes say gzip. */
async function gunzipped(bytes: Uint8Array, gzipName: boolean): Promise<Uint8Array> {
  if (!(gzipName || (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b))) return bytes;
  return nodeBuiltin('node:util', 'readGraphFile').promisify(nodeBuiltin('node:zlib', 'readGraphFile').gunzip)(bytes);
}

/** zlib's errors carry codes `Z_DATA_ERROR`, `Z_BUF_ERROR`, …; file-system errors (`ENOENT`, …) stay Node's own. */
function isZlibError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_');
}
