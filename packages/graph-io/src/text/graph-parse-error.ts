import type { TextFormat } from '../formats/graph-format.js';

/** Where a parse failed and which rule the input broke. */
export interface GraphParseErrorDetails {
  /** File name as given by the caller (shown as `<input>` when absent). */
  readonly file?: string;
  /** Format being read when the error happened. */
  readonly format?: TextFormat;
  /** 1-based line number; absent for errors about the whole file (e.g. corrupt gzip). */
  readonly line?: number;
  /** 1-based byte column of the offending text within its line. */
  readonly column?: number;
  /** The offending text (a token or line, shortened and escaped for display). */
  readonly text?: string;
  /** The rule that was broken, in words; becomes the message after the location. */
  readonly rule: string;
}

/**
 * The one error type the graph readers throw for bad input.
 *
 * The message is `file:line:column: rule`, in the style of compilers, e.g.
 * `graph.gr:7:5: arc head 12 out of range 1..10 (p sp 10 20)`; the parts are also fields.
 *
 * @example
 * ```ts
 * try {
 *   readDimacsGr('p sp 2 1\na 1 3 5\n', { file: 'g.gr' });
 * } catch (e) {
 *   if (e instanceof GraphParseError) console.error(e.message); // g.gr:2:5: arc head 3 out of range 1..2 (p sp 2 1)
 * }
 * ```
 */
export class GraphParseError extends Error {
  override readonly name = 'GraphParseError';
  readonly file: string | undefined;
  readonly format: TextFormat | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly text: string | undefined;
  readonly rule: string;

  constructor(details: GraphParseErrorDetails) {
    super(`${formatLocation(details)}: ${details.rule}`);
    this.file = details.file;
    this.format = details.format;
    this.line = details.line;
    this.column = details.column;
    this.text = details.text;
    this.rule = details.rule;
  }
}

function formatLocation(d: GraphParseErrorDetails): string {
  let where = d.file ?? '<input>';
  if (d.line !== undefined) {
    where += `:${d.line}`;
    if (d.column !== undefined) where += `:${d.column}`;
  }
  return where;
}
