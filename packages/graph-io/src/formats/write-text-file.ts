import type { FileHandle } from 'node:fs/promises';
import type { Gzip } from 'node:zlib';
import { nodeBuiltin } from '../node-builtin.js';
import { writeFileAtomically } from './write-file-atomically.js';

/** Options of {@link writeTextFile}. */
export interface WriteTextFileOptions {
  /** Compress with gzip. Default: when the path ends in `.gz`. */
  readonly gzip?: boolean;
}

/**
 * Writes a writer's chunks (`matrixMarketChunks`, `dimacsCoChunks`, …) to a file, gzipped on request,
 * one chunk at a time: memory stays at one chunk (plus zlib's window) however large the file. The file
 * appears complete or not at all (a temporary file renamed at the end); I/O errors are Node's own.
 *
 * @example
 * ```ts
 * await writeTextFile('roads.co.gz', dimacsCoChunks(grid.coordinates)); // gzipped: the name ends in .gz
 * ```
 */
export async function writeTextFile(path: string, chunks: Iterable<Uint8Array>, options: WriteTextFileOptions = {}): Promise<void> {
  const gzip = options.gzip ?? /\.gz$/i.test(path);
  await writeFileAtomically(path, (file) => (gzip ? writeGzipped(file, chunks) : writePlain(file, chunks)));
}

async function writePlain(file: FileHandle, chunks: Iterable<Uint8Array>): Promise<void> {
  for (const chunk of chunks) await writeFully(file, chunk);
}

/** Bytes per write call: Node refuses a length above 2^31 − 1 (a caller's chunk may be a 4 GiB matrix). */
const WRITE_BLOCK = 64 << 20;

/** A write may take fewer bytes than asked (a signal, a nearly full disk); the rest follows. */
async function writeFully(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += (await file.write(bytes, done, Math.min(WRITE_BLOCK, bytes.length - done))).bytesWritten;
}

async function writeGzipped(file: FileHandle, chunks: Iterable<Uint8Array>): Promise<void> {
  const gzip = nodeBuiltin('node:zlib', 'writeTextFile').createGzip();
  const written = nodeBuiltin('node:stream/promises', 'writeTextFile').pipeline(gzip, async (compressed: AsyncIterable<Uint8Array>) => {
    for await (const part of compressed) await writeFully(file, part);
  });
  written.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled meanwhile
  // A failed file write destroys the stream without calling back the writes still pending: stop on it too.
  const consumed = (write: Promise<void>): Promise<void> => Promise.race([write, written]);
  try {
    let previous = Promise.resolve();
    for (const chunk of chunks) {
      // A copy, so that zlib compresses it on its thread while the next chunk is written into the reused
      // buffer; waiting for the chunk before it keeps at most two in memory.
      const next = feed(gzip, chunk.slice());
      next.catch(() => {}); // awaited next round
      await consumed(previous);
      previous = next;
    }
    await consumed(previous);
    gzip.end();
  } catch (error) {
    // A failed file write has destroyed the stream already; a failed chunk must stop the pipeline.
    gzip.destroy(error as Error);
  }
  await written;
}

/** Resolves once zlib has consumed `chunk`. */
function feed(gzip: Gzip, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    gzip.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}
