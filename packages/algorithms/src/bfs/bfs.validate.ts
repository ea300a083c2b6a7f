import type { Csr } from '@semiforge/graph-io';
import { treeDepths } from './bfs.output.js';

/** The Graph500 BFS rules, in the order they are checked. */
export type BfsRule =
  /** The parent array has one entry per vertex, each −1 or a vertex id. */
  | 'shape'
  /** The source is its own parent. */
  | 'root'
  /** Following parents from any reached vertex ends at the source: no cycle, no chain into an unreached vertex. */
  | 'tree'
  /** Along every tree edge the levels differ by exactly one (checked against the depths given, if any). */
  | 'tree-levels'
  /** Every input edge joins vertices whose levels differ by at most one. */
  | 'edge-levels'
  /** Every vertex of the source's component has a parent (no edge joins a reached and an unreached vertex). */
  | 'coverage'
  /** Every tree edge v → parent[v] is an edge of the graph. */
  | 'parent-edge';

/** What {@link validateBfs} found: `ok`, or the first rule broken and the vertices that break it. */
export type BfsValidation =
  | { readonly ok: true; readonly reached: number; readonly edges: number; readonly levels: number }
  | { readonly ok: false; readonly rule: BfsRule; readonly vertices: readonly number[]; readonly message: string };

/**
 * Checks a BFS parent array against the Graph500 validation rules (specification 3.0, section 7.1):
 * the parents form a tree rooted at the source, tree edges join consecutive levels (levels taken from the
 * tree itself, and compared with `depth` when given), every graph edge joins levels at most one apart,
 * every vertex of the source's component is reached, and every tree edge is a graph edge. The graph must
 * be symmetric (undirected). On success it reports the vertices reached, the edges of their component
 * (arcs / 2, self-loops once, the Graph500 TEPS numerator) and the number of levels.
 *
 * @example
 * ```ts
 * const v = validateBfs(g, 0, gpuParents);
 * if (!v.ok) throw new Error(`BFS from 0 breaks rule ${v.rule}: ${v.message}`);
 * ```
 */
export function validateBfs(csr: Csr, source: number, parent: Int32Array, depth?: Int32Array): BfsValidation {
  const { n, indptr, indices } = csr;
  const fail = (rule: BfsRule, vertices: number[], message: string): BfsValidation => ({ ok: false, rule, vertices, message });
  if (parent.length !== n) return fail('shape', [], `parent has ${parent.length} entries for ${n} vertices`);
  for (let v = 0; v < n; v++) {
    const p = parent[v];
    if (p < -1 || p >= n) return fail('shape', [v], `parent[${v}] = ${p} is neither −1 nor a vertex below ${n}`);
  }
  if (parent[source] !== source) return fail('root', [source], `parent[${source}] = ${parent[source]}, but the source must be its own parent`);

  const tree = treeDepths(parent, source);
  if ('brokenAt' in tree) return fail('tree', [tree.brokenAt], `following parents from ${tree.brokenAt} never reaches the source ${source}`);
  const level = tree.depth;

  for (let v = 0; v < n; v++) {
    if (v === source || parent[v] === -1) continue;
    if (depth && depth[v] !== depth[parent[v]] + 1) {
      return fail('tree-levels', [v, parent[v]], `depth[${v}] = ${depth[v]} but its parent ${parent[v]} has depth ${depth[parent[v]]}`);
    }
  }
  if (depth) {
    if (depth.length !== n || depth[source] !== 0) return fail('tree-levels', [source], `depth[${source}] = ${depth[source]}, but the source is level 0 (of ${depth.length} depths for ${n} vertices)`);
    for (let v = 0; v < n; v++) {
      if ((depth[v] === -1) !== (parent[v] === -1)) return fail('tree-levels', [v], `depth[${v}] = ${depth[v]} disagrees with parent[${v}] = ${parent[v]}`);
    }
  }

  let arcs = 0;
  let loops = 0;
  let levels = 0;
  let reached = 0;
  // Every arc of the reached component, its head's level read once (at scale 26, 2^31 arcs: most of the time).
  for (let v = 0; v < n; v++) {
    const lv = level[v];
    if (lv === -1) continue;
    reached++;
    if (lv >= levels) levels = lv + 1;
    const end = indptr[v + 1];
    for (let p = indptr[v]; p < end; p++) {
      const u = indices[p];
      const lu = level[u];
      if (lu === -1) return fail('coverage', [u, v], `vertex ${u} has no parent, but it is joined to ${v}, which the search reached`);
      if (lu - lv > 1 || lv - lu > 1) return fail('edge-levels', [v, u], `edge ${v}–${u} joins levels ${lv} and ${lu}`);
      if (u === v) loops++;
    }
    arcs += end - indptr[v];
  }

  for (let v = 0; v < n; v++) {
    if (v === source || parent[v] === -1) continue;
    if (!hasArc(csr, v, parent[v])) return fail('parent-edge', [v, parent[v]], `parent[${v}] = ${parent[v]}, but ${v}–${parent[v]} is not an edge`);
  }
  return { ok: true, reached, edges: (arcs + loops) / 2, levels };
}

function hasArc(csr: Csr, v: number, u: number): boolean {
  const { indptr, indices } = csr;
  let lo = indptr[v];
  let hi = indptr[v + 1];
  if (!csr.sorted) {
    for (let p = lo; p < hi; p++) if (indices[p] === u) return true;
    return false;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (indices[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo < indptr[v + 1] && indices[lo] === u;
}
