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
  readonly fileBytes: number;
  readonly readMs: number;
}

/**
 * Reads a graph file of any supported format, timing the read and reporting it as the phase `reading`.
 *
 * @example
 * ```ts
 * const { graph, readMs } = await loadGraph('karate.mtx', { format: 'mtx', gzip: false }, phases);
 * ```
 */
export async function loadGraph(path: string, type: GraphFileType, phases: Phases): Promise<LoadedGraph> {
  const fileBytes = (await stat(path)).size;
  phases.phase('reading', fileBytes);
  const started = performance.now();
  const graph =
    type.format === 'sfg'
      ? await readGraphBinary(path, { onProgress: (done) => phases.update(done) })
      : await readGraphFile(path, { format: TEXT_FORMATS[type.format] });
  return { graph, fileBytes, readMs: performance.now() - started };
}
