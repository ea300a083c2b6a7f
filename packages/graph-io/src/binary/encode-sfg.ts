import { nodeBuiltin } from '../node-builtin.js';
import type { Csr } from '../csr.js';
import { checkArcCount, checkVertexCount } from '../graph-limits.js';
import { pipelineChunks } from './chunk-pipeline.js';
import { csrFault } from '../containers/csr-structure.js';
import {
  alignSection, assertLittleEndianHost, ELEMENT_TYPES, ENTRY_BYTES, FLAG_DIRECTED, FLAG_IDS, FLAG_SORTED, HEADER_BYTES,
  SFG_MAJOR, SFG_MINOR, WEIGHT_TYPES, type SfgWeightType,
} from './sfg-format.js';
import { encodeSfgHeader } from './sfg-header.js';
import { sfgSections } from './sfg-sections.js';

/** Positioned writes to a file or a buffer, so one encoder serves both. */
export interface ByteSink {
  write(bytes: Uint8Array, position: number): Promise<void>;
}

/** Options of the `.sfg` writers. */
export interface WriteGraphBinaryOptions {
  /** Called as section bytes are written, e.g. for a progress bar. */
  readonly onProgress?: (doneBytes: number, totalBytes: number) => void;
}

/** Where each section of a graph goes; the file is `fileBytes` long. */
export interface SfgPlan {
  readonly fileBytes: number;
  readonly csr: Csr;
  readonly weightType: SfgWeightType;
  readonly sections: ReadonlyArray<{ readonly kind: number; readonly element: number; readonly offset: number; readonly data: ArrayBufferView }>;
}

/** Throws a RangeError (or GraphLimitError) naming the first thing about `csr` a reader would refuse. */
function checkCsr(csr: Csr): void {
  if (!Number.isInteger(csr.n) || csr.n < 0) throw new RangeError(`n = ${csr.n} is not a non-negative integer`);
  checkVertexCount(csr.n, 'graph');
  checkArcCount(csr.indices.length, 'graph');
  const fault = csrFault(csr.n, csr.indptr, csr.indices, csr.sorted);
  if (fault !== undefined) throw new RangeError(`${fault.field}[${fault.index}]: ${fault.rule}`);
  if (csr.weight !== null && csr.weight.length !== csr.indices.length) {
    throw new RangeError(`weight has ${csr.weight.length} entries but there are ${csr.indices.length} arcs`);
  }
  if (csr.ids !== undefined && csr.ids.length !== csr.n) throw new RangeError(`ids has ${csr.ids.length} entries but n = ${csr.n}`);
}

/**
 * Checks a CSR and lays out its `.sfg` file: sections in {@link sfgSections} order, each at the next
 * 64-byte boundary after the header, section table and previous section.
 *
 * @example
 * ```ts
 * planSfg(g).fileBytes; // the exact size of the file writeGraphBinary(path, g) produces
 * ```
 */
export function planSfg(csr: Csr): SfgPlan {
  assertLittleEndianHost();
  checkCsr(csr);
  const weightType: SfgWeightType = csr.weight === null ? 'none' : csr.weight instanceof Float32Array ? 'f32' : 'f64';
  const specs = sfgSections(csr.n, csr.indices.length, weightType, csr.ids !== undefined);
  const arrays = { indptr: csr.indptr, indices: csr.indices, weights: csr.weight, ids: csr.ids };
  let end = HEADER_BYTES + specs.length * ENTRY_BYTES;
  const sections = specs.map((spec) => {
    const data = arrays[spec.name] as ArrayBufferView;
    const offset = alignSection(end);
    end = offset + data.byteLength;
    return { kind: spec.kind, element: ELEMENT_TYPES.indexOf(spec.element), offset, data };
  });
  return { fileBytes: end, csr, weightType, sections };
}

/**
 * Writes a planned file to `sink`: the sections first (computing their CRC-32 chunk by chunk), then the
 * header that holds those checksums; several writes are in flight at once. Padding between sections is left to the sink (zeros).
 *
 * @example
 * ```ts
 * await emitSfg(planSfg(g), { write: async (b, at) => void out.set(b, at) });
 * ```
 */
export async function emitSfg(plan: SfgPlan, sink: ByteSink, onProgress?: WriteGraphBinaryOptions['onProgress']): Promise<void> {
  const total = plan.sections.reduce((sum, s) => sum + s.data.byteLength, 0);
  let done = 0;
  const entries = [];
  for (const s of plan.sections) {
    let crc = 0;
    await pipelineChunks(
      s.data,
      (part, at) => {
        crc = nodeBuiltin('node:zlib', 'encodeGraphBinary').crc32(part, crc);
        return sink.write(part, s.offset + at);
      },
      (part) => {
        done += part.length;
        onProgress?.(done, total);
      },
    );
    entries.push({ kind: s.kind, element: s.element, offset: s.offset, bytes: s.data.byteLength, crc, reserved: 0 });
  }
  const { csr } = plan;
  const flags = (csr.directed ? FLAG_DIRECTED : 0) | (csr.sorted ? FLAG_SORTED : 0) | (csr.ids !== undefined ? FLAG_IDS : 0);
  const header = encodeSfgHeader({
    major: SFG_MAJOR,
    minor: SFG_MINOR,
    flags,
    weightCode: WEIGHT_TYPES.indexOf(plan.weightType),
    n: csr.n,
    arcs: csr.indices.length,
    fileBytes: plan.fileBytes,
    entries,
  });
  await sink.write(header, 0);
}
