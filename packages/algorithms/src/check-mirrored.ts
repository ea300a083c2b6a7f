import { findUnmirroredArc, type Csr } from '@semiforge/graph-io';

/**
 * Refuses a graph marked undirected (`directed: false`) whose arcs are not all mirrored: BFS's bottom-up steps,
 * SSSP's edge pairs and APSP read such a graph as if every arc went both ways, and would answer for another
 * graph without a word. One pass over the arcs (graph-io's {@link findUnmirroredArc}); directed graphs pass.
 *
 * @example
 * checkMirrored('bfs', { n: 2, indptr: Uint32Array.of(0, 1, 1), indices: Uint32Array.of(1), weight: null, directed: false, sorted: true });
 * // RangeError: bfs: the graph is marked undirected (directed: false), but its arc 0 → 1 has no mirror 1 → 0; …
 */
export function checkMirrored(algorithm: string, graph: Pick<Csr, 'n' | 'indptr' | 'indices' | 'weight' | 'directed' | 'ids'>): void {
  if (graph.directed) return;
  const arc = findUnmirroredArc(graph);
  if (arc === undefined) return;
  const name = (v: number) => (graph.ids === undefined ? `${v}` : `${v} (id ${graph.ids[v]})`);
  const of = arc.weight === undefined ? '' : ` of weight ${arc.weight}`;
  throw new RangeError(
    `${algorithm}: the graph is marked undirected (directed: false), but its arc ${name(arc.tail)} → ${name(arc.head)}${of} has no mirror ` +
      `${name(arc.head)} → ${name(arc.tail)}${of}; add the mirrors (graph-io's symmetrize, or csrFromEdges with symmetrize: true) or mark it directed: true`,
  );
}
