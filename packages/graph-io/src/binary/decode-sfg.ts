import { nodeBuiltin } from '../node-builtin.js';
import type { Csr } from '../csr.js';
import type { ByteSource } from './byte-source.js';
import { pipelineChunks } from './chunk-pipeline.js';
import { csrFault } from '../containers/csr-structure.js';
import { readSfgLayout, type SfgPlacedSection } from './read-sfg-layout.js';
import { hex32, sfgError } from './sfg-error.js';
import { assertLittleEndianHost, type SfgElementType } from './sfg-format.js';

/** Options of the `.sfg` readers. */
export interface ReadGraphBinaryOptions {
  /**
   * Check each section's CRC-32 (default true; about 2 GB/s). The structure (offsets, index range, sorted
   * rows) is checked either way, so even without it a corrupt file never yields a graph that reads out of bounds.
   */
  readonly verify?: boolean;
  /** Called as section bytes arrive, e.g. for a progress bar. */
  readonly onProgress?: (doneBytes: number, totalBytes: number) => void;
}

const ARRAYS = { u32: Uint32Array, f32: Float32Array, f64: Float64Array } as const satisfies Record<SfgElementType, unknown>;

/**
 * Decodes a `.sfg` graph from any {@link ByteSource}: header checks, then each section read straight into
 * its own typed array, its checksum, then the CSR structure. Throws a {@link GraphParseError} naming the
 * offset, field and rule; returns nothing half-loaded.
 *
 * @example
 * ```ts
 * const g = await decodeSfg(memorySource(bytes), { file: 'g.sfg' });
 * ```
 */
export async function decodeSfg(source: ByteSource, options: ReadGraphBinaryOptions & { readonly file?: string } = {}): Promise<Csr> {
  const { file, verify = true, onProgress } = options;
  assertLittleEndianHost();
  const layout = await readSfgLayout(source, file);
  const total = layout.sections.reduce((sum, s) => sum + s.bytes, 0);
  let done = 0;
  const loaded = new Map<string, Uint32Array | Float32Array | Float64Array>();
  for (const section of layout.sections) {
    const array = new ARRAYS[section.element](section.count);
    let crc = 0;
    await pipelineChunks(
      array,
      async (part, at) => {
        if ((await source.read(part, section.offset + at)) < part.length) {
          throw sfgError(file, section.offset + at, `section ${section.name}`, `the file shrank to fewer than ${section.offset + at + part.length} bytes while being read`);
        }
      },
      (part) => {
        if (verify) crc = nodeBuiltin('node:zlib', 'decodeGraphBinary').crc32(part, crc);
        done += part.length;
        onProgress?.(done, total);
      },
    );
    if (verify && crc !== section.crc) {
      throw sfgError(file, section.offset, `section ${section.name}`, `checksum mismatch: stored ${hex32(section.crc)}, computed ${hex32(crc)} over ${section.bytes} bytes`);
    }
    loaded.set(section.name, array);
  }
  const indptr = loaded.get('indptr') as Uint32Array;
  const indices = loaded.get('indices') as Uint32Array;
  const fault = csrFault(layout.n, indptr, indices, layout.sorted);
  if (fault !== undefined) {
    const section = layout.sections.find((s) => s.name === fault.field) as SfgPlacedSection;
    throw sfgError(file, section.offset + fault.index * 4, `${fault.field}[${fault.index}]`, fault.rule);
  }
  const ids = loaded.get('ids') as Uint32Array | undefined;
  return {
    n: layout.n,
    indptr,
    indices,
    weight: (loaded.get('weights') as Float32Array | Float64Array | undefined) ?? null,
    directed: layout.directed,
    sorted: layout.sorted,
    ...(ids === undefined ? {} : { ids }),
  };
}
