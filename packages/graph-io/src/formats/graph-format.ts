/** The graph formats the readers understand. */
export type GraphFormat = 'dimacs-gr' | 'matrix-market' | 'edge-list';
/** Every text format the readers understand: the graph formats and DIMACS `.co` vertex coordinates (not a graph). */
export type TextFormat = GraphFormat | 'dimacs-co';

/** What a file name says about its content. */
export interface GraphFileKind {
  /** Format implied by the extension, or `undefined` when the extension is not known. */
  readonly format: TextFormat | undefined;
  /** Whether the name ends in `.gz`. */
  readonly gzip: boolean;
}

const EXTENSIONS: Record<string, TextFormat> = {
  '.gr': 'dimacs-gr',
  '.co': 'dimacs-co',
  '.mtx': 'matrix-market',
  '.txt': 'edge-list',
  '.el': 'edge-list',
  '.wel': 'edge-list',
};

/** Extensions {@link graphFileKind} recognises (each may be followed by `.gz`), `.co` included. */
export const GRAPH_FILE_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

/**
 * Format and compression implied by a file name (case-insensitive): `.gr` DIMACS graph, `.co` DIMACS
 * coordinates (a vertex attribute, not a graph), `.mtx` Matrix Market, `.txt`/`.el`/`.wel` edge lists
 * (gapbs `.el` is `u v`, `.wel` is `u v w`), any of them optionally followed by `.gz`.
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
