import { stat } from 'node:fs/promises';
import { readGraphBinary, readGraphFile, type Csr, type EdgeList, type GraphFormat } from '@semiforge/graph-io';
import type { Phases } from '../output/phase-progress.js';
import type { GraphFileFormat, GraphFileType } from './graph-file-format.js';

const TEXT_FORMATS: Readonly<Record<Exclude<GraphFileFormat, 'sfg'>, GraphFormat>> = {
  mtx: 'matrix-market',
  gr: 'dimacs-gr',
  el: 'edge-list',
  wel: 'edge-list',
  txt: 'edge-list',
};

/** A graph as read: a CSR from a `.sfg` file, an edge list from text. */
export interface LoadedGraph {
  readonly graph: Csr | EdgeList;
  /** The file's size; null for a pipe or a device (`/dev/stdin`), which has none before it is read. */
  readonly fileBytes: number | null;
  readonly readMs: number;
}

/**
 * Reads a graph file of any supported format, timing the read and reporting it as the phase `reading`. With
 * `duplicates: 'error'` a Matrix Market file is read by the reader's own rule, whose error names the lines of
 * both entries (other formats leave the check to the caller, which can name arcs only).
 *
 * @example
 * ```ts
 * const { graph, readMs } = await loadGraph('karate.mtx', { format: 'mtx', gzip: false }, phases);
 * ```
 */
export async function loadGraph(path: string, type: GraphFileType, phases: Phases, options: { duplicates?: 'error' } = {}): Promise<LoadedGraph> {
  const stats = await stat(path);
  const fileBytes = stats.isFile() ? stats.size : null;
  phases.phase('reading', fileBytes ?? undefined);
  const started = performance.now();
  const format = type.format === 'sfg' ? undefined : TEXT_FORMATS[type.format];
  const graph =
    format === undefined
      ? await readGraphBinary(path, { onProgress: (done) => phases.update(done) })
      : await readGraphFile(path, { format, ...(format === 'matrix-market' && options.duplicates ? { duplicates: options.duplicates } : {}) });
  return { graph, fileBytes, readMs: performance.now() - started };
}
