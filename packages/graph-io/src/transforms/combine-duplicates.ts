import { csrFromEdges, rowsOfEdges } from '../containers/csr-from-edges.js';
import type { ArcCombine } from '../containers/combine-sorted-rows.js';
import { edgesFromCsr } from '../containers/edges-from-csr.js';
import type { Rows } from '../containers/row-scatter.js';
import type { EdgeList } from '../edge-list.js';
import { DuplicateArcError } from './duplicate-arc-error.js';

/** What to do with parallel arcs: merge them ({@link ArcCombine}) or refuse them. */
export type DuplicatePolicy = ArcCombine | 'error';

const POLICIES: readonly DuplicatePolicy[] = ['sum', 'min', 'last', 'error'];

/**
 * Merges parallel arcs (same tail and head) into one, returning the arcs sorted by (src, dst). `'last'`
 * keeps the weight of the arc latest in input order; pattern graphs just lose their repeats. `'error'`
 * throws a {@link DuplicateArcError} naming the repeat that comes earliest in input order. `directed`
 * and `ids` are kept. An undirected list holds both orientations, and each is merged on its own.
 *
 * @example
 * ```ts
 * const g = edgeListFromArrays(3, [1, 0, 0], [2, 1, 1], [7, 5, 2]);
 * combineDuplicates(g, 'min'); // src [0, 1], dst [1, 2], weight [2, 7]
 * combineDuplicates(g, 'error', { file: 'g.txt' }); // DuplicateArcError: g.txt: arc 2 repeats arc 1 (0 → 1)
 * ```
 */
export function combineDuplicates(
  edges: EdgeList,
  policy: DuplicatePolicy,
  options: { readonly file?: string } = {},
): EdgeList {
  if (!POLICIES.includes(policy)) {
    throw new RangeError(`policy = ${String(policy)} (expected sum, min, last or error)`);
  }
  if (policy !== 'error') return edgesFromCsr(csrFromEdges(edges, { duplicates: policy }));

  const arcIndex = new Uint32Array(edges.src.length);
  for (let k = 0; k < arcIndex.length; k++) arcIndex[k] = k;
  const rows = rowsOfEdges(edges, arcIndex, true, {});
  throwOnEarliestRepeat(edges.n, rows, options.file);
  const weight = edges.weight === null ? null : gather(edges.weight, rows.payload);
  return edgesFromCsr({
    n: edges.n,
    indptr: rows.indptr,
    indices: rows.indices,
    weight,
    directed: edges.directed,
    sorted: true,
    ...(edges.ids === undefined ? {} : { ids: edges.ids }),
  });
}

/** Rows sorted stably carry arc indices ascending within a run, so a run's second entry is its first repeat. */
function throwOnEarliestRepeat(n: number, rows: Rows<Uint32Array>, file: string | undefined): void {
  const { indptr, indices, payload } = rows;
  let best = -1;
  let bestRow = 0;
  for (let r = 0; r < n; r++) {
    const end = indptr[r + 1];
    for (let p = indptr[r] + 1; p < end; p++) {
      if (indices[p] === indices[p - 1] && (best < 0 || payload[p] < payload[best])) {
        best = p;
        bestRow = r;
      }
    }
  }
  if (best >= 0) throw new DuplicateArcError(bestRow, indices[best], payload[best - 1], payload[best], file);
}

function gather<W extends Float32Array | Float64Array>(values: W, order: Uint32Array): W {
  const out = new (values.constructor as new (length: number) => W)(order.length);
  for (let p = 0; p < order.length; p++) out[p] = values[order[p]];
  return out;
}
