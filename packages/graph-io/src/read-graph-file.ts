import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { EdgeList } from './edge-list.js';
import { GRAPH_FILE_EXTENSIONS, graphFileKind } from './graph-format.js';
import type { GraphFormat } from './graph-format.js';
import { GraphParseError } from './graph-parse-error.js';
import { parseGraph, type ParseGraphOptions } from './parse-graph.js';

const gunzipAsync = promisify(gunzip);

/** Options of {@link readGraphFile}. */
export interface ReadGraphFileOptions extends Omit<ParseGraphOptions, 'file'> {
  /** Format to use instead of the one the extension implies. */
  readonly format?: GraphFormat;
}

/**
 * Reads a graph file, picking the reader by extension (`.gr`, `.mtx`, `.txt`/`.el`/`.wel`) and
 * gunzipping `.gz` files (or any file starting with the gzip magic bytes). Errors in the content
 * are {@link GraphParseError}s whose location starts with `path`; I/O errors (missing file) are
 * Node's own.
 *
 * @example
 * ```ts
 * const g = await readGraphFile('../shared/data/lagraph/west0067.mtx');
 * const h = await readGraphFile('graphs/Random4-n.10.0.gr.gz');
 * ```
 */
export async function readGraphFile(path: string, options: ReadGraphFileOptions = {}): Promise<EdgeList> {
  const kind = graphFileKind(path);
  const format = options.format ?? kind.format;
  if (format === undefined) {
    throw new GraphParseError({
      file: path,
      rule: `cannot tell the graph format from the file name (known extensions: ${GRAPH_FILE_EXTENSIONS.join(', ')}, each optionally .gz); pass options.format`,
    });
  }
  let bytes: Uint8Array = await readFile(path);
  if (kind.gzip || (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      bytes = await gunzipAsync(bytes);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new GraphParseError({ file: path, format, rule: `gzip data could not be decompressed (${reason})` });
    }
  }
  return parseGraph(bytes, format, { ...options, file: path });
}
