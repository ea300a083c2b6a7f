import type { EdgeList } from '../../edge-list.js';
import type { MatrixMarketSymmetry } from './matrix-market-header.js';

/** Finds the file line of stored entry `entry` (0-based, file order), for errors found after reading. */
export interface EntryLocator {
  line(entry: number): number;
  /** Throws a GraphParseError at the entry's line. */
  fail(entry: number, rule: string): never;
}

/**
 * Turns the entries a Matrix Market file stores into every arc of the matrix. `general` is
 * returned as is. `symmetric` (and `hermitian`, whose real values are their own conjugates) adds
 * the mirror `j → i` of each off-diagonal entry, the diagonal once, and gives `directed: false`;
 * `skew-symmetric` adds the negated mirror, stays directed, and refuses stored diagonal entries
 * (its diagonal is zero by definition). Mirrors follow the stored entries, in their order. A
 * file must store one triangle only: entries in both would be mirrored onto each other.
 */
export function expandMatrixMarketSymmetry(stored: EdgeList, symmetry: MatrixMarketSymmetry, at: EntryLocator): EdgeList {
  if (symmetry === 'general') return stored;
  const { src, dst, weight } = stored;
  const count = src.length;
  const negate = symmetry === 'skew-symmetric';
  let offDiagonal = 0;
  let firstOff = -1;
  for (let k = 0; k < count; k++) {
    const i = src[k];
    const j = dst[k];
    if (i === j) {
      if (negate) at.fail(k, `diagonal entry (${i + 1}, ${j + 1}) in a skew-symmetric matrix (its diagonal is zero and not stored)`);
      continue;
    }
    offDiagonal++;
    if (firstOff < 0) firstOff = k;
    else if (i > j !== src[firstOff] > dst[firstOff]) {
      const [was, now] = src[firstOff] > dst[firstOff] ? ['lower', 'upper'] : ['upper', 'lower'];
      at.fail(k, `${symmetry} file mixes ${was} (line ${at.line(firstOff)}) and ${now} triangle entries; store one triangle only`);
    }
  }
  const total = count + offDiagonal;
  const outSrc = new Uint32Array(total);
  const outDst = new Uint32Array(total);
  const outWeight = weight === null ? null : new Float64Array(total);
  outSrc.set(src);
  outDst.set(dst);
  if (outWeight !== null && weight !== null) outWeight.set(weight);
  let m = count;
  for (let k = 0; k < count; k++) {
    if (src[k] === dst[k]) continue;
    outSrc[m] = dst[k];
    outDst[m] = src[k];
    if (outWeight !== null && weight !== null) outWeight[m] = negate ? -weight[k] : weight[k];
    m++;
  }
  return { n: stored.n, src: outSrc, dst: outDst, weight: outWeight, directed: negate };
}
