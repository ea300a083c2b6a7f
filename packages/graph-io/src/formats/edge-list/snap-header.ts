import { GraphParseError } from '../../text/graph-parse-error.js';
import { LineScanner } from '../../text/line-scanner.js';
import { MAX_VERTICES } from '../../graph-limits.js';

/** The counts a SNAP file states in its `# Nodes: N Edges: M` comment line. */
export interface SnapHeader {
  /** Distinct vertices of the graph, isolated ones included (SNAP counts nodes, not max id + 1). */
  readonly nodes: number;
  /** Edge lines in the file (an undirected SNAP file lists each edge once). */
  readonly edges: number;
  /** Line number and text of the header, quoted by mismatch errors. */
  readonly line: number;
  readonly text: string;
}

const SHAPE = '# Nodes: N Edges: M';

const HASH = 0x23;
const PERCENT = 0x25;

/**
 * Finds the SNAP header among the comment and blank lines before the first edge line, as SNAP's
 * `SaveEdgeList` writes it (`#` then `Nodes:` N `Edges:` M); `null` when there is none. Scans with
 * its own scanner, so the reader's body loop stays a plain loop over edge lines.
 *
 * @example
 * ```ts
 * const sc = new LineScanner(new TextEncoder().encode('# Nodes: 3 Edges: 1\n0 2\n'), 'g.txt', 'edge-list');
 * findSnapHeader(sc); // { nodes: 3, edges: 1, line: 1, text: '# Nodes: 3 Edges: 1' }
 * ```
 */
export function findSnapHeader(source: LineScanner): SnapHeader | null {
  const sc = new LineScanner(source.bytes, source.file, source.format);
  while (sc.nextLine()) {
    if (!sc.nextToken()) continue;
    const c = sc.tokenFirstByte();
    if (c !== HASH && c !== PERCENT) return null;
    const header = readSnapHeader(sc);
    if (header !== null) return header;
  }
  return null;
}

/**
 * Reads the counts of a SNAP header if the comment line the scanner stands on (its first token
 * read) is one. Any other comment gives `null`; a header whose counts are not integers is an
 * error, not a comment.
 */
function readSnapHeader(sc: LineScanner): SnapHeader | null {
  if (!sc.tokenIs('#') || !sc.nextToken() || !sc.tokenIs('Nodes:')) return null;
  const nodes = headerCount(sc, 'Nodes');
  if (nodes > MAX_VERTICES) sc.failAtToken(`Nodes count ${sc.tokenText()} exceeds the largest supported vertex count ${MAX_VERTICES}`);
  sc.expectToken('Edges:', SHAPE);
  if (!sc.tokenIs('Edges:')) sc.failAtToken(`expected 'Edges:' after the node count (expected '${SHAPE}')`);
  const edges = headerCount(sc, 'Edges');
  return { nodes, edges, line: sc.line, text: sc.lineText() };
}

function headerCount(sc: LineScanner, what: string): number {
  sc.expectToken(`the ${what.toLowerCase()} count`, SHAPE);
  const count = sc.tokenUnsigned();
  if (!Number.isSafeInteger(count)) sc.failAtToken(`${what} count '${sc.tokenText()}' is not an integer in 0..${Number.MAX_SAFE_INTEGER}`);
  return count;
}

/** Fails at the header line unless the file had exactly the `Edges:` count of edge lines. */
export function checkSnapEdgeCount(sc: LineScanner, header: SnapHeader, lines: number): void {
  if (lines !== header.edges) failAtSnapHeader(sc, header, `the header declares ${header.edges} edges but the file has ${lines} edge lines`);
}

/** Throws a {@link GraphParseError} at the header line (found after the whole file was read). */
export function failAtSnapHeader(sc: LineScanner, header: SnapHeader, rule: string): never {
  throw new GraphParseError({ file: sc.file, format: sc.format, line: header.line, text: header.text, rule });
}
