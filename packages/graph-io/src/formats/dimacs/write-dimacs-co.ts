import { AsciiWriter } from '../../text/ascii-writer.js';
import { commentLines, DEFAULT_CHUNK_BYTES, textOfChunks, type TextChunkOptions } from '../text-chunks.js';
import type { DimacsCoordinates } from './read-dimacs-co.js';

/** Options of {@link writeDimacsCo}. */
export interface WriteDimacsCoOptions {
  /** Comment lines written after a `c` at the top (newlines inside split into more comment lines). */
  readonly comments?: readonly string[];
}

/**
 * Writes vertex coordinates as a DIMACS `.co` file (`p aux sp co N`, then `v ID X Y` for ID = 1..N);
 * {@link readDimacsCo} reads it back exactly (numbers in their shortest round-trip form, so integer
 * coordinates stay integers). A `RangeError` names the first coordinate that is not finite. For
 * files beyond V8's string limit (~512 MB), use {@link dimacsCoChunks}.
 *
 * @example
 * ```ts
 * writeDimacsCo({ n: 1, x: Float64Array.of(-73530767), y: Float64Array.of(41085396) });
 * // 'p aux sp co 1\nv 1 -73530767 41085396\n'
 * ```
 */
export function writeDimacsCo(coordinates: DimacsCoordinates, options: WriteDimacsCoOptions = {}): string {
  return textOfChunks(dimacsCoChunks(coordinates, options));
}

/**
 * The bytes of {@link writeDimacsCo}'s file in chunks of `chunkBytes`, from one reused buffer (each
 * chunk is valid until the next is asked for); write them with `writeTextFile`. Checks the
 * coordinates at the call, before the first chunk, with the same errors.
 *
 * @example
 * ```ts
 * await writeTextFile('roads.co', dimacsCoChunks({ n, x, y }, { comments: ['roads'] }));
 * ```
 */
export function dimacsCoChunks(coordinates: DimacsCoordinates, options: WriteDimacsCoOptions & TextChunkOptions = {}): Generator<Uint8Array, void, undefined> {
  const { n, x, y } = coordinates;
  if (x.length !== n || y.length !== n) throw new RangeError(`n = ${n} but x has ${x.length} and y ${y.length} entries`);
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(x[k]) || !Number.isFinite(y[k])) throw new RangeError(`vertex ${k + 1} is at (${x[k]}, ${y[k]}), not finite`);
  }
  return vertexLines(coordinates, options.comments, new AsciiWriter(options.chunkBytes ?? DEFAULT_CHUNK_BYTES));
}

function* vertexLines({ n, x, y }: DimacsCoordinates, comments: readonly string[] | undefined, out: AsciiWriter): Generator<Uint8Array, void, undefined> {
  yield* commentLines(out, comments, 'c');
  out.text(`p aux sp co ${n}\n`);
  for (let k = 0; k < n; k++) {
    out.text('v ');
    out.integer(k + 1);
    out.byte(0x20);
    out.decimal(x[k]);
    out.byte(0x20);
    out.decimal(y[k]);
    out.byte(0x0a);
    if (out.full) yield* out.take();
  }
  yield* out.flush();
}
