/** The text formats the readers understand. */
export type GraphFormat = 'dimacs-gr' | 'matrix-market' | 'edge-list';

/** What a file name says about its content. */
export interface GraphFileKind {
  /** Format implied by the extension, or `undefined` when the extension is not known. */
  readonly format: GraphFormat | undefined;
  /** Whether the name ends in `.gz`. */
  readonly gzip: boolean;
}

const EXTENSIONS: Record<string, GraphFormat> = {
  '.gr': 'dimacs-gr',
  '.mtx': 'matrix-market',
  '.txt': 'edge-list',
  '.el': 'edge-list',
  '.wel': 'edge-list',
};

/** Extensions {@link graphFileKind} recognises (each may be followed by `.gz`). */
export const GRAPH_FILE_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

/**
 * Format and compression implied by a file name (case-insensitive): `.gr` DIMACS, `.mtx` Matrix
 * Market, `.txt`/`.el`/`.wel` edge lists, any of them optionally followed by `.gz`.
 *
 * @example
 * ```ts
 * graphFileKind('data/USA-road-d.NY.gr.gz'); // { format: 'dimacs-gr', gzip: true }
 * graphFileKind('notes.pdf');               // { format: undefined, gzip: false }
 * ```
 */
export function graphFileKind(path: string): GraphFileKind {
  let name = path.toLowerCase();
  const gzip = name.endsWith('.gz');
  if (gzip) name = name.slice(0, -3);
  const slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  const dot = name.lastIndexOf('.');
  const ext = dot > slash ? name.slice(dot) : '';
  return { format: Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined, gzip };
}
