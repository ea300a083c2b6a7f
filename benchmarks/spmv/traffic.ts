// The bytes a product must move at least, the numerator of effective GB/s: every stored index and value
// once, the row offsets once (CSR), x once and y written once, 4 bytes each. Real traffic is higher (x is
// gathered, re-read across rows); a format's padding counts, since that format must read it.
import type { SpmvFormat } from '@semiforge/algorithms';

/** Matrix shape the formats' traffic depends on. */
export interface MatrixShape {
  readonly n: number;
  readonly nnz: number;
  /** Longest row: ELL stores n × this many slots. */
  readonly maxRow: number;
}

const WORD = 4;

/**
 * CSR (scalar, vector and merge kernels, and cuSPARSE): 4·(n + 1) + 8·nnz + 8·n bytes.
 * ELL: 8·n·maxRow (padded slots: index and value) + 8·n bytes.
 * sell and fold are held to CSR's figure: their padding is small by design and their own overheads (slice
 * offsets, row ids, pieces) are what they trade for balance, so the limit counts only what any format must move.
 * A pattern matrix (no weights: the kernels read no values) stores 4 bytes a slot, not 8.
 */
export function minimumBytes(format: SpmvFormat, m: MatrixShape, pattern = false): number {
  const vectors = 2 * WORD * m.n;
  const slot = (pattern ? 1 : 2) * WORD;
  return format === 'ell' ? slot * m.n * m.maxRow + vectors : WORD * (m.n + 1) + slot * m.nnz + vectors;
}

export const TRAFFIC_FORMULA = 'effective GB/s = minimum bytes / time; CSR: 4(n+1) + 8 nnz + 8n, ELL: 8 n maxRow + 8n (indices, values, row offsets, x read once, y written once)';
