import { stat } from 'node:fs/promises';
import { edgesFromCsr, writeGraphBinary, writeGraphFile, type Csr, type WriteGraphFileOptions } from '@semiforge/graph-io';
import { CliError, writeFailure } from '../errors.js';
import type { Phases } from '../output/phase-progress.js';
import type { GraphFileFormat, GraphFileType } from './graph-file-format.js';

function textOptions(weighted: boolean, format: Exclude<GraphFileFormat, 'sfg'>, path: string): WriteGraphFileOptions {
  switch (format) {
    case 'mtx':
      return { format: 'matrix-market', comments: ['written by semiforge convert'] };
    case 'gr':
      // DIMACS arcs must carry a weight; a pattern graph's arcs all get 1 (hop counts).
      return { format: 'dimacs-gr', comments: ['written by semiforge'], patternWeight: 1 };
    case 'el':
      if (weighted) throw new CliError(`${path}: .el has no weight column; write .wel (or .txt) to keep the weights`);
      return { format: 'edge-list', style: 'el' };
    case 'wel':
      if (!weighted) throw new CliError(`${path}: .wel needs weights and this graph has none; write .el (or .txt)`);
      return { format: 'edge-list', style: 'wel' };
    case 'txt':
      return { format: 'edge-list', style: 'snap' };
  }
}

/**
 * Writes a CSR in any supported format (gzipped when the name ends in `.gz`) and returns the file's size.
 * Text formats list an undirected graph's edges once (Matrix Market as `symmetric`) and are streamed to
 * disk in chunks, so their size has no limit; every format appears complete or not at all.
 *
 * @example
 * ```ts
 * await saveGraph('karate.sfg', csr, { format: 'sfg', gzip: false }, phases); // bytes written
 * ```
 */
export async function saveGraph(path: string, csr: Csr, type: GraphFileType, phases: Phases): Promise<number> {
  phases.phase('writing');
  try {
    if (type.format === 'sfg') {
      await writeGraphBinary(path, csr, { onProgress: (done, total) => phases.update(done, total) });
    } else {
      const options = textOptions(csr.weight !== null, type.format, path);
      await writeGraphFile(path, edgesFromCsr(csr), { ...options, gzip: type.gzip });
    }
  } catch (error) {
    throw writeFailure(error, path);
  }
  return (await stat(path)).size;
}
