import { findUnmirroredArc, findUnmirroredArcParallel, type Csr, type UnmirroredArc } from '@semiforge/graph-io';

type MirrorGraph = Pick<Csr, 'n' | 'indptr' | 'indices' | 'weight' | 'directed' | 'ids'>;

/**
 * Refuses a graph marked undirected (`directed: false`) whose arcs are not all mirrored: BFS's bottom-up steps,
 * SSSP's edge pairs and APSP read such a graph as if every arc went both ways, and would answer for another
 * graph without a word. One pass over the arcs (graph-io's {@link findUnmirroredArc}); directed graphs pass.
 *
 * @example
 * checkMirrored('bfs', { n: 2, indptr: Uint32Array.of(0, 1, 1), indices: Uint32Array.of(1), weight: null, directed: false, sorted: true });
 * // RangeError: bfs: the graph is marked undirected (directed: false), but its arc 0 → 1 has no mirror 1 → 0; …
 */
export function checkMirrored(algorithm: string, graph: MirrorGraph): void {
  if (graph.directed) return;
  const arc = findUnmirroredArc(graph);
  if (arc !== undefined) throw notMirrored(algorithm, graph, arc);
}

/**
 * {@link checkMirrored} with the pass over the arcs split among worker threads where the graph lies in shared
 * memory (graph-io's {@link findUnmirroredArcParallel}): what the runners' `create` does before their host
 * preparation, which then skips its own check. One thread takes 4–8 ns an arc (measured up to 67 M arcs), so about 10 s at Kronecker scale 26 (2^31 arcs, extrapolated).
 *
 * @example
 * await checkMirroredParallel('sssp', await csrFromEdgesParallel(edges, { symmetrize: true })); // passes
 */
export async function checkMirroredParallel(algorithm: string, graph: MirrorGraph): Promise<void> {
  if (graph.directed) return;
  const arc = await findUnmirroredArcParallel(graph);
  if (arc !== undefined) throw notMirrored(algorithm, graph, arc);
}

function notMirrored(algorithm: string, graph: MirrorGraph, arc: UnmirroredArc): RangeError {
  const name = (v: number) => (graph.ids === undefined ? `${v}` : `${v} (id ${graph.ids[v]})`);
  const of = arc.weight === undefined ? '' : ` of weight ${arc.weight}`;
  return new RangeError(
    `${algorithm}: the graph is marked undirected (directed: false), but its arc ${name(arc.tail)} → ${name(arc.head)}${of} has no mirror ` +
      `${name(arc.head)} → ${name(arc.tail)}${of}; add the mirrors (graph-io's symmetrize, or csrFromEdges with symmetrize: true) or mark it directed: true`,
  );
}
