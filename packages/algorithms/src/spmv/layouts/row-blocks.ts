/** Flag of a row block that is one piece of a row longer than a block's budget (see {@link streamRowBlocks}). */
export const ROW_BLOCK_LONG = 0x80000000;
/** Flag of a long row's piece after its first: its ⊕ goes to a carry, which the fixup adds to y. */
export const ROW_BLOCK_CARRY = 0x40000000;
/** The bits of a row block's first word below the flags: its first row. */
export const ROW_BLOCK_ROW = 0x3fffffff;

/**
 * csr-stream's row blocks (CSR-Adaptive, Greathouse & Daga, SC'14) of a CSR's rows: runs of consecutive rows
 * holding at most `budget` nonzeros and at most `maxRows` rows (one invocation a row at least), and each row
 * longer than `budget` cut into pieces of `budget` nonzeros, a block each. Two words a block, then a closing
 * pair (n, nnz): the block's first row, with {@link ROW_BLOCK_LONG} on a long row's pieces and
 * {@link ROW_BLOCK_CARRY} on all of them but the first, and its first nonzero; a block ends where the next
 * begins. Depends on the matrix alone, so a runner builds it once. Rows must stay below 2^30 (the flags'
 * bits): a 4-byte x of more rows would not fit a storage binding anyway.
 *
 * @example
 * // Rows of 3, 1 and 9 nonzeros, blocks of at most 4 nonzeros and 256 rows: rows 0–1, then row 2 in 3 pieces.
 * streamRowBlocks(Uint32Array.of(0, 3, 4, 13), 4, 256);
 * // [0, 0,  LONG | 2, 4,  LONG | CARRY | 2, 8,  LONG | CARRY | 2, 12,  3, 13]
 */
export function streamRowBlocks(indptr: Uint32Array, budget: number, maxRows: number): Uint32Array {
  const n = indptr.length - 1;
  if (n > ROW_BLOCK_ROW) throw new RangeError(`spmv: csr-stream row blocks hold row numbers below 2^30; this matrix has ${n} rows`);
  const words: number[] = [];
  let row = 0;
  while (row < n) {
    const length = indptr[row + 1] - indptr[row];
    if (length > budget) {
      for (let at = 0; at < length; at += budget) words.push((ROW_BLOCK_LONG | (at > 0 ? ROW_BLOCK_CARRY : 0) | row) >>> 0, indptr[row] + at);
      row++;
      continue;
    }
    const first = row;
    while (row < n && row - first < maxRows && indptr[row + 1] - indptr[first] <= budget) row++;
    words.push(first, indptr[first]);
  }
  words.push(n, indptr[n]);
  return Uint32Array.from(words);
}
