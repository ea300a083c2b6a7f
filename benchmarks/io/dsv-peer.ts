// The npm peer: d3-dsv (the delimiter-separated-values parser of d3, ~30 M downloads a month), used as one
// would for a space- or tab-separated body. npm has no maintained Matrix Market reader, so a generic fast
// DSV parser is the well-known JS baseline. It needs a string, and V8 caps strings at 2^29 − 24 characters,
// so the body is decoded and parsed in 64 MiB pieces cut at line starts (the decoding is timed too).
import { dsvFormat } from 'd3-dsv';
import { lineChunks } from '@semiforge/graph-io';
import type { Columns } from './readers.js';

const PIECE = 64 << 20;

/** Reads `i j [v]` rows of `bytes[start, end)` with d3-dsv; comment rows (`%`, `#`) and blank rows skipped. */
export function readWithD3Dsv(bytes: Uint8Array, start: number, end: number, sep: string, valued: boolean, idBase: number, capacity: number): Columns {
  const src = new Uint32Array(capacity);
  const dst = new Uint32Array(capacity);
  const value = valued ? new Float64Array(capacity) : null;
  const dsv = dsvFormat(sep);
  const decoder = new TextDecoder();
  const bounds = lineChunks(bytes, start, end, Math.max(1, Math.ceil((end - start) / PIECE)));
  let count = 0;
  for (let k = 0; k + 1 < bounds.length; k++) {
    const text = decoder.decode(bytes.subarray(bounds[k], bounds[k + 1]));
    dsv.parseRows(text, (row) => {
      const first = row[0];
      if (row.length < 2 || first[0] === '%' || first[0] === '#') return undefined;
      src[count] = +first - idBase;
      dst[count] = +row[1] - idBase;
      if (value !== null) value[count] = +row[2];
      count++;
      return undefined;
    });
  }
  return { src, dst, value, count };
}
