import type { Csr } from '../csr.js';
import type { EdgeList } from '../edge-list.js';
import { combineSortedRows, type ArcCombine } from './combine-sorted-rows.js';
import { rowsFromArcs, type ArcPayload, type Rows, type ScatterOptions } from './row-scatter.js';
import { sortRowsInPlace } from './sort-rows.js';
import { isShared, sharedCopy } from '../shared-memory.js';

/** What {@link csrFromEdges} does on the way. */
export interface CsrFromEdgesOptions {
  /** Sort each row by head, stably (parallel arcs keep their input order). Default false. */
  readonly sortRows?: boolean;
  /**
   * Add every arc's mirror (a self-loop once); the result is `directed: false`. An edge list that is
   * already `directed: false` holds its mirrors, so it is not mirrored again. Default false.
   */
  readonly symmetrize?: boolean;
  readonly dropSelfLoops?: boolean;
  /** Keep parallel arcs, or merge them (which sorts rows). Default `'keep'`. */
  readonly duplicates?: 'keep' | ArcCombine;
}

const DUPLICATE_POLICIES: ReadonlyArray<CsrFromEdgesOptions['duplicates']> = ['keep', 'sum', 'min', 'last'];

/**
 * Builds a CSR by a stable counting sort over the tails, in O(n + m) time, then sorts each row in place
 * if asked (stably, weights following). Memory beside the input: the result's arrays, one u32 per arc
 * while bucketing (each arc's row), and scratch the size of the largest bucket and the longest row.
 *
 * Throws a `GraphLimitError` before allocating when the arcs (mirrors included) exceed `MAX_ARCS`,
 * and a `RangeError` for a bad option or a vertex id out of range.
 *
 * @example
 * ```ts
 * const g = csrFromEdges(edgeListFromArrays(3, [2, 0, 0], [0, 2, 1]), { sortRows: true });
 * // indptr [0, 2, 2, 3], indices [1, 2, 0], sorted: true
 * const u = csrFromEdges(kroneckerTuples, { symmetrize: true, sortRows: true, dropSelfLoops: true });
 * ```
 */
export function csrFromEdges(edges: EdgeList, options: CsrFromEdgesOptions = {}): Csr {
  const sorted = sortsRows(options);
  return csrOfRows(edges, rowsOfEdges(edges, edges.weight, sorted, options), options, sorted);
}

/** Whether {@link csrFromEdges} sorts rows (asked, or to merge parallel arcs), its duplicates option checked. */
export function sortsRows(options: CsrFromEdgesOptions): boolean {
  const duplicates = options.duplicates ?? 'keep';
  if (!DUPLICATE_POLICIES.includes(duplicates)) {
    throw new RangeError(`options.duplicates = ${String(duplicates)} (expected keep, sum, min or last)`);
  }
  return options.sortRows === true || duplicates !== 'keep';
}

/** The CSR of `edges` from its rows (`sorted`: as {@link sortsRows} said): parallel arcs merged if asked, flags set. */
export function csrOfRows(edges: EdgeList, rows: Rows<EdgeList['weight']>, options: CsrFromEdgesOptions, sorted: boolean): Csr {
  const duplicates = options.duplicates ?? 'keep';
  let { indices, payload: weight } = rows;
  if (duplicates !== 'keep') {
    const count = combineSortedRows(edges.n, rows.indptr, indices, weight, duplicates);
    if (count < indices.length) {
      indices = leading(indices, count);
      weight = weight === null ? null : leading(weight, count);
    }
  }
  return {
    n: edges.n,
    indptr: rows.indptr,
    indices,
    weight,
    directed: edges.directed && options.symmetrize !== true,
    sorted,
    ...(edges.ids === undefined ? {} : { ids: edges.ids }),
  };
}

/** How the counting sort files the arcs of `edges`: mirrored when symmetrizing a directed list, self-loops dropped if asked. */
export function scatterOf(edges: EdgeList, options: Pick<CsrFromEdgesOptions, 'symmetrize' | 'dropSelfLoops'>): ScatterOptions {
  return {
    mirror: options.symmetrize === true && edges.directed,
    dropSelfLoops: options.dropSelfLoops === true,
    what: options.symmetrize === true ? 'symmetrised graph' : 'graph',
  };
}

/** The rows of `edges` with `payload` travelling along, sorted by head if `sorted`. */
export function rowsOfEdges<P extends ArcPayload>(
  edges: EdgeList,
  payload: P,
  sorted: boolean,
  options: Pick<CsrFromEdgesOptions, 'symmetrize' | 'dropSelfLoops'>,
): Rows<P> {
  const rows = rowsFromArcs(edges.n, edges.src, edges.dst, payload, scatterOf(edges, options));
  if (sorted) sortRowsInPlace(edges.n, rows.indptr, rows.indices, rows.payload);
  return rows;
}

/**
 * The first `count` elements of `a`, copied; into shared memory when `a` lies there (`slice` copies into private
 * memory), so that the parallel builder's graph stays shared and the runners' checks of it run in worker threads.
 */
function leading<T extends Uint32Array | Float32Array | Float64Array>(a: T, count: number): T {
  return isShared(a) ? sharedCopy(a.subarray(0, count) as T) : (a.slice(0, count) as T);
}
