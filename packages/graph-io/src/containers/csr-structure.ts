/** The first structural fault of a CSR: which array, which entry, which rule. */
export interface CsrFault {
  readonly field: 'indptr' | 'indices';
  readonly index: number;
  readonly rule: string;
}

/**
 * Finds the first broken CSR invariant, or `undefined`: `indptr` has `n + 1` entries, starts at 0, never
 * decreases and ends at `indices.length`; every index is below `n`; with `sorted`, each row ascends. These
 * are what a GPU kernel relies on to stay inside its buffers, so readers check them on every load (one pass
 * over each array) and writers before writing.
 *
 * @example
 * ```ts
 * csrFault(2, Uint32Array.of(0, 1, 1), Uint32Array.of(5), false);
 * // { field: 'indices', index: 0, rule: 'vertex 5 is not below n = 2' }
 * ```
 */
export function csrFault(n: number, indptr: Uint32Array, indices: Uint32Array, sorted: boolean): CsrFault | undefined {
  return offsetsFault(n, indptr, indices) ?? rowsFault(n, indptr, indices, sorted, 0, n);
}

/** {@link csrFault}'s checks of the offsets alone: n + 1 of them, from 0, never decreasing, ending at the arc count. O(n). */
export function offsetsFault(n: number, indptr: Uint32Array, indices: Uint32Array): CsrFault | undefined {
  if (indptr.length !== n + 1) return { field: 'indptr', index: 0, rule: `has ${indptr.length} entries, expected n + 1 = ${n + 1}` };
  if (indptr[0] !== 0) return { field: 'indptr', index: 0, rule: `first offset is ${indptr[0]}, expected 0` };
  for (let v = 0; v < n; v++) {
    if (indptr[v + 1] < indptr[v]) {
      return { field: 'indptr', index: v + 1, rule: `offset ${indptr[v + 1]} is below the previous one, ${indptr[v]} (offsets never decrease)` };
    }
  }
  if (indptr[n] !== indices.length) {
    return { field: 'indptr', index: n, rule: `last offset is ${indptr[n]} but there are ${indices.length} arcs` };
  }
  return undefined;
}

/**
 * The first broken invariant of the arcs of rows [first, end) of offsets already checked: an index not below n,
 * or with `sorted` a row that does not ascend. Workers each take a range ({@link validateCsrParallel}).
 */
export function rowsFault(n: number, indptr: Uint32Array, indices: Uint32Array, sorted: boolean, first: number, end: number): CsrFault | undefined {
  if (!sorted) {
    for (let k = indptr[first], last = indptr[end]; k < last; k++) {
      if (indices[k] >= n) return { field: 'indices', index: k, rule: `vertex ${indices[k]} is not below n = ${n}` };
    }
    return undefined;
  }
  for (let v = first; v < end; v++) {
    let previous = 0;
    for (let k = indptr[v]; k < indptr[v + 1]; k++) {
      const u = indices[k];
      if (u >= n) return { field: 'indices', index: k, rule: `vertex ${u} (row ${v}) is not below n = ${n}` };
      if (u < previous) return { field: 'indices', index: k, rule: `vertex ${u} follows ${previous} in row ${v}, but the file says rows are sorted` };
      previous = u;
    }
  }
  return undefined;
}
