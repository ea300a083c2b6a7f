import type { EdgeList } from '../edge-list.js';
import { graphFileKind, type GraphFormat } from './graph-format.js';
import type { TextChunkOptions } from './text-chunks.js';
import { dimacsGrChunks, type WriteDimacsGrOptions } from './dimacs/write-dimacs-gr.js';
import { edgeListChunks, type EdgeListStyle, type WriteEdgeListOptions } from './edge-list/write-edge-list.js';
import { matrixMarketChunks, type WriteMatrixMarketOptions } from './matrix-market/write-matrix-market.js';
import { writeTextFile, type WriteTextFileOptions } from './write-text-file.js';

/**
 * Options of {@link writeGraphFile}: the format (default: from the extension), compression, chunk size,
 * and the options of every text writer; those of the other formats are ignored.
 */
export interface WriteGraphFileOptions
  extends WriteMatrixMarketOptions, WriteEdgeListOptions, WriteDimacsGrOptions, WriteTextFileOptions, TextChunkOptions {
  readonly format?: GraphFormat;
}

/**
 * Writes an edge list as a text graph file of any size, streamed in chunks (memory: the graph plus one
 * chunk), gzipped when the name ends in `.gz`; the file appears complete or not at all. The format comes
 * from the extension as {@link readGraphFile} reads it (`.mtx`, `.gr`, `.txt`/`.el`/`.wel`; `.el` and
 * `.wel` also set the edge-list style) or from `options.format`. The output is byte for byte what
 * `writeMatrixMarket`, `writeDimacsGr` or `writeEdgeList` return, with the same errors, thrown before
 * the disk is touched; I/O errors are Node's own.
 *
 * @example
 * ```ts
 * await writeGraphFile('kron24.mtx.gz', edgesFromCsr(csr), { comments: ['Graph500 scale 24'] });
 * await writeGraphFile('g.gr', edges, { patternWeight: 1 });
 * ```
 */
export async function writeGraphFile(path: string, edges: EdgeList, options: WriteGraphFileOptions = {}): Promise<void> {
  await writeTextFile(path, graphChunks(path, edges, options), options);
}

function graphChunks(path: string, edges: EdgeList, options: WriteGraphFileOptions): Iterable<Uint8Array> {
  const format = options.format ?? graphFileKind(path).format;
  switch (format) {
    case 'matrix-market':
      return matrixMarketChunks(edges, options);
    case 'dimacs-gr':
      return dimacsGrChunks(edges, options);
    case 'edge-list':
      return edgeListChunks(edges, { ...options, style: options.style ?? styleOfName(path) });
    case 'dimacs-co':
      throw new RangeError(`${path}: a .co file holds coordinates, not a graph; write it with writeTextFile(path, dimacsCoChunks(coordinates))`);
    case undefined:
      throw new RangeError(`${path}: cannot tell the graph format from the file name (.mtx, .gr, .txt, .el, .wel, each optionally .gz); pass options.format`);
  }
}

/** gapbs names its layouts by extension: `.el` is `u v`, `.wel` is `u v w`; anything else is SNAP style. */
function styleOfName(path: string): EdgeListStyle {
  const ext = /\.(w?el)(?:\.gz)?$/i.exec(path)?.[1].toLowerCase();
  return ext === 'el' || ext === 'wel' ? ext : 'snap';
}
