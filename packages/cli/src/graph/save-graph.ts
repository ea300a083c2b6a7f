import { stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  edgesFromCsr, writeDimacsGr, writeEdgeList, writeGraphBinary, writeMatrixMarket, type Csr, type EdgeList,
} from '@semiforge/graph-io';
import { CliError } from '../errors.js';
import type { Phases } from '../output/phase-progress.js';
import type { GraphFileFormat, GraphFileType } from './graph-file-format.js';

const gzipAsync = promisify(gzip);

function text(edges: EdgeList, format: Exclude<GraphFileFormat, 'sfg'>, path: string): string {
  const weighted = edges.weight !== null;
  switch (format) {
    case 'mtx':
      return writeMatrixMarket(edges, { comments: ['written by semiforge convert'] });
    case 'gr':
      // DIMACS arcs must carry a weight; a pattern graph's arcs all get 1 (hop counts).
      return writeDimacsGr(edges, { comments: ['written by semiforge'], patternWeight: 1 });
    case 'el':
      if (weighted) throw new CliError(`${path}: .el has no weight column; write .wel (or .txt) to keep the weights`);
      return writeEdgeList(edges, { style: 'el' });
    case 'wel':
      if (!weighted) throw new CliError(`${path}: .wel needs weights and this graph has none; write .el (or .txt)`);
      return writeEdgeList(edges, { style: 'wel' });
    case 'txt':
      return writeEdgeList(edges, { style: 'snap' });
  }
}

/**
 * Writes a CSR in any supported format (gzipped when the name ends in `.gz`) and returns the file's size.
 * Text formats list an undirected graph's edges once (Matrix Market as `symmetric`).
 *
 * @example
 * ```ts
 * await saveGraph('karate.sfg', csr, { format: 'sfg', gzip: false }, phases); // bytes written
 * ```
 */
export async function saveGraph(path: string, csr: Csr, type: GraphFileType, phases: Phases): Promise<number> {
  if (type.format === 'sfg') {
    phases.phase('writing');
    await writeGraphBinary(path, csr, { onProgress: (done, total) => phases.update(done, total) });
  } else {
    phases.phase('writing');
    const body = text(edgesFromCsr(csr), type.format, path);
    await writeFile(path, type.gzip ? await gzipAsync(body) : body);
  }
  return (await stat(path)).size;
}
