import type { AsciiWriter } from '../text/ascii-writer.js';

/** Chunk size of the text writers: large enough for full write speed, small enough to stay in cache. */
export const DEFAULT_CHUNK_BYTES = 1 << 20;

/** Options of the chunked text writers (`matrixMarketChunks`, …, `writeGraphFile`). */
export interface TextChunkOptions {
  /** Bytes per chunk (the last one shorter). Default {@link DEFAULT_CHUNK_BYTES}. */
  readonly chunkBytes?: number;
}

/**
 * Writes comment lines, each after `marker` and a space (newlines inside a comment start more lines),
 * yielding whole chunks as they fill.
 *
 * @example
 * ```ts
 * yield* commentLines(out, ['made by semiforge', ''], '%'); // '% made by semiforge\n%\n'
 * ```
 */
export function* commentLines(out: AsciiWriter, comments: readonly string[] | undefined, marker: string): Generator<Uint8Array, void, undefined> {
  for (const comment of comments ?? []) {
    for (const line of comment.split(/\r?\n/)) {
      out.text(line === '' ? `${marker}\n` : `${marker} ${line}\n`);
      if (out.full) yield* out.take();
    }
  }
}

/**
 * The text of a writer's chunks, decoded as one string (a chunk may end inside a UTF-8 character).
 * What the string-returning writers use; for files beyond V8's string limit write the chunks instead.
 *
 * @example
 * ```ts
 * textOfChunks(matrixMarketChunks(g)) === writeMatrixMarket(g); // true
 * ```
 */
export function textOfChunks(chunks: Iterable<Uint8Array>): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
