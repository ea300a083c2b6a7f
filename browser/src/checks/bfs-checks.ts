import { bfs, validateBfs } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker, readEdgeList, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck } from './check.js';

function checkSearches(graph: Csr, results: readonly { source: number; parent: Int32Array; depth?: Int32Array }[]): string {
  let reached = 0;
  for (const r of results) {
    const v = validateBfs(graph, r.source, r.parent, r.depth);
    expectThat(v.ok, v.ok ? '' : `source ${r.source}: Graph500 rule ${v.rule} broken at ${v.vertices.slice(0, 5).join(', ')}: ${v.message}`);
    reached += v.reached;
  }
  return `${graph.n} vertices, ${graph.indices.length} arcs, ${results.length} sources: ${reached} vertices reached, every tree passes Graph500's rules`;
}

/** Direction-optimising BFS (paper 003) on a SNAP graph and a Graph500 Kronecker graph, validated as Graph500 does. */
export const BFS_CHECKS: readonly BrowserCheck[] = [
  {
    name: 'bfs: facebook_combined.txt (SNAP), 4 sources, depths',
    run: async (context) => {
      const graph = csrFromEdges(readEdgeList(await context.fetchText('snap/facebook_combined.txt')), { symmetrize: true, sortRows: true });
      return checkSearches(graph, await bfs(context.device, graph, [0, 107, 1912, 4038], { depths: true }));
    },
  },
  {
    name: 'bfs: Graph500 Kronecker scale 12',
    run: async (context) => {
      const graph = csrFromEdges(generateKronecker({ scale: 12, seed: 2 }), { symmetrize: true, sortRows: true, dropSelfLoops: true });
      return checkSearches(graph, await bfs(context.device, graph, [0, 1, 2], { depths: true }));
    },
  },
];
