import { UsageError } from '../errors.js';

/** File formats the graph commands read and write, named by their extension. */
export const GRAPH_FILE_FORMATS = ['sfg', 'mtx', 'gr', 'el', 'wel', 'txt'] as const;
export type GraphFileFormat = (typeof GRAPH_FILE_FORMATS)[number];

/** A file's format and whether it is (to be) gzipped. */
export interface GraphFileType {
  readonly format: GraphFileFormat;
  readonly gzip: boolean;
}

/**
 * The format of `path`: `given` (a `--from`/`--to` value) or the extension, with an optional `.gz`
 * (text formats only: a `.sfg` is read straight into memory, so it is never compressed).
 *
 * @example
 * ```ts
 * graphFileType('roads.gr.gz', '--from'); // { format: 'gr', gzip: true }
 * graphFileType('g.bin', '--to', 'sfg');   // { format: 'sfg', gzip: false }
 * ```
 */
export function graphFileType(path: string, flag: '--from' | '--to', given?: GraphFileFormat): GraphFileType {
  let name = path.toLowerCase();
  const gzip = name.endsWith('.gz');
  if (gzip) name = name.slice(0, -3);
  const ext = /\.([a-z]+)$/.exec(name)?.[1];
  const format = given ?? GRAPH_FILE_FORMATS.find((f) => f === ext);
  if (format === undefined) {
    throw new UsageError(`${path}: cannot tell the graph format from the extension; use one of .${GRAPH_FILE_FORMATS.join(', .')} (optionally .gz) or ${flag}`);
  }
  if (format === 'sfg' && gzip) throw new UsageError(`${path}: .sfg files are not compressed (they load straight into memory); drop the .gz`);
  return { format, gzip };
}
