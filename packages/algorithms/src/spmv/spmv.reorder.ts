import type { Target, VectorKernelSpec } from '@semiforge/codegen';
import { sortRowsInPlace, type Csr } from '@semiforge/graph-io';
import type { SpmvLayout } from './layouts/index.js';

/**
 * Whether a product renumbers the matrix's columns by degree first: 'degree' always (any format), 'none'
 * (default) never, 'auto' where {@link chooseReorder} says so. 'hot' moves only the `hotColumns` hottest
 * columns, to the front, each product copying their x entries there ({@link hotColumnsFirst}).
 */
export type SpmvReorder = 'auto' | 'degree' | 'hot' | 'none';

/** A matrix whose columns were renumbered by descending column count (the entries of x most products read first). */
export interface ColumnOrder {
  /** `order[newColumn]` = the user's column: x in the product's order is `x[order[i]]` (n entries, or n + K for {@link hotColumnsFirst}). */
  readonly order: Uint32Array;
  /** The same matrix with column c stored as newOf[c], each row's entries sorted by their new column (rows and their order unchanged). */
  readonly matrix: Csr;
}

/**
 * The columns of `matrix` in descending order of their nonzero counts (ties by column), as the matrix with its
 * columns renumbered and the order x must be gathered in; `undefined` when the columns already are in that
 * order (nothing to gain). Only columns move: rows, and so y, the mask and an accumulated y, stay in the
 * user's order, and every format runs the renumbered matrix as it is. A stable counting sort: O(n + nnz), then
 * each row sorted by its new columns, so that a row still reads x in ascending order (unsorted, the renumbered
 * rows gathered x in scattered order, and the product ran slower than without renumbering: H100, R-MAT scale 22,
 * WebGPU 176 against 215 GFLOP/s).
 *
 * @example
 * // Column 2 holds three entries, column 0 one, column 1 none.
 * const { order } = orderColumnsByDegree(csrFromEdges(edgeListFromArrays(3, [0, 1, 2, 2], [2, 2, 2, 0])))!;
 * order; // Uint32Array [2, 0, 1]
 */
export function orderColumnsByDegree(matrix: Csr): ColumnOrder | undefined {
  const { order, identity } = columnsByCount(matrix);
  if (identity) return undefined;
  const newOf = new Uint32Array(matrix.n);
  for (let at = 0; at < order.length; at++) newOf[order[at]] = at;
  return { order, matrix: renumberColumns(matrix, newOf) };
}

/**
 * The `k` columns of most nonzeros (ties by column) renumbered 0 … k − 1 in that order, every other column c
 * as k + c: x in the product's order is the hot columns' entries, then x as it is (`order` of n + k entries),
 * so the gather before each product reads x in sequence but for k entries, and the hot entries of x sit
 * together (k = 32768: 128 KiB of f32, within an H100 SM's L1), where as generated each of them shares its
 * cache line with cold ones. Rows sorted by their new columns, so that each row reads its hot entries first;
 * rows and y stay in the user's order. `undefined` when k is 0 or the k hottest columns already are 0 … k − 1.
 *
 * @example
 * // Column 2 holds three entries, column 0 one, column 1 none; the hottest column goes first.
 * const { order } = hotColumnsFirst(csrFromEdges(edgeListFromArrays(3, [0, 1, 2, 2], [2, 2, 2, 0])), 1)!;
 * order; // Uint32Array [2, 0, 1, 2]
 */
export function hotColumnsFirst(matrix: Csr, k: number): ColumnOrder | undefined {
  const { n } = matrix;
  if (!(Number.isInteger(k) && k >= 0)) throw new RangeError(`spmv: hotColumns = ${k} is not a count (the columns whose x entries each product puts first)`);
  const hot = Math.min(k, n);
  if (hot === 0) return undefined;
  const byCount = columnsByCount(matrix).order;
  // Hot columns already first, in order: their entries of x already sit together.
  if (byCount.subarray(0, hot).every((c, at) => c === at)) return undefined;
  const order = new Uint32Array(n + hot);
  order.set(byCount.subarray(0, hot));
  const newOf = new Uint32Array(n);
  for (let c = 0; c < n; c++) {
    order[hot + c] = c;
    newOf[c] = hot + c;
  }
  for (let at = 0; at < hot; at++) newOf[byCount[at]] = at;
  return { order, matrix: renumberColumns(matrix, newOf) };
}

/** The columns in descending order of their nonzero counts (ties by column): a stable counting sort, O(n + nnz). */
function columnsByCount(matrix: Csr): { order: Uint32Array; identity: boolean } {
  const { n, indices } = matrix;
  const count = new Uint32Array(n);
  for (let p = 0; p < indices.length; p++) count[indices[p]]++;
  let most = 0;
  for (let c = 0; c < n; c++) most = Math.max(most, count[c]);
  // Start of each count's run in the new order, the largest count first.
  const start = new Float64Array(most + 2);
  for (let c = 0; c < n; c++) start[most - count[c] + 1]++;
  for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
  const order = new Uint32Array(n);
  let identity = true;
  for (let c = 0; c < n; c++) {
    const at = start[most - count[c]]++;
    order[at] = c;
    identity &&= at === c;
  }
  return { order, identity };
}

/** The matrix with column c stored as newOf[c], each row's entries sorted by their new columns. */
function renumberColumns(matrix: Csr, newOf: Uint32Array): Csr {
  const renumbered = new Uint32Array(matrix.indices.length);
  for (let p = 0; p < renumbered.length; p++) renumbered[p] = newOf[matrix.indices[p]];
  const weight = matrix.weight && matrix.weight.slice();
  sortRowsInPlace(matrix.n, matrix.indptr, renumbered, weight);
  return { ...matrix, indices: renumbered, weight, sorted: true };
}

/** The `vec_gather` kernel that puts x into the renumbered columns' order before each product. */
export function gatherSpec(target: Target): VectorKernelSpec {
  return { op: 'vec_gather', semiring: 'or-and', type: 'u32', target, workgroupSize: 256 };
}

/**
 * A layout of the renumbered matrix made to take x in the user's order: `vec_gather` first puts x into the
 * columns' order (the scratch `xOrdered`, from the uploaded `columnOrder`), and every step that reads x reads
 * that. Steps that bind no x (fold's combine, merge's fixup) are unchanged.
 */
export function gatherFirst(layout: SpmvLayout, order: Uint32Array, target: Target): SpmvLayout {
  const n = order.length;
  return {
    arrays: { ...layout.arrays, columnOrder: order },
    scratch: { ...layout.scratch, xOrdered: 4 * n },
    steps: [
      { spec: gatherSpec(target), params: new Uint32Array([n, 0, 0, 0]), rows: n, bind: { index: 'columnOrder', src: 'x', dst: 'xOrdered' } },
      ...layout.steps.map((step) => ({ ...step, bind: { x: 'xOrdered', ...step.bind } })),
    ],
  };
}
